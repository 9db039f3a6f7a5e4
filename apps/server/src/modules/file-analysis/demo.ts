import { Readable } from 'node:stream';
import type { Db } from '../../db/client.ts';
import type { SessionUser } from '../../platform/access.ts';
import type { FileService } from '../../platform/file-store.ts';
import { writeKsCostXml, writeProvinceXml } from './cost-xml-writer.ts';
import { DEMO_APPROVED_ESTIMATE, DEMO_COST_PROJECT } from './demo-project.ts';
import { ApprovedEstimateService } from './estimate.ts';
import { sampleFiles } from './sample-model.ts';
import { CostFileService } from './service.ts';

export { DEMO_APPROVED_ESTIMATE, DEMO_COST_PROJECT };

/** The demo's files: those of docs/cost-file/samples in the platform's own layout. */
const DEMO_FILES = [
  'tender-boq.xml',
  'control-price.xml',
  'bid-clean.xml',
  'bid-wrong-total.xml',
  'bid-missing-item.xml',
];

/**
 * The cost-file demo (issue 19): a project with its tender BOQ, control price and three bids —
 * the clean one uploaded by the demo enterprise itself, two with planted errors for the checks —
 * uploaded, attached and parsed through the module's own services. The bytes are those of
 * docs/cost-file/samples (the same writer makes both; a test holds them equal). The parse runs
 * here, in the seeding transaction, instead of through the job the attach would enqueue.
 */
export async function seedDemoFileAnalysis(
  db: Db,
  files: FileService,
  actors: { admin: SessionUser; enterprise: SessionUser },
  ip: string,
): Promise<void> {
  const costs = new CostFileService(db, files, async () => {});
  await costs.ensureUploadSlot();
  const project = await costs.createProject(actors.admin, DEMO_COST_PROJECT, ip);
  await new ApprovedEstimateService(db).save(
    actors.admin,
    { xmId: project.id, approvedEstimate: DEMO_APPROVED_ESTIMATE, version: project.version },
    ip,
  );
  for (const sample of sampleFiles().filter((s) => DEMO_FILES.includes(s.fileName))) {
    const uploader = sample.fileName === 'bid-clean.xml' ? actors.enterprise : actors.admin;
    const text =
      sample.layout === 'ks-cost-xml-1' ? writeKsCostXml(sample.model) : writeProvinceXml(sample.model);
    const stored = await files.store({
      body: Readable.from([...text].join('')),
      fileName: sample.fileName,
      mimeType: 'application/xml',
      ownerUserId: uploader.id,
      visibility: 'owner',
    });
    const attached = await costs.attachFile(
      uploader,
      { projectId: project.id, kind: sample.kind, fileId: stored.id, bidderName: sample.bidderName ?? '' },
      ip,
    );
    await costs.parse(attached.id);
  }
}
