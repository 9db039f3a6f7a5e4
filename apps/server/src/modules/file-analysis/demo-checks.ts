import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../engine/node-tables.ts';
import type { UserNotices } from '../../engine/user-notices.ts';
import type { SessionUser } from '../../platform/access.ts';
import { CostCheckService } from './check-service.ts';
import { CostRulesService } from './rules-service.ts';

/**
 * The demo's finished cost-file check: every demo project with a parsed control price or bid and
 * no check yet is checked once, at once, by the administrator through the check's own service
 * (the seed has no job workers). The projects and their parsed files come from the file-analysis
 * demo (the parser's seed), which runs before this. Answers how many projects were checked.
 */
export async function seedDemoCostChecks(
  db: Db,
  admin: SessionUser,
  userNotices: UserNotices,
): Promise<number> {
  const rules = new CostRulesService(db);
  await rules.ensureDefault();
  const checks = new CostCheckService(db, null, rules, userNotices);
  const projects = rowsOf<{ id: string }>(
    await db.execute(sql`
      select distinct f.project_id as id from cost_files f
      join cost_projects p on p.id = f.project_id and p.deleted_at is null
      where f.parse_state = 'parsed' and f.kind in ('control-price', 'bid') and f.deleted_at is null
        and not exists (select 1 from cost_check_runs r where r.project_id = f.project_id)`),
  );
  for (const project of projects) await checks.runNow(admin, project.id);
  return projects.length;
}
