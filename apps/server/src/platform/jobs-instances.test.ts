import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type TestApp, unique } from '../../test/helper.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { defineJob } from './jobs.ts';

/** Runs of each job key, on whichever instance took it. */
const runs = new Map<string, number>();
/** When the scheduled job fired. */
const ticks: number[] = [];

const count = defineJob({
  name: 'test.count-runs',
  title: '测试：计数',
  payload: z.object({ key: z.string() }),
  async handle({ key }) {
    runs.set(key, (runs.get(key) ?? 0) + 1);
  },
});

const everyMinute = defineJob({
  name: 'test.every-minute',
  title: '测试：每分钟',
  payload: z.object({}),
  schedule: { cron: '* * * * *', payload: {} },
  async handle() {
    ticks.push(Date.now());
  },
});

describe.runIf(process.env.DATABASE_URL)(
  'two instances on one PostgreSQL database (needs DATABASE_URL: one embedded PGlite is one process)',
  () => {
    const instances: { app: TestApp; database: Database }[] = [];
    const name = `ks_test_${randomBytes(6).toString('hex')}`;
    const adminUrl = process.env.DATABASE_URL ?? '';

    beforeAll(async () => {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      for (const _ of [1, 2]) {
        const database = await openDatabase({ url: url.toString() });
        if (instances.length === 0) await database.migrate();
        const config = loadConfig({
          LOG_LEVEL: 'silent',
          SEED_DEMO: 'false',
          JOBS_POLL_SECONDS: '0.5',
          WEB_DIST: '',
        });
        const app = await buildApp({ config, database, logger: false, extraJobs: [count, everyMinute] });
        await app.jobs.start();
        instances.push({ app, database });
      }
    });

    afterAll(async () => {
      for (const { app, database } of instances) {
        await app.close();
        await database.close();
      }
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });

    it('runs each job once, whichever instance sent it', async () => {
      const keys = Array.from({ length: 24 }, () => unique('job'));
      for (const [index, key] of keys.entries()) {
        const instance = instances[index % 2];
        await instance?.app.jobs.send(count, { key });
      }
      await expect
        .poll(() => keys.filter((key) => runs.has(key)).length, { timeout: 60_000 })
        .toBe(keys.length);
      expect(keys.map((key) => runs.get(key))).toEqual(keys.map(() => 1));
    });

    it('fires a cron schedule once per tick across both instances', { timeout: 200_000 }, async () => {
      // Two ticks: both instances' clocks look every few seconds, so a second job per minute would show.
      await expect.poll(() => ticks.length, { timeout: 180_000, interval: 1000 }).toBeGreaterThanOrEqual(2);
      const [first = 0, second = 0] = ticks;
      expect(Math.floor(second / 60_000)).toBeGreaterThan(Math.floor(first / 60_000));
      const database = instances[0]?.database;
      if (!database) throw new Error('no instance');
      const { rows } = (await database.executeSql(
        `select date_trunc('minute', created_on) as minute, count(*)::int as n from pgboss.job
         where name = 'test.every-minute' group by 1`,
      )) as { rows: { n: number }[] };
      expect(rows.length).toBeGreaterThanOrEqual(2);
      expect(rows.every((row) => row.n === 1)).toBe(true);
    });
  },
);
