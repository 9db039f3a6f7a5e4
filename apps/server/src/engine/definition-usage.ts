import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { dictionaries, valueRanges } from '../db/schema/index.ts';
import { rowsOf, tableRef } from './node-tables.ts';

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

/**
 * Takes a share lock on the live dictionaries or value ranges with these codes for the caller's
 * transaction and answers the codes found. A definition save holds them so that a delete, which
 * soft-deletes first and asks findNodesUsingSource second, either waits and then sees the new
 * definition (and refuses), or has already deleted the entry, which this then finds gone.
 */
export async function lockLiveSources(
  db: Db,
  kind: 'dictionary' | 'value-range',
  codes: string[],
): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const table = kind === 'dictionary' ? dictionaries : valueRanges;
  const rows = await db
    .select({ code: table.code })
    .from(table)
    .where(and(inArray(table.code, codes), isNull(table.deletedAt)))
    .for('share');
  return new Set(rows.map((row) => row.code));
}

/** The audit levels going to the organisation `$orgId`: of a definition, of a flow's copy. */
const DEFINITION_ORG_LEVELS = '$.audit.levels[*] ? (@.orgId == $orgId)';
const FLOW_ORG_LEVELS = '$[*] ? (@.orgId == $orgId)';
/** Statuses after which a record is never submitted again: no audit level of it opens any more. */
const FINAL_STATUSES = ['approved', 'published'];
/** Values as a parenthesised list's contents: `in (${list(values)})`. */
const list = (values: readonly (number | string)[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/**
 * Nodes whose audit flow may still open a level going to this reviewer organisation. Reviewers are
 * resolved when a level opens, from the levels of the record's own schema version (copied into the
 * flow when it starts: decision 0012), so besides the draft and the latest published version this
 * counts the levels of running flows, and the older versions that a live record not yet approved
 * or published was made with: such a record can still be submitted, or rejected or revoked and
 * submitted again, and would meet a level nobody can review.
 */
export async function findNodesUsingAuditOrg(db: Db, orgId: string): Promise<string[]> {
  const titles = new Set(await findNodesUsing(db, DEFINITION_ORG_LEVELS, { orgId }));
  const variables = JSON.stringify({ orgId });
  const running = await db.execute<{ title: string }>(sql`
    select distinct n.title
    from audit_instances ai
    join menu_nodes n on n.id = ai.node_id and n.deleted_at is null
    join systems s on s.id = n.system_id and s.deleted_at is null
    where ai.status = 'running' and ai.deleted_at is null
      and jsonb_path_exists(ai.levels, ${FLOW_ORG_LEVELS}::jsonpath, ${variables}::jsonb)`);
  for (const row of rowsOf<{ title: string }>(running)) titles.add(row.title);
  const older = await db.execute<{ title: string; table_name: string; versions: number[] }>(sql`
    select n.title, t.table_name, array_agg(v.schema_version) as versions
    from menu_nodes n
    join systems s on s.id = n.system_id and s.deleted_at is null
    join node_definitions d on d.node_id = n.id
    join node_data_sources t on t.node_id = n.id and t.deleted_at is null
    join node_schema_versions v on v.node_id = n.id and v.schema_version <> d.published_version
    where n.deleted_at is null
      and jsonb_path_exists(v.definition, ${DEFINITION_ORG_LEVELS}::jsonpath, ${variables}::jsonb)
    group by n.id, n.title, t.table_name`);
  for (const row of rowsOf<{ title: string; table_name: string; versions: number[] }>(older)) {
    if (titles.has(row.title)) continue;
    const used = await db.execute(sql`
      select 1 from ${tableRef(row.table_name)}
      where deleted_at is null and schema_version in (${list(row.versions.map(Number))})
        and status not in (${list(FINAL_STATUSES)})
      limit 1`);
    if (rowsOf(used).length) titles.add(row.title);
  }
  return [...titles].sort();
}

/** Whether a write failed on a unique index (two saves racing for one code or name). */
export const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';
