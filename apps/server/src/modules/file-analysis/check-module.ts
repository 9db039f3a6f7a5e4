import type { BusinessModule } from '../../engine/modules.ts';
import { bidDocuments } from './bid-detection/index.ts';
import { ApprovedEstimateService } from './check-estimate.ts';
import { defineCostCheckJob } from './check-job.ts';
import { costCheckRoutes } from './check-routes.ts';
import { CostCheckService } from './check-service.ts';
import { seedDemoCostChecks } from './demo-checks.ts';
import { CostRulesService } from './rules-service.ts';

/** 造价文件检测 (decision 0018): a project's parsed cost files checked against the rule versions. */
export const COST_CHECKS_MODULE: BusinessModule = {
  name: 'cost-checks',
  register({ defineJob, db, enqueue, userNotices }) {
    defineJob(defineCostCheckJob(new CostCheckService(db, enqueue, new CostRulesService(db), userNotices)));
  },
  async routes(app, { db, files, enqueue, userNotices }) {
    const rules = new CostRulesService(db);
    const bids = bidDocuments(db, files, enqueue);
    await app.register(costCheckRoutes, {
      checks: new CostCheckService(db, enqueue, rules, userNotices),
      rules,
      estimates: new ApprovedEstimateService(db),
      bidStates: (user, xmId) => bids.states(user, xmId),
    });
  },
  defaults: ({ db }) => new CostRulesService(db).ensureDefault(),
  // The seed has no job workers: the demo's check runs at once, on the parsed demo files.
  demo: async ({ db, actors, userNotices }) => {
    await seedDemoCostChecks(db, actors.admin, userNotices);
  },
};
