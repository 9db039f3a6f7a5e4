import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { cleanItems, insertParsedFile, insertProject } from '../../../test/cost-file-fixtures.ts';
import { createUser, useTestApp } from '../../../test/helper.ts';
import { costCheckFindings, costCheckRuns } from '../../db/schema/cost-checks.ts';
import { seedDemoCostChecks } from '../cost-checks/demo.ts';
import { userNotices } from '../notify/user-notices.ts';

const getApp = useTestApp();

it('checks each project that has parsed files and no check yet, once', async () => {
  const db = getApp().db;
  const admin = await createUser(getApp(), 'M');
  const seeder = { ...admin, userName: '管理员', enterpriseId: null, sessionId: 'seed' };
  const project = await insertProject(db, {
    name: '演示项目',
    createdBy: admin.id,
    approvedEstimate: '1400000.00',
  });
  await insertParsedFile(db, { projectId: project.id, kind: 'tender-boq', uploadedBy: admin.id });
  await insertParsedFile(db, { projectId: project.id, kind: 'control-price', uploadedBy: admin.id });
  const items = cleanItems().map((item, i) => (i === 0 ? { ...item, total: '100010.00' } : item));
  await insertParsedFile(db, {
    projectId: project.id,
    kind: 'bid',
    uploadedBy: admin.id,
    bidderName: '乙公司',
    items,
  });

  expect(await seedDemoCostChecks(db, seeder, userNotices)).toBe(1);
  const [run] = await db.select().from(costCheckRuns).where(eq(costCheckRuns.projectId, project.id));
  expect(run).toMatchObject({ state: 'done', ruleVersion: 1 });
  const findings = await db
    .select()
    .from(costCheckFindings)
    .where(eq(costCheckFindings.projectId, project.id));
  // The planted wrong 合价 (C16), which also breaks the 分部分项 roll-up of its unit (C1).
  expect(findings.map((f) => `${f.rule}:${f.itemCode ?? ''}`).sort()).toEqual(['C16:010101001001', 'C1:']);
  expect(await seedDemoCostChecks(db, seeder, userNotices)).toBe(0);
});
