import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, loginAs, useTestApp } from '../../../test/helper.ts';
import { costFiles, costProjects } from '../../db/schema/file-analysis.ts';
import { FileService } from '../../platform/file-store.ts';
import { LocalDiskStorage } from '../../platform/storage.ts';
import { writeKsCostXml, writeProvinceXml } from '../file-analysis/cost-xml-writer.ts';
import { DEMO_APPROVED_ESTIMATE, DEMO_COST_PROJECT, seedDemoFileAnalysis } from '../file-analysis/demo.ts';
import { sampleFiles } from '../file-analysis/sample-model.ts';

const getApp = useTestApp();
const SAMPLES = join(import.meta.dirname, '../../../../../docs/cost-file/samples');

describe('cost-file demo', () => {
  it('keeps docs/cost-file/samples equal to what the sample writer makes', () => {
    for (const sample of sampleFiles()) {
      const text =
        sample.layout === 'ks-cost-xml-1' ? writeKsCostXml(sample.model) : writeProvinceXml(sample.model);
      expect(readFileSync(join(SAMPLES, sample.fileName), 'utf8'), sample.fileName).toBe([...text].join(''));
    }
  });

  it('seeds a project with a tender BOQ, a control price and three bids, all parsed', async () => {
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
    const files = new FileService(app.db, new LocalDiskStorage(getApp.filesDir()));
    await seedDemoFileAnalysis(
      app.db,
      files,
      { admin: session(admin), enterprise: session(enterprise) },
      '127.0.0.1',
    );

    const [project] = await app.db
      .select()
      .from(costProjects)
      .where(eq(costProjects.code, DEMO_COST_PROJECT.code));
    const rows = await app.db
      .select()
      .from(costFiles)
      .where(eq(costFiles.projectId, project?.id ?? ''));
    expect(project?.approvedEstimate).toBe(DEMO_APPROVED_ESTIMATE);
    expect(rows.map((r) => r.kind).sort()).toEqual(['bid', 'bid', 'bid', 'control-price', 'tender-boq']);
    expect(rows.every((r) => r.parseState === 'parsed' && r.layout === 'ks-cost-xml-1')).toBe(true);
    // The three bids have three different fingerprints (C20 has nothing to flag in the demo).
    expect(new Set(rows.filter((r) => r.kind === 'bid').map((r) => r.sha256)).size).toBe(3);
    // Each bid's header names its own program lock (stored for C20); the others carry none.
    const locks = rows.map((r) => (r.kind === 'bid' ? r.origin?.lockSerial : (r.origin ?? null)));
    expect(locks.filter((l) => l === null)).toHaveLength(2);
    expect(new Set(locks.filter((l) => typeof l === 'string' && l.startsWith('JS-'))).size).toBe(3);

    // The demo enterprise sees its own (clean) bid only.
    const { headers } = await loginAs(app, enterprise);
    const list = await app.inject({ method: 'GET', url: '/ks/analyse/cost-projects', headers });
    const mine = list.json().data.records.find((p: { id: string }) => p.id === project?.id).files;
    expect(mine.map((f: { fileName: string }) => f.fileName)).toEqual(['bid-clean.xml']);
  });
});
