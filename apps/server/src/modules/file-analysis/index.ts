import type { Db } from '../../db/client.ts';
import type { BusinessModule, Enqueue } from '../../engine/modules.ts';
import type { UserNotices } from '../../engine/user-notices.ts';
import type { FileService } from '../../platform/file-store.ts';
import { defineBidDetectJob } from './bid-detection/job.ts';
import { bidDetectionRoutes } from './bid-detection/routes.ts';
import { BID_DETECT_JOB, BidDetectionService } from './bid-detection/service.ts';
import { ApprovedEstimateService } from './check-estimate.ts';
import { defineCostCheckJob } from './check-job.ts';
import { costCheckRoutes } from './check-routes.ts';
import { CostCheckService } from './check-service.ts';
import { seedDemoFileAnalysis } from './demo.ts';
import { seedDemoBidDetection } from './demo-bids.ts';
import { seedDemoCostChecks } from './demo-checks.ts';
import { defineParseJob } from './parse-job.ts';
import { fileAnalysisRoutes } from './routes.ts';
import { CostRulesService } from './rules-service.ts';
import { CostFileService, PARSE_JOB } from './service.ts';

/*
 * The services are stateless over the database: the jobs and the routes each build their own from
 * the same seams, so nothing is shared between two apps built in one process (the tests).
 */
const costFiles = (db: Db, files: FileService, enqueue: Enqueue) =>
  new CostFileService(db, files, async (tx, costFileId) => {
    await enqueue(tx, PARSE_JOB, { costFileId });
  });
const bidDocuments = (db: Db, files: FileService, enqueue: Enqueue) =>
  new BidDetectionService(db, files, async (tx, documentId) => {
    await enqueue(tx, BID_DETECT_JOB, { documentId });
  });
const costChecks = (db: Db, enqueue: Enqueue, notices: UserNotices) =>
  new CostCheckService(db, enqueue, new CostRulesService(db), notices);

/**
 * 造价文件: cost files parsed into their tree (decision 0043), the cost-file check against the rule
 * versions (0018), and the bid-document detection (0052), each with its durable job.
 */
export const FILE_ANALYSIS_MODULE: BusinessModule = {
  name: 'file-analysis',
  register({ defineJob, db, files, enqueue, userNotices }) {
    defineJob(defineParseJob(costFiles(db, files, enqueue)));
    defineJob(defineBidDetectJob(bidDocuments(db, files, enqueue)));
    defineJob(defineCostCheckJob(costChecks(db, enqueue, userNotices)));
  },
  async routes(app, { db, files, enqueue, userNotices }) {
    const bids = bidDocuments(db, files, enqueue);
    await app.register(bidDetectionRoutes, { bids });
    await app.register(fileAnalysisRoutes, { costs: costFiles(db, files, enqueue), bids });
    const rules = new CostRulesService(db);
    await app.register(costCheckRoutes, {
      checks: new CostCheckService(db, enqueue, rules, userNotices),
      rules,
      estimates: new ApprovedEstimateService(db),
      bidStates: (user, xmId) => bids.states(user, xmId),
    });
  },
  async defaults({ db, files, enqueue }) {
    await bidDocuments(db, files, enqueue).ensureUploadSlot();
    await costFiles(db, files, enqueue).ensureUploadSlot();
    await new CostRulesService(db).ensureDefault();
  },
  // The check and the detection read the parsed demo files; the seed has no job workers.
  async demo({ db, files, actors, ip, userNotices }) {
    await seedDemoFileAnalysis(db, files, actors, ip);
    await seedDemoCostChecks(db, actors.admin, userNotices);
    await seedDemoBidDetection(db, files, actors, ip);
  },
};
