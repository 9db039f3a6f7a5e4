/**
 * Soak (issue 20): a steady, rate-limited mixed load on two production instances sharing one
 * PostgreSQL database and one FILES_DIR, for SOAK_MINUTES (default 30). Lists, details, saves
 * (create, and update with the version read), small simple uploads, a chunked upload every so often,
 * a notice published now and then, and SOAK_SSE_STREAMS push streams held open the whole time.
 * Every SOAK_INTERVAL_SECONDS (default 30) it records, per kind, requests/s, p50/p99 latency and
 * errors, each instance's RSS, and the streams connected. The baseline is the run's own first
 * interval: last ÷ first of throughput, p99 and RSS. Figures and verdicts; exit 1 only when a
 * request errored, answered non-2xx or a stream dropped.
 *
 * Run from the repository root: `npm run bench:soak` (`npm run build` first).
 * SOAK_MINUTES=2 for a smoke run. See README.md "Soak".
 */

import { createHash, randomFillSync } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { type ClientRequest, request as httpRequest } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { CpuMeter } from './lib/cpu.ts';
import { ORDER_DEFINITION, ORDER_STATUSES, ORDER_WHERE } from './lib/order-node.ts';
import { createBenchDatabase, DEFAULT_ADMIN_URL } from './lib/postgres.ts';
import { commandLine, environment, RESULTS_DIR, runSection } from './lib/report.ts';
import { rssMiB } from './lib/rss.ts';
import { type RunningServer, startPlatformServer } from './lib/server.ts';
import { login } from './lib/session.ts';

