import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { FileService } from '../../platform/file-store.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { BidDetectionService } from './bid-detection/service.ts';
import { fileAnalysisRoutes } from './routes.ts';
import { CostFileService, PARSE_JOB } from './service.ts';

/** The cost-file routes and the upload slot they use; the parse job is the module's (parse-job.ts). */
export async function registerFileAnalysis(
  app: FastifyInstance,
  deps: { db: Db; files: FileService; jobs: Jobs; bids?: BidDetectionService },
) {
  const costs = new CostFileService(deps.db, deps.files, async (tx, costFileId) => {
    await deps.jobs.sendInTransaction(tx, PARSE_JOB, { costFileId });
  });
  await costs.ensureUploadSlot();
  await app.register(fileAnalysisRoutes, { costs, ...(deps.bids ? { bids: deps.bids } : {}) });
  return costs;
}
