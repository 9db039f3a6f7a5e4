import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import type { DemoSeed } from '../../engine/demo.ts';
import { DEMO_ASSETS_DIR } from '../../paths.ts';
import type { SessionUser } from '../../platform/access.ts';
import { approvedSections, moveSectionDatesForDemo, sectionTimeline } from '../trading/public.ts';
import { demoAccount } from './repository.ts';
import { TenderFilesService } from './service.ts';

const DAY = 24 * 60 * 60 * 1000;

/** The demo's second bidder: the market demo's active Hangzhou enterprise (no one knows its password). */
export const DEMO_SECOND_BIDDER = 'demo-hz-supervision';

async function actor(seed: DemoSeed, account: string): Promise<SessionUser> {
  const row = await demoAccount(seed.db, account);
  if (!row) throw new Error(`demo account ${account} missing`);
  return { ...row, sessionId: 'seed' };
}

/**
 * The approved demo project's first section put on sale now (its sale window moved around the
 * seed's clock, which the entry form refuses), a tender document uploaded by the tenderee, two
 * sign-ups (the demo `enterprise` and the Hangzhou enterprise) and the enterprise's download; the
 * second section, not yet on sale, gets a prequalification document its tenderee may still delete.
 * All through the module's own service (decision 0077).
 */
export async function seedDemoTenderFiles(seed: DemoSeed): Promise<void> {
  const { db, files, ip } = seed;
  const service = new TenderFilesService(db, files);
  const meta = { ip };
  const sections = (await approvedSections(db)).filter((section) =>
    section.projectName.startsWith('滨江路道路提升工程'),
  );
  const [onSale, later] = sections;
  if (!onSale) return;
  const tenderee = await actor(seed, 'tenderee');
  const now = Date.now();
  const times = await sectionTimeline(db, onSale.id);
  if (!times) return;
  await moveSectionDatesForDemo(db, onSale.id, {
    noticeAt: new Date(now - 3 * DAY),
    saleStartAt: new Date(now - 2 * DAY),
    saleEndAt: new Date(now + 5 * DAY),
    bidDeadlineAt: times.bidDeadlineAt,
    openingAt: onSale.openingAt,
  });

  const upload = async (asset: string, fileName: string) =>
    files.store({
      body: createReadStream(join(DEMO_ASSETS_DIR, asset)),
      fileName,
      mimeType: 'application/pdf',
      ownerUserId: tenderee.id,
      visibility: 'owner',
    });

  const tenderFile = await upload(
    'demo-price-enquiry.pdf',
    '滨江路道路提升工程施工一标段招标文件（演示）.pdf',
  );
  const document = await service.save(
    tenderee,
    { sectionId: onSale.id, kind: 'tender', fileId: tenderFile.id },
    meta,
  );

  const enterprise = seed.actors.enterprise;
  await service.signUp(
    enterprise,
    { sectionId: onSale.id, contactName: '演示企业联系人', contactPhone: '13900000021' },
    meta,
  );
  const second = await demoAccount(db, DEMO_SECOND_BIDDER);
  if (second)
    await service.signUp(
      { ...second, sessionId: 'seed' },
      { sectionId: onSale.id, contactName: '杭州演示监理联系人', contactPhone: '13900000022' },
      meta,
    );
  const served = await service.download(enterprise, document.id, { ip: '127.0.0.1' });
  served.body.resume();

  if (later) {
    const prequal = await upload('demo-user-guide.pdf', '滨江路道路提升工程监理标段资格预审文件（演示）.pdf');
    await service.save(tenderee, { sectionId: later.id, kind: 'prequal', fileId: prequal.id }, meta);
  }
}
