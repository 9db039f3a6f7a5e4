import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../../db/client.ts';
import { DEMO_ASSETS_DIR } from '../../paths.ts';
import type { SessionUser } from '../../platform/access.ts';
import type { FileService } from '../../platform/file-store.ts';
import * as costFiles from '../file-analysis/public.ts';
import { DEMO_BIDS, SAMPLE_CHAPTERS, SAMPLE_SCORE_ITEMS } from './sample-bids.ts';
import { BidDetectionService } from './service.ts';

/**
 * The bid-document demo (decision 0052) on the demo cost project: its requirements, three bid
 * documents detected — the demo enterprise's clean one, one missing a chapter, one claiming a 业绩
 * the credit library does not hold — and the result published to the bidders. Through the
 * module's own service; the detection runs here instead of through the job the attach enqueues.
 */
export async function seedDemoBidDetection(
  db: Db,
  files: FileService,
  actors: { admin: SessionUser; enterprise: SessionUser },
  ip: string,
): Promise<void> {
  const project = await costFiles.demoProject(db);
  if (!project) return;
  const bids = new BidDetectionService(db, files, async () => {});
  await bids.ensureUploadSlot();
  await bids.saveRequirements(
    actors.admin,
    {
      xmId: project.id,
      chapters: SAMPLE_CHAPTERS,
      scoreItems: SAMPLE_SCORE_ITEMS,
      publicityDays: 7,
      version: 0,
    },
    ip,
  );
  for (const bid of DEMO_BIDS) {
    const uploader = bid.bidder ? actors.admin : actors.enterprise;
    const stored = await files.store({
      body: createReadStream(join(DEMO_ASSETS_DIR, bid.asset)),
      fileName: `投标文件-${bid.bidder ?? '本单位'}.pdf`,
      mimeType: 'application/pdf',
      ownerUserId: uploader.id,
      visibility: 'owner',
    });
    const document = await bids.attach(
      uploader,
      { projectId: project.id, fileId: stored.id, bidderName: bid.bidder ?? '' },
      ip,
    );
    await bids.detect(document.documentId);
  }
  await bids.publicity(actors.admin, { xmId: project.id, action: 'publish' }, ip);
}
