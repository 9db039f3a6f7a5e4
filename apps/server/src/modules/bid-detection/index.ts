import type { Db } from '../../db/client.ts';
import type { BusinessModule, Enqueue } from '../../engine/modules.ts';
import type { FileService } from '../../platform/file-store.ts';
import { seedDemoBidDetection } from './demo.ts';
import { defineBidDetectJob } from './job.ts';
import { bidDetectionRoutes } from './routes.ts';
import { BID_DETECT_JOB, BidDetectionService } from './service.ts';

/**
 * The service is stateless over the database: the job and the routes each build their own from
 * the same seams, so nothing is shared between two apps built in one process (the tests). The cost
 * files' and the checks' routes read the documents' states through public.ts.
 */
const bidDocuments = (db: Db, files: FileService, enqueue: Enqueue) =>
  new BidDetectionService(db, files, async (tx, documentId) => {
    await enqueue(tx, BID_DETECT_JOB, { documentId });
  });

/** 投标文件检测 (decision 0052): bid documents checked against a project's requirements, as a job. */
export const BID_DETECTION_MODULE: BusinessModule = {
  name: 'bid-detection',
  register({ defineJob, db, files, enqueue }) {
    defineJob(defineBidDetectJob(bidDocuments(db, files, enqueue)));
  },
  async routes(app, { db, files, enqueue }) {
    await app.register(bidDetectionRoutes, { bids: bidDocuments(db, files, enqueue) });
  },
  defaults: ({ db, files, enqueue }) => bidDocuments(db, files, enqueue).ensureUploadSlot(),
  // Reads the parsed demo cost files: after the cost files' and the checks' demo.
  demo: ({ db, files, actors, ip }) => seedDemoBidDetection(db, files, actors, ip),
};
