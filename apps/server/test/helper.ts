import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoginRoleType } from '@ks/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { enterprises, smsOutbox, users } from '../src/db/schema/index.ts';
import type { BusinessModule } from '../src/engine/modules.ts';
import { clearNodeSchemas } from '../src/engine/record-store.ts';
import type { JobDefinition } from '../src/platform/jobs.ts';
import { hashPassword } from '../src/platform/passwords.ts';
import { adminQuery, databaseUrl } from './pg-admin.ts';

export type TestApp = Awaited<ReturnType<typeof buildApp>>;

export interface TestAppOptions {
  /** Job types beyond the modules' own. */
  jobs?: JobDefinition[];
  /**
   * Start the job workers and the cron clock (main.ts does; most tests need neither, and skip
   * their start and their stop). Set JOBS_POLL_SECONDS in `env` for quick pickup.
   */
  startJobs?: boolean;
  /** Business modules to build the app with, instead of the platform's own (modules/index.ts). */
  modules?: BusinessModule[];
}

/**
 * A fresh database for this test file: in-memory PGlite, or a new database on the PostgreSQL server
 * named by DATABASE_URL (created here, dropped afterwards). Either starts as a copy of the run's
 * migrated template (test/global-setup.ts). Returns a getter for the built app.
 */
export function useTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}) {
  let app: TestApp | undefined;
  let database: Database | undefined;
  let dropDatabase = async () => {};
  let filesDir = '';

  beforeAll(async () => {
    // Test files share a worker's modules (isolate: false): compiled node schemas are keyed by node
    // id and version, which another file's database may have used for another definition.
    clearNodeSchemas();
    const adminUrl = process.env.DATABASE_URL;
    if (adminUrl) {
      const name = `ks_test_${randomBytes(6).toString('hex')}`;
      await adminQuery(adminUrl, `create database ${name} template ${inject('pgTemplate')}`);
      database = await openDatabase({ url: databaseUrl(adminUrl, name) });
      dropDatabase = () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    } else {
      database = await openDatabase({ dataDir: null, template: pgliteTemplate() });
    }
    filesDir = mkdtempSync(join(tmpdir(), 'ks-test-files-'));
    // Login rate limiting has its own test; elsewhere it would only count the suite's own logins.
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      LOGIN_RATE_PER_MINUTE: '10000',
      FILES_DIR: filesDir,
      ...env,
    });
    app = await buildApp({
      config,
      database,
      logger: process.env.TEST_LOG ? { level: 'error' } : false,
      extraJobs: options.jobs,
      ...(options.modules ? { modules: options.modules } : {}),
    });
    await app.ready();
    if (options.startJobs) await app.jobs.start();
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await dropDatabase();
    if (filesDir) rmSync(filesDir, { recursive: true, force: true });
  });

  const getApp = () => {
    if (!app) throw new Error('test app not built yet');
    return app;
  };
  /** The directory the app's local file storage writes to. */
  getApp.filesDir = () => filesDir;
  return getApp;
}

let pgliteTarball: Blob | undefined;
/** The run's migrated PGlite data directory, read once per file however many apps it builds. */
const pgliteTemplate = () => {
  pgliteTarball ??= new Blob([readFileSync(inject('pgliteTemplate'))]);
  return pgliteTarball;
};

let sequence = 0;
/** A value no other test uses: tests never depend on each other's data. */
export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(sequence++).toString(36)}`;
export const uniquePhone = () => `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

export interface TestUser {
  id: string;
  userCode: string;
  account: string;
  phone: string;
  password: string;
  loginRoleType: LoginRoleType;
}

/** Inserts an active user of the given role (enterprise accounts get an enterprise). */
const TEST_PASSWORD = 'Passw0rd9';
// scrypt is deliberately slow: hash the shared test password once per file, not once per user.
let testPasswordHash: Promise<string> | undefined;

export async function createUser(
  app: TestApp,
  loginRoleType: LoginRoleType,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<TestUser> {
  const password = TEST_PASSWORD;
  testPasswordHash ??= hashPassword(TEST_PASSWORD);
  const account = unique('u').toLowerCase();
  const phone = overrides.phone ?? uniquePhone();
  let enterpriseId: string | null = null;
  if (loginRoleType === 'U') {
    const [enterprise] = await app.db
      .insert(enterprises)
      .values({ name: unique('企业'), creditCode: unique('CC'), enterpriseType: '施工企业' })
      .returning();
    enterpriseId = enterprise?.id ?? null;
  }
  const [row] = await app.db
    .insert(users)
    .values({
      userCode: unique(loginRoleType),
      account,
      phone,
      userName: unique('用户'),
      loginRoleType,
      passwordHash: await testPasswordHash,
      enterpriseId,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('user not created');
  return { id: row.id, userCode: row.userCode, account, phone, password, loginRoleType };
}

/** Seals and encrypts fields the way the browser does: one nonce for the request, the current time. */
export async function seal<K extends string>(
  app: TestApp,
  fields: Record<K, string>,
  options: { nonce?: string; t?: number } = {},
): Promise<Record<K, string> & { keyId: string }> {
  const response = await app.inject({ method: 'GET', url: '/ks/common/public-key' });
  const { keyId, publicKey } = response.json().data as { keyId: string; publicKey: string };
  const nonce = options.nonce ?? randomBytes(16).toString('hex');
  const t = options.t ?? Date.now();
  const sealed = { keyId } as Record<K, string> & { keyId: string };
  for (const [name, value] of Object.entries(fields) as [K, string][]) {
    const plain = Buffer.from(JSON.stringify({ v: value, n: nonce, t }));
    const cipher = publicEncrypt(
      { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      plain,
    );
    (sealed as Record<string, string>)[name] = cipher.toString('base64');
  }
  return sealed;
}

export async function loginBody(
  app: TestApp,
  account: string,
  password: string,
  extra: Record<string, string> = {},
) {
  return { ...(await seal(app, { logValue: account, passWord: password })), ...extra };
}

/** Logs in through the real endpoint and returns the bearer header. */
export async function loginAs(app: TestApp, user: Pick<TestUser, 'account' | 'password'>) {
  const response = await app.inject({
    method: 'POST',
    url: '/ks/common/login',
    payload: await loginBody(app, user.account, user.password),
  });
  if (response.json().code !== 200) throw new Error(`login failed: ${response.body}`);
  const token = response.json().data.token as string;
  return { token, headers: { authorization: `Bearer ${token}` } };
}

/** A user who has logged in through the real endpoint, with the bearer header to call as them. */
export type TestActor = TestUser & { headers: Record<string, string> };

/** createUser, then loginAs: the role-matrix tests' one line per caller. */
export async function createActor(
  app: TestApp,
  loginRoleType: LoginRoleType,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<TestActor> {
  const user = await createUser(app, loginRoleType, overrides);
  return { ...user, headers: (await loginAs(app, user)).headers };
}

/** The last code the local SMS provider recorded for a phone. */
export async function lastSmsText(app: TestApp, phone: string): Promise<string> {
  const rows = await app.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone));
  const last = rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).at(-1);
  if (!last) throw new Error(`no SMS to ${phone}`);
  return last.text;
}

export const codeIn = (text: string) => /验证码为(\d{6})/.exec(text)?.[1] ?? '';
