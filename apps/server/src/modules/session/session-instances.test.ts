import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs, seal, type TestApp } from '../../../test/helper.ts';
import { adminQuery, databaseUrl } from '../../../test/pg-admin.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { sessions } from '../../db/schema/identity.ts';
import { INSTANCE_CHANNEL } from '../../platform/instance-bus.ts';
import { SESSION_CACHE_TTL_MS } from './session-cache.ts';

/** How soon the other instance must refuse an ended session (docs/architecture.md, "Scaling out": within a second). */
const WITHIN_MS = 1000;

describe.runIf(process.env.DATABASE_URL)(
  'the session cache across two instances on one PostgreSQL database (needs DATABASE_URL)',
  () => {
    const instances: { app: TestApp; database: Database }[] = [];
    const name = `ks_test_${randomBytes(6).toString('hex')}`;
    const adminUrl = process.env.DATABASE_URL ?? '';
    const appA = () => instances[0]?.app as TestApp;
    const appB = () => instances[1]?.app as TestApp;

    beforeAll(async () => {
      await adminQuery(adminUrl, `create database ${name}`);
      for (const _ of [1, 2]) {
        const database = await openDatabase({ url: databaseUrl(adminUrl, name) });
        if (instances.length === 0) await database.migrate();
        const config = loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false', WEB_DIST: '' });
        instances.push({ app: await buildApp({ config, database, logger: false }), database });
      }
    });

    afterAll(async () => {
      for (const { app, database } of instances) {
        await app.close();
        await database.close();
      }
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    });

    const codeOf = async (app: TestApp, headers: Record<string, string>) =>
      (await app.inject({ method: 'GET', url: '/ks/individual/user-info', headers })).json().code as number;

    /** A user logged in on A whose session B has read (and so cached). */
    async function sessionSeenByB(role: 'U' | 'P' = 'U') {
      const user = await createUser(appA(), role);
      const session = await loginAs(appA(), user);
      expect(await codeOf(appB(), session.headers)).toBe(200);
      expect(await codeOf(appB(), session.headers)).toBe(200);
      return { user, ...session };
    }

    /** Polls B until it answers `code` for the token; answers how long that took (ms). */
    async function refusedByB(headers: Record<string, string>, code: number) {
      const started = performance.now();
      await expect.poll(() => codeOf(appB(), headers), { timeout: WITHIN_MS, interval: 20 }).toBe(code);
      return performance.now() - started;
    }

    it('serves a session B has read from its cache: a change behind the platform’s back shows only after the cache lifetime', async () => {
      const { user, headers } = await sessionSeenByB();
      // No announcement: the platform did not make this change.
      await appA()
        .db.update(sessions)
        .set({ endedAt: new Date(), endReason: 'logout' })
        .where(eq(sessions.userId, user.id));
      expect(await codeOf(appB(), headers)).toBe(200);
      await expect
        .poll(() => codeOf(appB(), headers), { timeout: SESSION_CACHE_TTL_MS + 2000, interval: 200 })
        .toBe(10000);
    });

    it('B refuses a token logged out on A within a second (10000)', async () => {
      const { headers } = await sessionSeenByB();
      const out = await appA().inject({ method: 'GET', url: '/ks/common/logout', headers });
      expect(out.json().code).toBe(200);
      expect(await codeOf(appA(), headers)).toBe(10000);
      expect(await refusedByB(headers, 10000)).toBeLessThan(WITHIN_MS);
    });

    it('B refuses the sessions an administrator ended on A within a second (10017)', async () => {
      const { user, headers } = await sessionSeenByB();
      const admin = await loginAs(appA(), await createUser(appA(), 'M'));
      const kicked = await appA().inject({
        method: 'POST',
        url: '/ks/admin/sessions/kick',
        headers: admin.headers,
        payload: { userCode: user.userCode },
      });
      expect(kicked.json()).toMatchObject({ code: 200, data: { ended: 1 } });
      expect(await refusedByB(headers, 10017)).toBeLessThan(WITHIN_MS);
    });

    it('B refuses every session of a user who changed the password on A within a second (10017)', async () => {
      const { user, headers } = await sessionSeenByB('P');
      const other = await loginAs(appA(), user);
      expect(await codeOf(appB(), other.headers)).toBe(200);
      const changed = await appA().inject({
        method: 'PUT',
        url: '/ks/individual/login/update-secret',
        headers,
        payload: await seal(appA(), { oldPassWord: user.password, newPassWord: 'NewSecret42' }),
      });
      expect(changed.json().code).toBe(200);
      expect(await refusedByB(headers, 10017)).toBeLessThan(WITHIN_MS);
      expect(await codeOf(appB(), other.headers)).toBe(10017);
    });

    it('GET /ks/cache/refresh on A empties the caches of B', async () => {
      let clearedOnB = 0;
      let clearedOnA = 0;
      appB().caches.register('probe', () => {
        clearedOnB++;
      });
      appA().caches.register('probe', () => {
        clearedOnA++;
      });
      const admin = await loginAs(appA(), await createUser(appA(), 'M'));
      const refreshed = await appA().inject({
        method: 'GET',
        url: '/ks/cache/refresh',
        headers: admin.headers,
      });
      expect(refreshed.json()).toMatchObject({ code: 200, message: '缓存已刷新' });
      expect(refreshed.json().data).toEqual(expect.arrayContaining(['probe', 'sessions']));
      expect(clearedOnA).toBe(1);
      await expect.poll(() => clearedOnB, { timeout: WITHIN_MS, interval: 20 }).toBe(1);
      // A does not clear a second time on hearing its own announcement.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(clearedOnA).toBe(1);
    });

    it('B trusts no cached session while its listening connection is down', async () => {
      const { headers } = await sessionSeenByB();
      // As a PostgreSQL restart does: the LISTEN backends are terminated; the bus reconnects in a second.
      await appA().db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
             where datname = current_database() and query = ${`LISTEN ${INSTANCE_CHANNEL}`}`,
      );
      const out = await appA().inject({ method: 'GET', url: '/ks/common/logout', headers });
      expect(out.json().code).toBe(200);
      // Whether or not B heard the logout, it answers from the database now or after its return.
      expect(await refusedByB(headers, 10000)).toBeLessThan(WITHIN_MS);
      // Back to normal: a new session is cached and ended on A as before.
      const again = await sessionSeenByB();
      await appA().inject({ method: 'GET', url: '/ks/common/logout', headers: again.headers });
      await expect.poll(() => codeOf(appB(), again.headers), { timeout: 5000, interval: 50 }).toBe(10000);
    });
  },
);
