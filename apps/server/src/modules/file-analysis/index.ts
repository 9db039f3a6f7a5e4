import type { Db } from '../../db/client.ts';
import type { BusinessModule, Enqueue } from '../../engine/modules.ts';
import type { FileService } from '../../platform/file-store.ts';
import * as bidDetection from '../bid-detection/public.ts';
import { seedDemoFileAnalysis } from './demo.ts';
import { defineParseJob } from './parse-job.ts';
import { fileAnalysisRoutes } from './routes.ts';
import { CostFileService, PARSE_JOB } from './service.ts';

/** Stateless over the database: the job and the routes each build their own from the same seams. */
const costFiles = (db: Db, files: FileService, enqueue: Enqueue) =>
  new CostFileService(db, files, async (tx, costFileId) => {
    await enqueue(tx, PARSE_JOB, { costFileId });
  });

/**
 * 造价文件: cost files parsed into their tree by a durable job (decision 0043). The cost-file check
 * (modules/cost-checks/) and the bid-document detection (modules/bid-detection/) are modules of their
 * own, which read the projects, files and trees through public.ts.
 */
export const COST_FILES_MODULE: BusinessModule = {
  name: 'cost-files',
  register({ defineJob, db, files, enqueue }) {
    defineJob(defineParseJob(costFiles(db, files, enqueue)));
  },
  async routes(app, { db, files, enqueue }) {
    await app.register(fileAnalysisRoutes, {
      costs: costFiles(db, files, enqueue),
      bids: {
        stateOf: (user, id) => bidDetection.documentState(db, user, id),
        stateBesideCostFile: (user, file) => bidDetection.documentBeside(db, user, file),
      },
    });
  },
  defaults: ({ db, files, enqueue }) => costFiles(db, files, enqueue).ensureUploadSlot(),
  demo: ({ db, files, actors, ip }) => seedDemoFileAnalysis(db, files, actors, ip),
};
