import { type ChildProcess, spawn } from 'node:child_process';
import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readlinkSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { type ModelItem, writeKsCostXml } from '../modules/file-analysis/cost-xml-writer.ts';
import { PARSE_JOB } from '../modules/file-analysis/service.ts';
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

async function api(url: string, path: string, init: { token?: string; body?: object | FormData } = {}) {
  const json = init.body !== undefined && !(init.body instanceof FormData);
  const response = await fetch(`${url}${path}`, {
    method: init.body ? 'POST' : 'GET',
    headers: {
      ...(json ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: json ? JSON.stringify(init.body) : (init.body as FormData | undefined),
  });
  return (await response.json()) as { code: number; data: never; message: string };
}

const ADMIN = { account: 'jobs-admin', password: 'Passw0rd9' };

/** A bid of `units` × 5,000 分部分项 items in the platform's layout (the module's own writer). */
function largeCostFile(units: number): Buffer {
  const unit = (u: number) => ({
    code: `U${u + 1}`,
    name: `第${u + 1}标段建筑工程`,
    zy: '建筑工程',
    items: Array.from(
      { length: 5000 },
      (_, i): ModelItem => ({
        list: 'fbfx',
        code: `0101${String(u).padStart(2, '0')}${String(i).padStart(6, '0')}`,
        name: '挖基坑土方',
        features: `1.部位：第${1 + (i % 30)}层\n2.材料：C30 商品混凝土`,
        unit: 'm3',
        quantity: (1 + (i % 500)).toFixed(2),
        unitPrice: (20 + (i % 800)).toFixed(2),
      }),
    ),
  });
  const text = [
    ...writeKsCostXml({
      kind: 'bid',
      taxMethod: 'general',
      project: { code: 'KILL-PARSE', name: '故障演练项目' },
      singles: [{ code: '01', name: '第1单项工程', units: Array.from({ length: units }, (_, u) => unit(u)) }],
    }),
  ].join('');
  return Buffer.from(text);
}

type Analysis = { parseState: string; nodeCount: number; itemCount: number; parsedAt: string | null };
type JobRow = {
  id: string;
  name: string;
  state: string;
  attempts: number;
  lastError: string;
  progressNote: string;
};

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
    await prepareDatabase(databaseEnv.DATABASE_URL ? { url: databaseEnv.DATABASE_URL } : { dataDir });
  });

  /** Migrated, with one administrator, before a server starts: the demo seed would only cost time. */
  async function prepareDatabase(target: { url: string } | { dataDir: string }) {
    const database = await openDatabase(target);
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
  }

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

  /** Stops the instances still running (one at a time may hold PGlite's data directory). */
  async function stopAll() {
    for (const child of children) {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
    }
  }

  // On PostgreSQL the tests share one database: an instance left running would work the next
  // test's jobs (its parse would be the one the test sees, and the killed instance idle).
  afterEach(stopAll);

  afterAll(async () => {
    await stopAll();
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

  it('runs again, to the same result, a job whose instance is killed while it runs', {
    timeout: 600_000,
  }, async () => {
    // A heartbeat that goes stale in seconds: on PostgreSQL the new instance finds the orphan
    // by it (on PGlite every attempt active at start is one).
    // On PGlite a data directory of its own: pids wrap quickly on a busy machine, and a lock file
    // an earlier instance left could name a live, unrelated process.
    const ownDir = join(dataDir, 'running-job');
    if (!databaseEnv.DATABASE_URL) await prepareDatabase({ dataDir: ownDir });
    const env = {
      ...databaseEnv,
      ...(databaseEnv.DATABASE_URL ? {} : { DATA_DIR: ownDir }),
      SEED_DEMO: 'false',
      FILES_DIR: join(dataDir, 'files'),
      JOBS_POLL_SECONDS: '0.5',
      JOBS_STALE_SECONDS: '3',
    };
    const first = await startServer(env);
    children.push(first.process);
    const token = await loginAdmin(first.url);
    const project = await api(first.url, '/ks/analyse/cost-projects', {
      token,
      body: { code: `KILL${Date.now()}`, name: '故障演练项目', region: '330000' },
    });
    expect(project.code, project.message).toBe(200);
    const form = new FormData();
    form.append('gnCoding', 'fileAnalysis');
    form.append('systemCoding', 'fileAnalysis');
    form.append('fileNo', 'costXml');
    // 80,000 items: seconds of parsing, in many short statements, on either database.
    form.append('file', new Blob([new Uint8Array(largeCostFile(16))]), '投标文件.xml');
    const uploaded = await api(first.url, '/ks/common/common/upload/annex', { token, body: form });
    expect(uploaded.code, uploaded.message).toBe(200);
    const attached = await api(first.url, '/ks/analyse/cost-files', {
      token,
      body: {
        projectId: (project.data as { id: string }).id,
        kind: 'bid',
        fileId: (uploaded.data as { fileId: string }).fileId,
        bidderName: '演练建设有限公司',
      },
    });
    expect(attached.code, attached.message).toBe(200);
    const costFileId = (attached.data as { id: string }).id;

    const parseJob = async (url: string) => {
      const page = await api(url, `/ks/admin/jobs?pageSize=100&name=${PARSE_JOB}`, { token });
      return (page.data as { records: JobRow[] }).records.find((job) => job.name === PARSE_JOB);
    };
    // Running and writing rows. PostgreSQL shows an insert of items in progress; on PGlite the
    // observer would share the instance's one connection, so there the signal is the stored file,
    // which the instance holds open only while the parse streams it.
    const filesDir = realpathSync(env.FILES_DIR);
    const fileOpen = () => {
      const fds = `/proc/${first.process.pid}/fd`;
      return readdirSync(fds).some((fd) => {
        try {
          const target = readlinkSync(join(fds, fd));
          return target.startsWith(filesDir) && target.endsWith('.xml');
        } catch {
          return false;
        }
      });
    };
    const observer = databaseEnv.DATABASE_URL
      ? new pg.Client({ connectionString: databaseEnv.DATABASE_URL })
      : null;
    await observer?.connect();
    const parsing = async () => {
      if (!observer) return fileOpen();
      const { rows } = await observer.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()
            and xact_start is not null and query ilike 'insert into "cost_items"%'`,
      );
      return (rows[0]?.n ?? 0) > 0;
    };
    await expect.poll(parsing, { timeout: 60_000, interval: 50 }).toBe(true);
    const killed = new Promise((resolve) => first.process.once('exit', (_code, signal) => resolve(signal)));
    first.process.kill('SIGKILL');
    expect(await killed).toBe('SIGKILL');
    await observer?.end();

    // The new instance's threshold is wider than the first's: under a loaded CI machine the beats
    // of its own running attempt can be seconds late, and a 3 s threshold would fail that live
    // attempt as an orphan too (the trade-off decision 0055 accepts). The killed attempt's beat
    // stopped for good, so it is still found, 15 s on.
    const second = await startServer({ ...env, JOBS_STALE_SECONDS: '15' });
    children.push(second.process);
    const analysis = async () =>
      (await api(second.url, '/ks/analyse/xml_analysis', { token, body: { id: costFileId } }))
        .data as Analysis;
    // Nothing half-written: the killed attempt's rows are of a generation never published.
    expect(await analysis()).toMatchObject({ parseState: 'pending', nodeCount: 0, itemCount: 0 });

    await expect
      .poll(async () => (await analysis()).parseState, { timeout: 240_000, interval: 500 })
      .toBe('parsed');
    const recovered = await analysis();
    // The killed attempt was running (it lost its instance), and a later one finished it. pg-boss
    // marks the job completed just after the handler's transaction, so the state is waited for.
    await expect
      .poll(async () => (await parseJob(second.url))?.state, { timeout: 60_000, interval: 250 })
      .toBe('completed');
    // More than one attempt: the killed one was counted (its orphan message is the report's last
    // error until a later attempt's report replaces it, so the count is what is asserted).
    expect((await parseJob(second.url))?.attempts).toBeGreaterThanOrEqual(2);
    expect(recovered.itemCount).toBe(80_000);

    // An uninterrupted parse of the same file gives the same result.
    const again = await api(second.url, `/ks/analyse/cost-files/${costFileId}/parse`, { token, body: {} });
    expect(again.code, again.message).toBe(200);
    await expect
      .poll(
        async () => {
          const now = await analysis();
          return now.parseState === 'parsed' && now.parsedAt !== recovered.parsedAt;
        },
        { timeout: 120_000, interval: 500 },
      )
      .toBe(true);
    expect({ ...(await analysis()), parsedAt: null }).toEqual({ ...recovered, parsedAt: null });
  });
});
