import type { BusinessModule } from '../../engine/modules.ts';
import * as bidDetection from '../bid-detection/public.ts';
import * as costFiles from '../file-analysis/public.ts';
import { seedDemoCostChecks } from './demo.ts';
import { defineCostCheckJob } from './job.ts';
import { costCheckRoutes } from './routes.ts';
import { CostRulesService } from './rules-service.ts';
import { CostCheckService } from './service.ts';

/** 造价文件检测 (decision 0018): a project's parsed cost files checked against the rule versions. */
export const COST_CHECKS_MODULE: BusinessModule = {
  name: 'cost-checks',
  register({ defineJob, db, enqueue, userNotices }) {
    defineJob(defineCostCheckJob(new CostCheckService(db, enqueue, new CostRulesService(db), userNotices)));
  },
  async routes(app, { db, enqueue, userNotices }) {
    const rules = new CostRulesService(db);
    await app.register(costCheckRoutes, {
      checks: new CostCheckService(db, enqueue, rules, userNotices),
      rules,
      estimates: {
        find: (xmId) => costFiles.approvedEstimateOf(db, xmId),
        save: (user, body, ip) => costFiles.saveApprovedEstimate(db, user, body, ip),
      },
      bidStates: (user, xmId) => bidDetection.documentStates(db, user, xmId),
    });
  },
  defaults: ({ db }) => new CostRulesService(db).ensureDefault(),
  // The seed has no job workers: the demo's check runs at once, on the parsed demo files.
  demo: async ({ db, actors, userNotices }) => {
    await seedDemoCostChecks(db, actors.admin, userNotices);
  },
};
