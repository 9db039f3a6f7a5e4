import type { FastifyInstance } from 'fastify';
import type { UserNotices } from '../../engine/user-notices.ts';
import type { BidDetectionService } from './bid-detection/service.ts';
import { ApprovedEstimateService } from './check-estimate.ts';
import { defineCostCheckJob } from './check-job.ts';
import { costCheckRoutes } from './check-routes.ts';
import { CostCheckService } from './check-service.ts';
import { CostRulesService } from './rules-service.ts';

/**
 * The cost-file check: its routes, its durable job and the seeded default rule version. The
 * module's seams are its own database, the job system and the push channel's notices (app.ts).
 */
export async function registerCostChecks(
  app: FastifyInstance,
  deps: { notices: UserNotices; bids?: Pick<BidDetectionService, 'states'> },
) {
  const rules = new CostRulesService(app.db);
  const checks = new CostCheckService(app.db, app.jobs, rules, deps.notices);
  app.jobs.define(defineCostCheckJob(checks));
  const bids = deps.bids;
  const estimates = new ApprovedEstimateService(app.db);
  await app.register(costCheckRoutes, {
    checks,
    rules,
    estimates,
    ...(bids ? { bidStates: (user, xmId) => bids.states(user, xmId) } : {}),
  });
  await rules.ensureDefault();
  return { checks, rules };
}