// ————— settings —————
function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number, not "${raw}"`);
  return value;
}
const MINUTES = positive('SOAK_MINUTES', 30);
const INTERVAL_SECONDS = positive('SOAK_INTERVAL_SECONDS', 30);
const STREAMS = Math.round(positive('SOAK_SSE_STREAMS', 50));
const SEED_ROWS = Math.round(positive('SOAK_ROWS', 20_000));
const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL || DEFAULT_ADMIN_URL;
const REQUEST_TIMEOUT_MS = 30_000;
/** A kind with this many requests still open skips its next ones (counted): the load stays bounded. */
const MAX_IN_FLIGHT = 100;
/** Memory is flat when the last intervals' mean RSS is within this share of the early intervals'. */
const RSS_FLAT_SHARE = 0.1;
/** p99 holds when the last intervals' mean is at most this multiple of the early intervals'. */
const P99_HOLD_FACTOR = 1.5;
const CHUNKED_MIB = 6;

/** Operations per second of each kind, both instances together (alternating between them). */
const RATES = {
  list: 20,
  detail: 25,
  create: 3,
  update: 5,
  upload: 2,
  chunked: 1 / 60,
  notice: 1 / 60,
} as const;
type Kind = keyof typeof RATES;
const KINDS = Object.keys(RATES) as Kind[];
const KIND_LABELS: Record<Kind, string> = {
  list: 'record list page, filtered (enterprise)',
  detail: 'record details (enterprise)',
  create: 'record save, create (enterprise)',
  update: 'record save, update with version (enterprise)',
  upload: 'simple upload, 20 KiB PDF (enterprise)',
  chunked: `chunked upload, ${CHUNKED_MIB} MiB PDF: upload-task + chunk-uploads + file-merge (enterprise)`,
  notice: 'notice published to everyone (administrator), fanned out to the streams',
};

const ACCOUNTS = [
  ['admin', 'Admin2026'],
  ['developer', 'Dev2026ks'],
  ['enterprise', 'Ent2026ks'],
  ['personnel', 'Per2026ks'],
] as const;

// ————— HTTP —————
interface Envelope<T> {
  code: number;
  data: T;
  message: string;
}

/** A failed operation: `error` for no answer (connection, timeout), `non2xx` for an answer that is not HTTP 2xx with code 200. */
class Failure extends Error {
  constructor(
    readonly type: 'error' | 'non2xx',
    message: string,
  ) {
    super(message);
  }
}

async function call<T>(url: string, token: string, body: unknown): Promise<T> {
  const init: RequestInit = {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  };
  if (body instanceof FormData) init.body = body;
  else {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, init);
    text = await response.text();
  } catch (error) {
    throw new Failure('error', `${new URL(url).pathname}: ${(error as Error).message}`);
  }
  let answer: Envelope<T> | undefined;
  try {
    answer = JSON.parse(text) as Envelope<T>;
  } catch {
    answer = undefined;
  }
  if (!response.ok || answer?.code !== 200)
    throw new Failure('non2xx', `${new URL(url).pathname}: HTTP ${response.status} ${text.slice(0, 300)}`);
  return answer.data;
}

// ————— per-interval figures —————
interface KindCounters {
  done: number;
  /** HTTP requests sent (a chunked upload is several). */
  requests: number;
  errors: number;
  non2xx: number;
  skipped: number;
  latencies: number[];
}
const fresh = (): KindCounters => ({ done: 0, requests: 0, errors: 0, non2xx: 0, skipped: 0, latencies: [] });

interface KindFigures {
  opsPerSec: number;
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  done: number;
  errors: number;
  non2xx: number;
  skipped: number;
}

interface Interval {
  index: number;
  /** Seconds since the load started, at the interval's end. */
  endSeconds: number;
  seconds: number;
  kinds: Record<Kind, KindFigures>;
  /** All HTTP requests of the interval (every kind, chunk requests counted one by one). */
  all: { requestsPerSec: number; p50Ms: number; p99Ms: number; errors: number; non2xx: number };
  rssMiB: number[];
  streams: {
    connected: number;
    heartbeats: number;
    events: number;
    noticesDelivered: number;
    noticesExpected: number;
    drops: number;
  };
  loadAverage1m: number;
  /** CPU over the interval: each instance's and PostgreSQL's share of one core, the machine's busy and steal shares (0–1), and the instances' CPU per request. */
  cpu: {
    instanceShare: number[];
    postgresShare: number;
    machineBusyShare: number;
    stealShare: number;
    instancesMsPerRequest: number;
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN);

// ————— SSE streams —————
interface Stream {
  index: number;
  server: RunningServer;
  token: string;
  request: ClientRequest | null;
  connected: boolean;
  heartbeats: number;
  events: number;
  notices: Set<string>;
}

function openStream(stream: Stream, onDrop: (stream: Stream, why: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const target = new URL(`${stream.server.url}/ks/message/v1/subscribe`);
    let buffer = '';
    let settled = false;
    const request = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'GET',
        agent: false,
        headers: { accept: 'text/event-stream', authorization: `Bearer ${stream.token}` },
      },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          settled = true;
          reject(new Error(`subscribe answered HTTP ${response.statusCode}`));
          return;
        }
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (!settled) {
            settled = true;
            stream.connected = true;
            resolve();
          }
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (frame.startsWith(':')) stream.heartbeats++;
            else if (/^data:/m.test(frame)) {
              stream.events++;
              for (const marker of frame.match(/soak-notice-\d+/g) ?? []) stream.notices.add(marker);
            }
            end = buffer.indexOf('\n\n');
          }
        });
        const dropped = (why: string) => {
          if (!stream.connected) return;
          stream.connected = false;
          onDrop(stream, why);
        };
        response.on('end', () => dropped('stream ended'));
        response.on('error', (error) => dropped(error.message));
        response.on('close', () => dropped('stream closed'));
      },
    );
    request.on('error', (error) => {
      if (!settled) {
        settled = true;
        reject(error);
      } else if (stream.connected) {
        stream.connected = false;
        onDrop(stream, error.message);
      }
    });
    request.end();
    stream.request = request;
  });
}

// ————— the run —————
const cleanups: (() => Promise<unknown>)[] = [];
async function cleanup() {
  while (cleanups.length > 0) {
    const step = cleanups.pop();
    try {
      await step?.();
    } catch (error) {
      console.error('cleanup:', (error as Error).message);
    }
  }
}
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    interrupted = true;
    console.error(`\n${signal}: stopping and cleaning up`);
    void cleanup().finally(() => process.exit(130));
  });

/** A PDF-looking body of `bytes` random bytes (unique, so the store never completes it instantly by md5). */
function pdfBytes(bytes: number): Buffer<ArrayBuffer> {
  const body = randomFillSync(Buffer.alloc(bytes));
  Buffer.from('%PDF-1.7\n').copy(body);
  return body;
}

async function main(): Promise<number> {
  const loadAtStart = loadavg();
  const database = await createBenchDatabase(ADMIN_URL, 'ks_bench_soak');
  cleanups.push(() => database.drop());
  console.log(`database ${database.name} created`);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  cleanups.push(() => client.end());
  const postgresVersion = String((await client.query('show server_version')).rows[0]?.server_version);

  const filesDir = await mkdtemp(join(tmpdir(), 'ks-soak-files-'));
  cleanups.push(() => rm(filesDir, { recursive: true, force: true }));
  const shared = { DATABASE_URL: database.url, FILES_DIR: filesDir, JOBS_WORK: 'true' };
  // The first migrates and seeds the demo data; the second finds it.
  const first = await startPlatformServer({ ...shared, SEED_DEMO: 'true' });
  cleanups.push(() => first.stop());
  const second = await startPlatformServer({ ...shared, SEED_DEMO: 'false' });
  cleanups.push(() => second.stop());
  const servers = [first, second];
  const pids = servers.map((s) => s.pid ?? 0);
  console.log(`instances: ${servers.map((s, i) => `${s.url} (pid ${pids[i]})`).join(', ')}`);

  const tokens = Object.fromEntries(
    await Promise.all(
      ACCOUNTS.map(async ([account, password]) => [account, await login(first.url, account, password)]),
    ),
  ) as Record<(typeof ACCOUNTS)[number][0], string>;

  // The order node, through the builder's calls as the seeded developer (as bench/records.ts).
  const systemCoding = `soak${Date.now().toString(36)}`;
  await call(`${first.url}/ks/config/new/structure/add`, tokens.developer, {
    systemName: '订单浸泡系统',
    title: '订单浸泡',
    gnCoding: systemCoding,
    levels: '0',
  });
  const node = await call<{ id: string; gnCoding: string }>(
    `${first.url}/ks/config/new/structure/child-menu`,
    tokens.developer,
    { systemCoding, parentId: null, title: '订单', nodeProperties: 'dynamicList', gnCoding: 'orders' },
  );
  await call(`${first.url}/ks/config/new/node/update-preview`, tokens.developer, {
    nodeId: node.id,
    version: 0,
    definition: ORDER_DEFINITION,
  });
  const published = await call<{ tableName: string }>(
    `${first.url}/ks/config/new/node/publish`,
    tokens.developer,
    { nodeId: node.id },
  );
  const table = published.tableName;
  const ref = { systemCoding, gnCoding: node.gnCoding };
  const owner = (
    await client.query(
      `select id::text, enterprise_id::text from users where account = 'enterprise' and deleted_at is null`,
    )
  ).rows[0] as { id: string; enterprise_id: string } | undefined;
  if (!owner?.enterprise_id) throw new Error('the seeded enterprise user (with an enterprise) was not found');
  await client.query({
    text: `insert into "ks_data"."${table}" (business_id, owner_user_id, owner_enterprise_id, schema_version,
        created_at, updated_at, title, customer, quantity, amount, order_status, order_date, paid, note)
      select 'SOAK-' || lpad(n::text, 7, '0'), $1::uuid, $2::uuid, 1,
        t, t, '订单' || n, '客户' || (n % 997), ((n::bigint * 7919) % 100) + 1, round(((n::bigint * 104729) % 1000000) / 100.0, 2),
        (array['pending','paid','shipped','done','cancelled'])[n % 5 + 1], t - interval '1 day', n % 2 = 0,
        '第' || n || '号订单的备注：请于工作日送达'
      from (select n, timestamptz '2025-01-01 00:00:00+08' + n * interval '10 seconds' as t
            from generate_series(1, $3::int) n) s`,
    values: [owner.id, owner.enterprise_id, SEED_ROWS],
  });
  await client.query(`vacuum analyze "ks_data"."${table}"`);
  const detailPool = (
    await client.query(`select id::text from "ks_data"."${table}" order by random() limit 2000`)
  ).rows.map((row: { id: string }) => row.id);
  console.log(`node ks_data.${table} published, ${SEED_ROWS} records loaded`);

  // ——— the operations ———
  let sequence = 0;
  const values = (n: number) => ({
    title: `浸泡订单${n}`,
    customer: `客户${n % 97}`,
    quantity: (n % 100) + 1,
    amount: ((n * 37) % 100000) / 100,
    order_status: ORDER_STATUSES[n % 5]?.[0] ?? 'pending',
    order_date: '2026-11-01 09:30:00',
    paid: n % 2 === 0,
    note: `浸泡测试的第${n}条订单`,
  });
  /** Records this run created, with the version last read; an update takes one out while it runs. */
  const editable: { id: string; version: number }[] = [];
  let turn = 0;
  const nextServer = () => servers[turn++ % servers.length] as RunningServer;
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)] as T;
  const noticesSent: { marker: string; at: number }[] = [];

  const operations: Record<Kind, (server: RunningServer) => Promise<number>> = {
    list: async (server) => {
      await call(`${server.url}/ks/monitor/table-list`, tokens.enterprise, {
        ...ref,
        pageSize: 20,
        curPage: 1 + Math.floor(Math.random() * 10),
        where: ORDER_WHERE,
        sortField: 'created_at',
        sortOrder: 'desc',
      });
      return 1;
    },
    detail: async (server) => {
      await call(`${server.url}/ks/info/v1/form/details`, tokens.enterprise, {
        ...ref,
        id: pick(detailPool),
      });
      return 1;
    },
    create: async (server) => {
      const saved = await call<{ id: string; version: number }>(
        `${server.url}/ks/monitor/save`,
        tokens.enterprise,
        { ...ref, values: values(++sequence) },
      );
      editable.push(saved);
      if (detailPool.length < 5000) detailPool.push(saved.id);
      return 1;
    },
    update: async (server) => {
      const record =
        editable.length > 0 ? editable.splice(Math.floor(Math.random() * editable.length), 1)[0] : undefined;
      if (!record) return 0;
      try {
        const saved = await call<{ id: string; version: number }>(
          `${server.url}/ks/monitor/save`,
          tokens.enterprise,
          { ...ref, id: record.id, version: record.version, values: values(++sequence) },
        );
        if (saved.version <= record.version)
          throw new Failure('non2xx', `update kept version ${saved.version}`);
        editable.push(saved);
      } catch (error) {
        editable.push(record);
        throw error;
      }
      return 1;
    },
    upload: async (server) => {
      const form = new FormData();
      form.append('gnCoding', '');
      form.append('systemCoding', '');
      form.append(
        'file',
        new Blob([pdfBytes(20 * 1024)], { type: 'application/pdf' }),
        `soak-${++sequence}.pdf`,
      );
      await call(`${server.url}/ks/common/common/upload/attachment`, tokens.enterprise, form);
      return 1;
    },
    chunked: async (server) => {
      const bytes = pdfBytes(CHUNKED_MIB * 1024 * 1024);
      const md5 = createHash('md5').update(bytes).digest('hex');
      const fileName = `soak-chunked-${++sequence}.pdf`;
      const task = await call<{ uploadId: string; chunkCount: number; chunkSize: number }>(
        `${server.url}/ks/upload/v1/upload-task`,
        tokens.enterprise,
        { md5, fileName, fileSize: bytes.length },
      );
      for (let index = 0; index < task.chunkCount; index++) {
        const part = bytes.subarray(index * task.chunkSize, (index + 1) * task.chunkSize);
        const form = new FormData();
        form.append('uploadId', task.uploadId);
        form.append('chunk', String(index));
        form.append('md5', createHash('md5').update(part).digest('hex'));
        form.append('file', new Blob([part]), 'chunk');
        // Chunks alternate between the instances, as a browser behind a balancer would send them.
        await call(
          `${servers[index % servers.length]?.url}/ks/upload/v1/chunk-upload`,
          tokens.enterprise,
          form,
        );
      }
      const merged = await call<{ status: string }>(
        `${server.url}/ks/upload/v1/file-merge`,
        tokens.enterprise,
        {
          uploadId: task.uploadId,
          md5,
          fileName,
        },
      );
      if (merged.status !== 'done')
        throw new Failure('non2xx', `file-merge answered status ${merged.status}`);
      return 2 + task.chunkCount;
    },
    notice: async (server) => {
      const marker = `soak-notice-${++sequence}`;
      const form = new FormData();
      form.append('msgType', '1');
      form.append('messages', `浸泡测试通知 ${marker}`);
      form.append('audience', 'all');
      noticesSent.push({ marker, at: performance.now() });
      await call(`${server.url}/ks/message/v1/publish/upload-notice`, tokens.admin, form);
      return 1;
    },
  };

  // One of each before the load: every kind must answer.
  for (const kind of ['create', ...KINDS.filter((k) => k !== 'create' && k !== 'notice')] as Kind[])
    await operations[kind](first);
  console.log('one request of each kind answered');

  // ——— streams ———
  const drops: { at: number; stream: number; why: string }[] = [];
  const streams: Stream[] = Array.from({ length: STREAMS }, (_, index) => ({
    index,
    server: servers[index % servers.length] as RunningServer,
    token: tokens[ACCOUNTS[index % ACCOUNTS.length]?.[0] ?? 'admin'],
    request: null,
    connected: false,
    heartbeats: 0,
    events: 0,
    notices: new Set<string>(),
  }));
  let stopping = false;
  const onDrop = (stream: Stream, why: string) => {
    if (stopping) return;
    drops.push({ at: performance.now(), stream: stream.index, why });
    console.error(`  stream ${stream.index} dropped: ${why}; reconnecting`);
    setTimeout(() => {
      if (!stopping)
        openStream(stream, onDrop).catch((error) => onDrop(stream, `reconnect: ${error.message}`));
    }, 1000);
  };
  await Promise.all(streams.map((s) => openStream(s, onDrop)));
  cleanups.push(async () => {
    stopping = true;
    for (const s of streams) s.request?.destroy();
  });
  console.log(`${streams.length} push streams open`);

  // ——— the load ———
  const counters = Object.fromEntries(KINDS.map((k) => [k, fresh()])) as Record<Kind, KindCounters>;
  const inFlight = Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>;
  const failures: { at: number; kind: Kind; message: string }[] = [];
  const run = (kind: Kind) => {
    const c = counters[kind];
    if (inFlight[kind] >= MAX_IN_FLIGHT) {
      c.skipped++;
      return;
    }
    inFlight[kind]++;
    const started = performance.now();
    operations[kind](nextServer())
      .then(
        (requests) => {
          c.done++;
          c.requests += requests;
          if (requests > 0) c.latencies.push(performance.now() - started);
        },
        (error) => {
          c.requests++;
          if (error instanceof Failure && error.type === 'non2xx') c.non2xx++;
          else c.errors++;
          if (failures.length < 200)
            failures.push({
              at: (performance.now() - loadStart) / 1000,
              kind,
              message: (error as Error).message,
            });
          console.error(`  ${kind} failed: ${(error as Error).message}`);
        },
      )
      .finally(() => {
        inFlight[kind]--;
      });
  };
  // Open-loop pacing: each kind fires when its schedule says, whatever is still open.
  const TICK_MS = 20;
  const loadStart = performance.now();
  const fired = Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>;
  // The rare kinds fire first at a quarter of their period, not at once.
  const offset = (kind: Kind) => (RATES[kind] < 1 ? 0.25 / RATES[kind] : 0);
  const pacer = setInterval(() => {
    const elapsed = (performance.now() - loadStart) / 1000;
    for (const kind of KINDS) {
      const since = elapsed - offset(kind);
      const due = since < 0 ? 0 : Math.floor(since * RATES[kind]) + (RATES[kind] < 1 ? 1 : 0);
      while (fired[kind] < due) {
        fired[kind]++;
        run(kind);
      }
    }
  }, TICK_MS);
  cleanups.push(async () => clearInterval(pacer));

  const intervals: Interval[] = [];
  const totalSeconds = MINUTES * 60;
  const count = Math.max(1, Math.round(totalSeconds / INTERVAL_SECONDS));
  const offered = KINDS.reduce((sum, k) => sum + RATES[k], 0);
  console.log(
    `\nsoak: ${MINUTES} min, ${count} intervals of ${INTERVAL_SECONDS} s, offered ${offered.toFixed(1)} operations/s, ${STREAMS} streams`,
  );
  console.log(
    'interval |  t (s) | req/s | p50 ms | p99 ms | err | non2xx | RSS A | RSS B | streams | heartbeats | load',
  );
  let previousStreams = { heartbeats: 0, events: 0 };
  let intervalStart = performance.now();
  let meters = pids.map((pid) => new CpuMeter(pid));
  let noticesCounted = 0;
  for (let index = 1; index <= count && !interrupted; index++) {
    await new Promise((resolve) =>
      setTimeout(resolve, loadStart + index * INTERVAL_SECONDS * 1000 - performance.now()),
    );
    const now = performance.now();
    const seconds = (now - intervalStart) / 1000;
    intervalStart = now;
    const used = meters.map((m) => m.stop());
    meters = pids.map((pid) => new CpuMeter(pid));
    const kinds = {} as Record<Kind, KindFigures>;
    const allLatencies: number[] = [];
    let allRequests = 0;
    let allErrors = 0;
    let allNon2xx = 0;
    for (const kind of KINDS) {
      const c = counters[kind];
      counters[kind] = fresh();
      const sorted = c.latencies.sort((a, b) => a - b);
      kinds[kind] = {
        opsPerSec: c.done / seconds,
        requestsPerSec: c.requests / seconds,
        p50Ms: percentile(sorted, 50),
        p99Ms: percentile(sorted, 99),
        maxMs: sorted.at(-1) ?? Number.NaN,
        done: c.done,
        errors: c.errors,
        non2xx: c.non2xx,
        skipped: c.skipped,
      };
      // Chunked uploads' latencies are whole protocols: kept apart from the per-request percentiles.
      if (kind !== 'chunked') allLatencies.push(...sorted);
      allRequests += c.requests;
      allErrors += c.errors;
      allNon2xx += c.non2xx;
    }
    allLatencies.sort((a, b) => a - b);
    const heartbeats = streams.reduce((sum, s) => sum + s.heartbeats, 0);
    const events = streams.reduce((sum, s) => sum + s.events, 0);
    // Notices sent at least 5 s before the interval's end count as due on every stream.
    const due = noticesSent.filter((n) => n.at < now - 5000);
    const newlyDue = due.slice(noticesCounted);
    noticesCounted = due.length;
    const interval: Interval = {
      index,
      endSeconds: (now - loadStart) / 1000,
      seconds,
      kinds,
      all: {
        requestsPerSec: allRequests / seconds,
        p50Ms: percentile(allLatencies, 50),
        p99Ms: percentile(allLatencies, 99),
        errors: allErrors,
        non2xx: allNon2xx,
      },
      rssMiB: pids.map((pid) => rssMiB(pid)),
      streams: {
        connected: streams.filter((s) => s.connected).length,
        heartbeats: heartbeats - previousStreams.heartbeats,
        events: events - previousStreams.events,
        noticesDelivered: newlyDue.reduce(
          (sum, n) => sum + streams.filter((s) => s.notices.has(n.marker)).length,
          0,
        ),
        noticesExpected: newlyDue.length * streams.length,
        drops: drops.filter((d) => d.at > now - seconds * 1000 && d.at <= now).length,
      },
      loadAverage1m: loadavg()[0] ?? Number.NaN,
      cpu: {
        instanceShare: used.map((u) => u.serverSeconds / seconds),
        postgresShare: (used[0]?.postgresSeconds ?? Number.NaN) / seconds,
        machineBusyShare: used[0]?.busyShare ?? Number.NaN,
        stealShare: used[0]?.stealShare ?? Number.NaN,
        instancesMsPerRequest:
          (used.reduce((sum, u) => sum + u.serverSeconds, 0) * 1000) / Math.max(1, allRequests),
      },
    };
    previousStreams = { heartbeats, events };
    intervals.push(interval);
    const f = (v: number, d = 0) => (Number.isFinite(v) ? v.toFixed(d) : 'n/a');
    console.log(
      `${String(index).padStart(8)} | ${f(interval.endSeconds).padStart(6)} | ${f(interval.all.requestsPerSec, 1).padStart(5)} | ${f(interval.all.p50Ms, 1).padStart(6)} | ${f(interval.all.p99Ms, 1).padStart(6)} | ${String(allErrors).padStart(3)} | ${String(allNon2xx).padStart(6)} | ${f(interval.rssMiB[0] ?? Number.NaN).padStart(5)} | ${f(interval.rssMiB[1] ?? Number.NaN).padStart(5)} | ${String(interval.streams.connected).padStart(7)} | ${String(interval.streams.heartbeats).padStart(10)} | ${f(interval.loadAverage1m, 2)}`,
    );
  }
  clearInterval(pacer);
  // Let the last operations finish (they are not counted in any interval).
  const drainStart = performance.now();
  while (KINDS.some((k) => inFlight[k] > 0) && performance.now() - drainStart < REQUEST_TIMEOUT_MS)
    await new Promise((resolve) => setTimeout(resolve, 100));
  stopping = true;
  for (const s of streams) s.request?.destroy();
  const afterLoadFailures = KINDS.reduce((sum, k) => sum + counters[k].errors + counters[k].non2xx, 0);

  // ——— verdicts ———
  const mean = (list: number[]) => list.reduce((a, b) => a + b, 0) / Math.max(1, list.length);
  const n = intervals.length;
  const early = intervals.slice(1, Math.min(6, n));
  const late = intervals.slice(Math.max(1, n - 5));
  const firstI = intervals[0] as Interval;
  const lastI = intervals.at(-1) as Interval;
  const ratio = (a: number, b: number) => (b > 0 && Number.isFinite(a) ? a / b : Number.NaN);
  const rssEarly = pids.map((_, i) => mean(early.map((x) => x.rssMiB[i] ?? Number.NaN)));
  const rssLate = pids.map((_, i) => mean(late.map((x) => x.rssMiB[i] ?? Number.NaN)));
  /** Least-squares slope of an instance's RSS over intervals 2..n, in MiB per hour. */
  const slope = (i: number) => {
    const points = intervals.slice(1).map((x) => [x.endSeconds / 3600, x.rssMiB[i] ?? Number.NaN] as const);
    const mx = mean(points.map((p) => p[0]));
    const my = mean(points.map((p) => p[1]));
    const num = points.reduce((s, p) => s + (p[0] - mx) * (p[1] - my), 0);
    const den = points.reduce((s, p) => s + (p[0] - mx) ** 2, 0);
    return den > 0 ? num / den : Number.NaN;
  };
  const totals = {
    errors: intervals.reduce((s, x) => s + x.all.errors, 0),
    non2xx: intervals.reduce((s, x) => s + x.all.non2xx, 0),
    skipped: intervals.reduce((s, x) => s + KINDS.reduce((t, k) => t + x.kinds[k].skipped, 0), 0),
    requests: intervals.reduce((s, x) => s + x.all.requestsPerSec * x.seconds, 0),
    drops: drops.length,
    noticesDelivered: intervals.reduce((s, x) => s + x.streams.noticesDelivered, 0),
    noticesExpected: intervals.reduce((s, x) => s + x.streams.noticesExpected, 0),
  };
  const tooShort = n < 4;
  const expectedRequestsPerSec = firstI.all.requestsPerSec;
  const verdicts = [
    {
      criterion: 'throughput held',
      rule: 'every interval after the first served ≥ 95 % of the operations offered per kind (list, detail, create, update, upload), and last ÷ first requests/s within 0.9–1.1',
      measured: `last ÷ first = ${ratio(lastI.all.requestsPerSec, firstI.all.requestsPerSec).toFixed(3)}; lowest served share ${(
        Math.min(
          ...intervals
            .slice(1)
            .flatMap((x) =>
              (['list', 'detail', 'create', 'update', 'upload'] as Kind[]).map(
                (k) => x.kinds[k].opsPerSec / RATES[k],
              ),
            ),
        ) * 100
      ).toFixed(1)} %`,
      met:
        intervals
          .slice(1)
          .every((x) =>
            (['list', 'detail', 'create', 'update', 'upload'] as Kind[]).every(
              (k) => x.kinds[k].opsPerSec >= 0.95 * RATES[k],
            ),
          ) && Math.abs(ratio(lastI.all.requestsPerSec, expectedRequestsPerSec) - 1) <= 0.1,
    },
    {
      criterion: 'p99 held',
      rule: `mean p99 (all requests but chunked uploads) of the last ${late.length} intervals ≤ ${P99_HOLD_FACTOR} × that of intervals 2–${early.length + 1}`,
      measured: `${mean(late.map((x) => x.all.p99Ms)).toFixed(1)} ms vs ${mean(early.map((x) => x.all.p99Ms)).toFixed(1)} ms (last ÷ first interval ${ratio(lastI.all.p99Ms, firstI.all.p99Ms).toFixed(2)})`,
      met:
        !tooShort &&
        mean(late.map((x) => x.all.p99Ms)) <= P99_HOLD_FACTOR * mean(early.map((x) => x.all.p99Ms)),
    },
    ...pids.map((_, i) => ({
      criterion: `memory flat, instance ${i === 0 ? 'A' : 'B'}`,
      rule: `mean RSS of the last ${late.length} intervals within ${RSS_FLAT_SHARE * 100} % of that of intervals 2–${early.length + 1}`,
      measured: `${(rssLate[i] ?? Number.NaN).toFixed(1)} MiB vs ${(rssEarly[i] ?? Number.NaN).toFixed(1)} MiB (${(
        (ratio(rssLate[i] ?? Number.NaN, rssEarly[i] ?? Number.NaN) - 1) * 100
      ).toFixed(
        1,
      )} %); slope over intervals 2–${n} ${slope(i).toFixed(1)} MiB/h; last ÷ first interval ${ratio(lastI.rssMiB[i] ?? Number.NaN, firstI.rssMiB[i] ?? Number.NaN).toFixed(3)}`,
      met:
        !tooShort &&
        Math.abs(ratio(rssLate[i] ?? Number.NaN, rssEarly[i] ?? Number.NaN) - 1) <= RSS_FLAT_SHARE,
    })),
    {
      criterion: 'errors none',
      rule: 'no request errored, timed out or answered other than HTTP 2xx with code 200; no operation skipped',
      measured: `${totals.errors} errors, ${totals.non2xx} non-2xx, ${totals.skipped} skipped (${afterLoadFailures} more among the operations finishing after the last interval)`,
      met: totals.errors + totals.non2xx + totals.skipped + afterLoadFailures === 0,
    },
    {
      criterion: 'streams held',
      rule: `all ${STREAMS} push streams connected at every sample, none dropped, every notice delivered to every stream`,
      measured: `${Math.min(...intervals.map((x) => x.streams.connected))} connected at least, ${totals.drops} drops, notices delivered ${totals.noticesDelivered} of ${totals.noticesExpected}`,
      met:
        totals.drops === 0 &&
        intervals.every((x) => x.streams.connected === STREAMS) &&
        totals.noticesDelivered === totals.noticesExpected,
    },
  ];

  const env = environment(commandLine('bench:soak', ['SOAK_', 'BENCH_PG']));
  const report = {
    ...env,
    benchmark: 'soak',
    settings: {
      minutes: MINUTES,
      intervalSeconds: INTERVAL_SECONDS,
      streams: STREAMS,
      seedRows: SEED_ROWS,
      rates: RATES,
      offeredOperationsPerSec: offered,
      chunkedMiB: CHUNKED_MIB,
      requestTimeoutMs: REQUEST_TIMEOUT_MS,
      maxInFlightPerKind: MAX_IN_FLIGHT,
    },
    database: `PostgreSQL ${postgresVersion}, one database shared by both instances`,
    loadAverage: { start: loadAtStart, end: loadavg() },
    tooShort,
    intervals,
    ratios: {
      note: "the baseline is the run's own first interval",
      requestsPerSec: ratio(lastI.all.requestsPerSec, firstI.all.requestsPerSec),
      p99: ratio(lastI.all.p99Ms, firstI.all.p99Ms),
      rss: pids.map((_, i) => ratio(lastI.rssMiB[i] ?? Number.NaN, firstI.rssMiB[i] ?? Number.NaN)),
    },
    rss: { early: rssEarly, late: rssLate, slopeMiBPerHour: pids.map((_, i) => slope(i)) },
    totals,
    verdicts,
    failures,
    drops,
    streamTotals: {
      heartbeats: streams.reduce((s, x) => s + x.heartbeats, 0),
      events: streams.reduce((s, x) => s + x.events, 0),
    },
  };
  // A smoke run (under 10 minutes) must not overwrite the soak's results.
  const name = MINUTES >= 10 ? 'soak' : 'soak-smoke';
  await writeFile(join(RESULTS_DIR, `${name}.json`), `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(join(RESULTS_DIR, `${name}.md`), markdown(report));
  console.log('\nverdicts:');
  for (const v of verdicts) console.log(`  ${v.met ? 'met    ' : 'NOT MET'}  ${v.criterion}: ${v.measured}`);
  console.log(`\nwritten: bench/results/${name}.json, bench/results/${name}.md`);
  return totals.errors + totals.non2xx + totals.drops + afterLoadFailures > 0 ? 1 : 0;
}

