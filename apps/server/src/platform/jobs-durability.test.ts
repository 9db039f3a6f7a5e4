import { type ChildProcess, spawn } from 'node:child_process';
import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { hashPassword } from './passwords.ts';

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));

/** The real server process (src/main.ts), as `npm run dev` starts it, on the given database. */
function startServer(env: Record<string, string>): Promise<{ process: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', WEB_DIST: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /KS Platform is running at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve({ process: child, url: match[1] });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)));
  });
}

async function api(url: string, path: string, init: { token?: string; body?: object } = {}) {
  const response = await fetch(`${url}${path}`, {
    method: init.body ? 'POST' : 'GET',
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return (await response.json()) as { code: number; data: never; message: string };
}

const ADMIN = { account: 'jobs-admin', password: 'Passw0rd9' };

/** Logs in as the administrator through the real endpoint, sealing the fields as the browser does. */
async function loginAdmin(url: string): Promise<string> {
  const { keyId, publicKey } = (await api(url, '/ks/common/public-key')).data as {
    keyId: string;
    publicKey: string;
  };
  const nonce = randomBytes(16).toString('hex');
  const sealField = (value: string) =>
    publicEncrypt(
      { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(JSON.stringify({ v: value, n: nonce, t: Date.now() })),
    ).toString('base64');
  const login = await api(url, '/ks/common/login', {
    body: { keyId, logValue: sealField(ADMIN.account), passWord: sealField(ADMIN.password) },
  });
  if (login.code !== 200) throw new Error(`login failed: ${login.message}`);
  return (login.data as { token: string }).token;
}

describe('a job survives kill -9 of the server', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ks-jobs-kill-'));
  const children: ChildProcess[] = [];
  let databaseEnv: Record<string, string> = { DATA_DIR: dataDir };
  let dropDatabase = async () => {};

  beforeAll(async () => {
    const adminUrl = process.env.DATABASE_URL;
    if (adminUrl) await createDatabase(adminUrl);
    // Migrated, with one administrator, before the server starts: the demo seed would only cost time.
    const database = await openDatabase(
      databaseEnv.DATABASE_URL ? { url: databaseEnv.DATABASE_URL } : { dataDir },
    );
    await database.migrate();
    await database.db.insert(users).values({
      userCode: 'M-jobs',
      account: ADMIN.account,
      phone: '13900000000',
      userName: '任务管理员',
      loginRoleType: 'M',
      passwordHash: await hashPassword(ADMIN.password),
    });
    await database.close();
  });

  async function createDatabase(adminUrl: string) {
    const name = `ks_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseEnv = { DATABASE_URL: url.toString() };
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }

  afterAll(async () => {
    for (const child of children) {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
    }
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs after a restart a job committed before the crash', { timeout: 300_000 }, async () => {
    const env = {
      ...databaseEnv,
      SEED_DEMO: 'false',
      FILES_DIR: join(dataDir, 'files'),
      JOBS_POLL_SECONDS: '0.5',
    };
    // The first instance only enqueues (JOBS_WORK=false), so the job is certainly still waiting when it dies.
    const first = await startServer({ ...env, JOBS_WORK: 'false' });
    children.push(first.process);
    const token = await loginAdmin(first.url);
    const run = await api(first.url, '/ks/admin/jobs/run', {
      token,
      body: { name: 'files.sweep-abandoned-uploads' },
    });
    expect(run.code).toBe(200);
    const id = (run.data as { id: string }).id;

    const killed = new Promise((resolve) => first.process.once('exit', (_code, signal) => resolve(signal)));
    first.process.kill('SIGKILL');
    expect(await killed).toBe('SIGKILL');

    // Same data directory (PGlite takes over the dead process's lock) or database; workers on.
    const second = await startServer(env);
    children.push(second.process);
    const stateOf = async () => {
      const page = await api(second.url, '/ks/admin/jobs?pageSize=100', { token });
      return (page.data as { records: { id: string; state: string }[] }).records.find((job) => job.id === id)
        ?.state;
    };
    await expect.poll(stateOf, { timeout: 60_000, interval: 500 }).toBe('completed');
  });
});
