import type { Db } from '../../db/client.ts';
import type { UserNotices } from '../../engine/user-notices.ts';
import type { SessionUser } from '../../platform/access.ts';
import * as costFiles from '../file-analysis/public.ts';
import { projectsWithRuns } from './repository.ts';
import { CostRulesService } from './rules-service.ts';
import { CostCheckService } from './service.ts';

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
  const parsed = await costFiles.projectsWithParsedFiles(db, ['control-price', 'bid']);
  const checked = await projectsWithRuns(db, parsed);
  const projects = parsed.filter((id) => !checked.has(id));
  for (const id of projects) await checks.runNow(admin, id);
  return projects.length;
}
