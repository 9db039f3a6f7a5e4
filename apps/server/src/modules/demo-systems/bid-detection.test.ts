import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { scannedPdf, textPdf } from '../../../test/bid-pdf-fixtures.ts';
import { createUser, loginAs, useTestApp } from '../../../test/helper.ts';
import { costProjects } from '../../db/schema/file-analysis.ts';
import { DEMO_ASSETS_DIR } from '../../paths.ts';
import { FileService } from '../../platform/file-store.ts';
import { LocalDiskStorage } from '../../platform/storage.ts';
import { ensureProvidedSystems } from '../../provided-systems.ts';
import { seedDemoBidDetection } from '../bid-detection/demo.ts';
import { DEMO_BIDS, SCANNED_SAMPLE } from '../bid-detection/sample-bids.ts';
import { DEMO_COST_PROJECT, seedDemoFileAnalysis } from '../file-analysis/demo.ts';
import { seedDemoMarket } from '../market/demo.ts';
import { demoSeed, demoServices } from './services.ts';

const getApp = useTestApp();

describe('bid-document demo', () => {
  it('keeps the committed sample PDFs equal to what docs/bid-file/write-samples.ts makes', async () => {
    for (const bid of DEMO_BIDS)
      expect(readFileSync(join(DEMO_ASSETS_DIR, bid.asset)).equals(await textPdf(bid.pages)), bid.asset).toBe(
        true,
      );
    expect(readFileSync(join(DEMO_ASSETS_DIR, SCANNED_SAMPLE)).equals(await scannedPdf())).toBe(true);
  });

  it('seeds three detected documents (clean, missing chapter, unmatched 业绩) and an open publicity', async () => {
    const app = getApp();
    const admin = await createUser(app, 'M');
    const enterprise = await createUser(app, 'U');
    const session = (user: typeof admin) => ({
      id: user.id,
      userCode: user.userCode,
      userName: '演示',
      loginRoleType: user.loginRoleType,
      enterpriseId: null,
      sessionId: 'seed',
    });
    const actors = { admin: session(admin), enterprise: session(enterprise) };
    const files = new FileService(app.db, new LocalDiskStorage(getApp.filesDir()));
    await ensureProvidedSystems(app.db, app.engine);
    // The market demo acts as the administrator and the enterprise only.
    const everyone = {
      ...actors,
      developer: actors.admin,
      personnel: actors.enterprise,
      reviewer: actors.admin,
    };
    await seedDemoMarket(demoSeed(demoServices(app.db, files, app.engine), everyone, '127.0.0.1'));
    await seedDemoFileAnalysis(app.db, files, actors, '127.0.0.1');
    await seedDemoBidDetection(app.db, files, actors, '127.0.0.1');
    const [project] = await app.db
      .select()
      .from(costProjects)
      .where(eq(costProjects.code, DEMO_COST_PROJECT.code));
    const xmId = project?.id ?? '';

    const admins = (await loginAs(app, admin)).headers;
    const status = await app.inject({
      method: 'POST',
      url: '/ks/file/detection/status',
      headers: admins,
      payload: { xmId },
    });
    const bids = status.json().data.bids as {
      state: string;
      directoryFindings: number;
      achievementFindings: number;
      score: string;
    }[];
    expect(bids.map((b) => [b.state, b.directoryFindings, b.achievementFindings])).toEqual([
      ['checked', 0, 0],
      ['checked', 1, 0],
      ['checked', 0, 1],
    ]);
    expect(bids.every((b) => Number(b.score) > 10)).toBe(true);

    // The publicity is open: the demo enterprise reads its own result.
    const own = (await loginAs(app, enterprise)).headers;
    const publicity = await app.inject({
      method: 'POST',
      url: '/ks/file/detection/publicity',
      headers: own,
      payload: { xmId },
    });
    expect(publicity.json().data.state).toBe('open');
    const mine = await app.inject({
      method: 'POST',
      url: '/ks/file/detection/status',
      headers: own,
      payload: { xmId },
    });
    const documentId = mine.json().data.bids[0].documentId as string;
    const achievement = await app.inject({
      method: 'POST',
      url: '/ks/file/detection/achievement',
      headers: own,
      payload: { xmId, documentId },
    });
    expect(achievement.json().data.rows).toMatchObject([
      { result: 'matched', projectName: '南京河西新城市民服务中心工程' },
    ]);
  });
});