type Report = {
  settings: {
    minutes: number;
    intervalSeconds: number;
    streams: number;
    seedRows: number;
    rates: typeof RATES;
    offeredOperationsPerSec: number;
  };
  intervals: Interval[];
  verdicts: { criterion: string; rule: string; measured: string; met: boolean }[];
  ratios: { requestsPerSec: number; p99: number; rss: number[] };
  loadAverage: { start: number[]; end: number[] };
  database: string;
  tooShort: boolean;
  totals: { requests: number };
  failures: { at: number; kind: Kind; message: string }[];
  drops: { at: number; stream: number; why: string }[];
  streamTotals: { heartbeats: number; events: number };
} & ReturnType<typeof environment>;

function markdown(r: Report): string {
  const f = (v: number, d = 0) => (Number.isFinite(v) ? v.toFixed(d) : 'n/a');
  const minutes = (x: Interval) => f(x.endSeconds / 60, 1);
  const rateText = KINDS.map(
    (k) => `${k} ${RATES[k] >= 1 ? `${RATES[k]}/s` : `1 every ${f(1 / RATES[k])} s`}`,
  ).join(', ');
  const loads = (l: number[]) => l.map((v) => v.toFixed(2)).join(', ');
  return [
    '# Soak (`bench/soak.ts`)',
    '',
    `Two production instances of the platform (the built bundle) on **one PostgreSQL database** and one shared FILES_DIR (local storage), both working jobs, the demo data seeded by the first; an order node built through the builder's calls (as bench/records.ts) with ${r.settings.seedRows} records loaded. For ${r.settings.minutes} minutes a **steady, rate-limited** mixed load (open loop: each kind fires on its own schedule, whatever is still open) alternates between the two instances — ${rateText}: ${f(r.settings.offeredOperationsPerSec, 1)} operations/s offered in all — while ${r.settings.streams} push streams (\`GET /ks/message/v1/subscribe\`, the four demo accounts in turn, split over both instances) stay open the whole run. Sampled every ${r.settings.intervalSeconds} s.`,
    '',
    '**Baseline:** the run’s own first interval, measured in the same run on the same machine; the ratios below are last interval ÷ first interval. The first interval includes the instances’ warm-up (JIT, caches, pool connections), so its p99 is the run’s highest and its RSS not yet settled: the p99 and memory verdicts therefore compare the last 5 intervals with intervals 2–6, and print the last ÷ first ratio beside them.',
    '',
    `**Machine:** ${r.cpuCount} CPUs **shared with other sessions’ work during the run** (load average 1/5/15 min ${loads(r.loadAverage.start)} at the start, ${loads(r.loadAverage.end)} at the end; the per-interval 1-min load is in the table). The load generator, both instances and PostgreSQL run on those CPUs.`,
    ...(r.tooShort
      ? ['', '**Too short for the trend verdicts** (fewer than 4 intervals): a smoke run.']
      : []),
    '',
    '## Verdicts',
    '',
    '| criterion | rule | measured | met |',
    '|---|---|---|---|',
    ...r.verdicts.map((v) => `| ${v.criterion} | ${v.rule} | ${v.measured} | ${v.met ? 'yes' : '**no**'} |`),
    '',
    `Last ÷ first interval: requests/s **${f(r.ratios.requestsPerSec, 3)}**, p99 **${f(r.ratios.p99, 2)}**, RSS instance A **${f(r.ratios.rss[0] ?? Number.NaN, 3)}**, instance B **${f(r.ratios.rss[1] ?? Number.NaN, 3)}**.`,
    '',
    '## All requests, instances and streams over time',
    '',
    'Requests/s counts every HTTP request (each chunk of a chunked upload, its task and its merge); p50/p99 are over every operation but the chunked uploads (whole protocols, in their own table). RSS from /proc/<pid>/status at the interval’s end. Heartbeats and events: frames received by all streams in the interval (heartbeat every 15 s per stream).',
    '',
    '| # | end (min) | requests/s | p50 (ms) | p99 (ms) | errors / non-2xx | RSS A (MiB) | RSS B (MiB) | streams connected | drops | heartbeats | events | notices delivered / due | load 1 min |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...r.intervals.map(
      (x) =>
        `| ${x.index} | ${minutes(x)} | ${f(x.all.requestsPerSec, 1)} | ${f(x.all.p50Ms, 1)} | ${f(x.all.p99Ms, 1)} | ${x.all.errors} / ${x.all.non2xx} | ${f(x.rssMiB[0] ?? Number.NaN, 1)} | ${f(x.rssMiB[1] ?? Number.NaN, 1)} | ${x.streams.connected} | ${x.streams.drops} | ${x.streams.heartbeats} | ${x.streams.events} | ${x.streams.noticesDelivered} / ${x.streams.noticesExpected} | ${f(x.loadAverage1m, 2)} |`,
    ),
    '',
    '## CPU over time',
    '',
    'From /proc: each instance’s CPU time over the interval as a share of one core, every `postgres` process on the machine (other sessions’ databases included), the whole machine’s busy share of its CPUs and the hypervisor’s steal; and the two instances’ CPU per request (a growing figure would be the platform’s own cost growing, not the machine’s load).',
    '',
    '| # | end (min) | instance A (% of a core) | instance B (% of a core) | PostgreSQL (% of a core) | machine busy (%) | steal (%) | instances’ CPU (ms/request) | load 1 min |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...r.intervals.map(
      (x) =>
        `| ${x.index} | ${minutes(x)} | ${f((x.cpu.instanceShare[0] ?? Number.NaN) * 100)} | ${f((x.cpu.instanceShare[1] ?? Number.NaN) * 100)} | ${f(x.cpu.postgresShare * 100)} | ${f(x.cpu.machineBusyShare * 100)} | ${f(x.cpu.stealShare * 100, 1)} | ${f(x.cpu.instancesMsPerRequest, 2)} | ${f(x.loadAverage1m, 2)} |`,
    ),
    '',
    '## Per kind over time: operations/s, p50 / p99 (ms), errors + non-2xx',
    '',
    `| # | ${KINDS.join(' | ')} |`,
    `|---:|${KINDS.map(() => '---:').join('|')}|`,
    ...r.intervals.map(
      (x) =>
        `| ${x.index} | ${KINDS.map((k) => {
          const c = x.kinds[k];
          return `${f(c.opsPerSec, RATES[k] >= 1 ? 1 : 3)} · ${f(c.p50Ms)} / ${f(c.p99Ms)}${c.errors + c.non2xx + c.skipped > 0 ? ` · **${c.errors + c.non2xx}${c.skipped ? ` +${c.skipped} skipped` : ''}**` : ''}`;
        }).join(' | ')} |`,
    ),
    '',
    ...KINDS.map((k) => `- \`${k}\`: ${KIND_LABELS[k]}.`),
    '',
    ...(r.failures.length > 0
      ? [
          '## Failures (first 200)',
          '',
          ...r.failures.map((x) => `- ${f(x.at)} s, ${x.kind}: ${x.message}`),
          '',
        ]
      : []),
    ...(r.drops.length > 0
      ? ['## Stream drops', '', ...r.drops.map((d) => `- stream ${d.stream}: ${d.why}`), '']
      : []),
    `Streams in all: ${r.streamTotals.heartbeats} heartbeats, ${r.streamTotals.events} events received; requests in all: ${f(r.totals.requests)}.`,
    '',
    ...runSection(r),
    `- database: ${r.database}`,
    '',
  ].join('\n');
}

if (process.argv.includes('--markdown')) {
  // Rewrites <name>.md from <name>.json (no run), e.g. after a wording change: `--markdown soak`.
  const name = process.argv[process.argv.indexOf('--markdown') + 1] ?? 'soak';
  const report = JSON.parse(await readFile(join(RESULTS_DIR, `${name}.json`), 'utf8')) as Report;
  await writeFile(join(RESULTS_DIR, `${name}.md`), markdown(report));
  console.log(`rewritten: bench/results/${name}.md`);
} else
  try {
    process.exitCode = await main();
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    await cleanup();
  }
