import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanItems, insertParsedFile, insertProject } from '../../../test/cost-file-fixtures.ts';
import { createUser, loginAs, type TestApp } from '../../../test/helper.ts';
import { adminQuery, databaseUrl } from '../../../test/pg-admin.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { costCheckFindings, costCheckRuns } from '../../db/schema/cost-checks.ts';
import { rowsOf } from '../../engine/node-tables.ts';
import { CostCheckService } from './service.ts';

/** Projects checked at once, their starts sent alternately to the two instances. */
const PROJECTS = 6;

describe.runIf(process.env.DATABASE_URL)(
  'the cost check on two instances of one PostgreSQL database (needs DATABASE_URL)',
  () => {
    const instances: { app: TestApp; database: Database }[] = [];
    const name = `ks_test_${randomBytes(6).toString('hex')}`;
    const adminUrl = process.env.DATABASE_URL ?? '';
    const appAt = (index: number) => instances[index % 2]?.app as TestApp;

    beforeAll(async () => {
      await adminQuery(adminUrl, `create database ${name}`);
      for (const _ of [1, 2]) {
        const database = await openDatabase({ url: databaseUrl(adminUrl, name) });
        if (instances.length === 0) await database.migrate();
        const config = loadConfig({
          LOG_LEVEL: 'silent',
          SEED_DEMO: 'false',
          JOBS_POLL_SECONDS: '0.5',
          WEB_DIST: '',
        });
        const app = await buildApp({ config, database, logger: false });
        await app.jobs.start();
        instances.push({ app, database });
      }
    });

    afterAll(async () => {
      vi.restoreAllMocks();
      for (const { app, database } of instances) {
        await app.close();
        await database.close();
      }
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    });

    it('runs each started check once, on one instance, and writes its findings once', {
      timeout: 120_000,
    }, async () => {
      // Both instances live in this process: the spies count every delivery to either of them.
      const delivered = vi.spyOn(CostCheckService.prototype, 'run');
      const executed = vi.spyOn(
        CostCheckService.prototype as unknown as { execute: (...args: unknown[]) => Promise<void> },
        'execute',
      );
      const db = appAt(0).db;
      const admin = await createUser(appAt(0), 'M');
      const headers = [(await loginAs(appAt(0), admin)).headers, (await loginAs(appAt(1), admin)).headers];
      const projectIds: string[] = [];
      for (let i = 0; i < PROJECTS; i++) {
        const p = await insertProject(db, {
          name: `双实例项目${i}`,
          createdBy: admin.id,
          approvedEstimate: '1400000.00',
        });
        await insertParsedFile(db, { projectId: p.id, kind: 'control-price', uploadedBy: admin.id });
        // A bid with a wrong 合价 (C16) and a 规费 that is not its items' sum (C1): findings to write.
        const items = cleanItems().map((item, index) =>
          index === 0 ? { ...item, total: '100010.00' } : item,
        );
        await insertParsedFile(db, {
          projectId: p.id,
          kind: 'bid',
          uploadedBy: admin.id,
          bidderName: '甲公司',
          items,
        });
        await insertParsedFile(db, {
          projectId: p.id,
          kind: 'bid',
          uploadedBy: admin.id,
          bidderName: '乙公司',
        });
        projectIds.push(p.id);
      }
      const runIds = await Promise.all(
        projectIds.map(async (xmId, i) => {
          const response = await appAt(i).inject({
            method: 'POST',
            url: '/ks/file/detection/cost-check',
            headers: headers[i % 2],
            payload: { xmId, gnCoding: 'fileAnalysis' },
          });
          expect(response.json().data).toMatchObject({ isSuccess: true });
          return response.json().data.runId as string;
        }),
      );

      const runs = () => db.select().from(costCheckRuns).where(inArray(costCheckRuns.id, runIds));
      await expect
        .poll(async () => (await runs()).filter((r) => r.state === 'done').length, {
          timeout: 90_000,
          interval: 500,
        })
        .toBe(PROJECTS);
      // Give a duplicate delivery (if any) the time to show before counting.
      await new Promise((resolve) => setTimeout(resolve, 2000));

      expect(delivered).toHaveBeenCalledTimes(PROJECTS);
      expect(executed).toHaveBeenCalledTimes(PROJECTS);
      expect(new Set(delivered.mock.calls.map(([runId]) => runId))).toEqual(new Set(runIds));

      const done = await runs();
      const counts = done.map((r) => r.findingCount);
      // The same files everywhere: the same findings, and some of them.
      expect(new Set(counts).size).toBe(1);
      expect(counts[0]).toBeGreaterThan(0);
      for (const run of done) {
        const rows = await db
          .select()
          .from(costCheckFindings)
          .where(eq(costCheckFindings.projectId, run.projectId));
        expect(rows.length).toBe(run.findingCount);
        expect(rows.every((row) => row.runId === run.id)).toBe(true);
        const [distinct] = rowsOf<{ n: number }>(
          await db.execute(sql`
            select count(*)::int as n from (
              select distinct file_id, rule, message, node_path, item_code from cost_check_findings
              where project_id = ${run.projectId}) d`),
        );
        expect(distinct?.n).toBe(rows.length);
      }

      // The queue agrees: one job per run, each completed on its first attempt.
      const jobs = rowsOf<{ n: number; retried: number }>(
        await db.execute(sql`
          select count(*)::int as n, count(*) filter (where retry_count > 0)::int as retried
          from pgboss.job where name = 'file-analysis.cost-check' and state = 'completed'`),
      );
      expect(jobs[0]).toEqual({ n: PROJECTS, retried: 0 });
    });
  },
);
