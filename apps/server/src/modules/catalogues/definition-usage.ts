import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../builder/node-tables.ts';

/**
 * Titles of the live nodes whose draft or latest published definition matches a JSON path, so a
 * catalogue entry (dictionary, value range, reviewer organisation) is never deleted from under a
 * form or an audit flow that still names it. `vars` are the path's `$name` variables.
 */
export async function findNodesUsing(
  db: Db,
  jsonPath: string,
  vars: Record<string, string>,
): Promise<string[]> {
  const variables = JSON.stringify(vars);
  const result = await db.execute<{ title: string }>(sql`
    select distinct n.title
    from menu_nodes n
    join systems s on s.id = n.system_id and s.deleted_at is null
    join node_definitions d on d.node_id = n.id
    where n.deleted_at is null
      and (
        jsonb_path_exists(d.draft, ${jsonPath}::jsonpath, ${variables}::jsonb)
        or exists (
          select 1 from node_schema_versions v
          where v.node_id = n.id
            and v.schema_version = d.published_version
            and jsonb_path_exists(v.definition, ${jsonPath}::jsonpath, ${variables}::jsonb)
        )
      )
    order by n.title`);
  return rowsOf<{ title: string }>(result).map((row) => row.title);
}

/** Nodes whose form has an item taking its options from this source. */
export const findNodesUsingSource = (db: Db, kind: 'dictionary' | 'value-range', code: string) =>
  findNodesUsing(db, '$.form.items[*].source ? (@.kind == $kind && @.code == $code)', { kind, code });

/** Nodes whose audit flow has a level going to this reviewer organisation. */
export const findNodesUsingAuditOrg = (db: Db, orgId: string) =>
  findNodesUsing(db, '$.audit.levels[*] ? (@.orgId == $orgId)', { orgId });

/** Whether a write failed on a unique index (two saves racing for one code or name). */
export const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';
