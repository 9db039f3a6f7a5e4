import type { FastifyInstance } from 'fastify';
import type { FileService } from '../../../platform/file-store.ts';
import { defineBidDetectJob } from './job.ts';
import { bidDetectionRoutes } from './routes.ts';
import { BID_DETECT_JOB, BidDetectionService } from './service.ts';

/** The bid-document detection (decision 0052): its upload slot, its durable job and its routes. */
export async function registerBidDetection(app: FastifyInstance, deps: { files: FileService }) {
  const bids = new BidDetectionService(app.db, deps.files, async (tx, documentId) => {
    await app.jobs.sendInTransaction(tx, BID_DETECT_JOB, { documentId });
  });
  app.jobs.define(defineBidDetectJob(bids));
  await bids.ensureUploadSlot();
  await app.register(bidDetectionRoutes, { bids });
  return bids;
}
