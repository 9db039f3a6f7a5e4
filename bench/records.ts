/**
 * Records runtime benchmark on PostgreSQL (issue 5): an order-style node built through the
 * builder's HTTP calls, 100,000 records bulk-loaded with one `insert … select … generate_series`,
 * then lists, details and creates under load as the seeded enterprise user (row scope applies) and
 * the administrator; the filtered list again at 1,000,000 records next to the same SQL served by a
 * bare Fastify + `pg` handler; and an xlsx export of 100,000 rows. The server's RSS is sampled
 * throughout. Prints the figures, the targets and whether each was met — never asserts a timing.
 *
 * Run from the repository root: `npm run bench:records` (BENCH_DURATION=5 for a shorter run).
 * See README.md "Records runtime".
 */

import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join, relative } from 'node:path';
import { EXACT_COUNT_LIMIT } from '@ks/contract';
import autocannon from 'autocannon';
import pg from 'pg';
import { CpuMeter } from './lib/cpu.ts';
import { ORDER_DEFINITION, ORDER_FILTER, ORDER_STATUSES, ORDER_WHERE } from './lib/order-node.ts';
import { createBenchDatabase, DEFAULT_ADMIN_URL } from './lib/postgres.ts';
import { RECORDS_BASELINE_PATH, startRecordsBaseline } from './lib/records-baseline.ts';
import { type ListScope, listStatements } from './lib/records-sql.ts';
import { commandLine, environment, type Figures, figuresOf, RESULTS_DIR } from './lib/report.ts';
import { RssSampler, rssMiB } from './lib/rss.ts';
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
const MEASURED = positive('BENCH_DURATION', 10);
const WARMUP = Math.min(positive('BENCH_WARMUP', 3), MEASURED);
/** The 1,000,000-record pair gets a longer window: one filtered page can take seconds there. */
const BIG_MEASURED = Math.max(MEASURED, positive('BENCH_BIG_DURATION', 30));
const ROWS = Math.round(positive('BENCH_ROWS', 100_000));
const BIG_ROWS = Math.round(positive('BENCH_BIG_ROWS', 1_000_000));
const CONNECTIONS = 50;
/** The keyset line reads the page after this many records: half the table, past the 10,000-row offset cap. */
const KEYSET_DEPTH = Math.min(50_000, Math.floor(ROWS / 40) * 20);
const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL || DEFAULT_ADMIN_URL;

const ACCOUNTS = {
  developer: { account: 'developer', password: 'Dev2026ks' },
  enterprise: { account: 'enterprise', password: 'Ent2026ks' },
  admin: { account: 'admin', password: 'Admin2026' },
} as const;
type Caller = 'enterprise' | 'admin';

const TARGETS = {
  listRps: 600,
  listP99Ms: 150,
  detailRps: 900,
  createRps: 900,
  rssMiB: 300,
  ratio: 0.7,
};

// ————— helpers —————
interface Envelope<T> {
  code: number;
  data: T;
  message: string;
}

async function post<T>(baseUrl: string, token: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Envelope<T>;
  if (!response.ok || answer.code !== 200) {
    throw new Error(`POST ${path}: HTTP ${response.status}, ${JSON.stringify(answer).slice(0, 500)}`);
  }
  return answer.data;
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');

/** A timed pg query against the bench database (bulk load, VACUUM ANALYZE, EXPLAIN). */
async function timed<T>(label: string, run: () => Promise<T>): Promise<{ value: T; seconds: number }> {
  process.stdout.write(`  ${label} ... `);
  const started = performance.now();
  const value = await run();
  const seconds = (performance.now() - started) / 1000;
  console.log(`${seconds.toFixed(1)} s`);
  return { value, seconds };
}

/**
 * Rows n in [from, to] of the order table, in one statement: owner = the enterprise user and
 * enterprise, schema version 1, creation times ten seconds apart from 2025-01-01 (distinct, so the
 * creation-time order is total), quantity 1..100, five statuses in turn.
 */
function bulkInsert(table: string, from: number, to: number, userId: string, enterpriseId: string) {
  return {
    text: `insert into "ks_data"."${table}" (business_id, owner_user_id, owner_enterprise_id, schema_version,
        created_at, updated_at, title, customer, quantity, amount, order_status, order_date, paid, note)
      select 'BENCH-' || lpad(n::text, 7, '0'), $1::uuid, $2::uuid, 1,
        t, t, '订单' || n, '客户' || (n % 997), ((n::bigint * 7919) % 100) + 1, round(((n::bigint * 104729) % 1000000) / 100.0, 2),
        (array['pending','paid','shipped','done','cancelled'])[n % 5 + 1], t - interval '1 day', n % 2 = 0,
        '第' || n || '号订单的备注：请于工作日送达'
      from (select n, timestamptz '2025-01-01 00:00:00+08' + n * interval '10 seconds' as t
            from generate_series($3::int, $4::int) n) s`,
    values: [userId, enterpriseId, from, to],
  };
}

// ————— measurements —————
interface Scenario {
  name: string;
  /** POST with `body()` unless GET. */
  method?: 'GET' | 'POST';
  description: string;
  caller: Caller;
  path: string;
  body: () => string;
  target: { rps: number; p99Ms?: number } | null;
}

interface ScenarioResult {
  name: string;
  description: string;
  caller: Caller;
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
  figures: Figures;
  warmup: Figures;
  rss: { startMiB: number; endMiB: number; peakMiB: number };
  /** CPU per answered request while measuring: the server process's and PostgreSQL's (ms). */
  cpu?: {
    serverMsPerRequest: number;
    postgresMsPerRequest: number;
    stealShare?: number;
    /** The whole machine's working CPU per request: server, PostgreSQL, load generator and the rest. */
    machineMsPerRequest?: number;
    /** The part of the machine's CPUs that worked during the window (0–1). */
    busyShare?: number;
  };
  /** One connection, requests one after another before the load: the cost of one request alone. */
  sequential: { requests: number; medianMs: number; maxMs: number };
  target: Scenario['target'];
  verdict: Verdict[];
  records?: number;
}

const SEQUENTIAL_REQUESTS = 5;

/**
 * Waits until the bench database runs no statement but this one: requests still in flight when
 * autocannon stops keep PostgreSQL busy, and must not spill into the next measurement.
 */
let drain: () => Promise<number> = async () => 0;
function drainerOf(client: pg.Client, databaseName: string) {
  return async (): Promise<number> => {
    const started = performance.now();
    while (performance.now() - started < 120_000) {
      const active = Number(
        (
          await client.query(
            `select count(*)::int as n from pg_stat_activity where datname = $1 and state = 'active' and pid <> pg_backend_pid()`,
            [databaseName],
          )
        ).rows[0]?.n,
      );
      if (active === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return (performance.now() - started) / 1000;
  };
}

/** Sequential requests on an otherwise idle server; each must answer HTTP 200. */
async function sequential(baseUrl: string, token: string, scenario: Scenario) {
  const times: number[] = [];
  for (let i = 0; i < SEQUENTIAL_REQUESTS; i++) {
    const started = performance.now();
    const response = await fetch(
      `${baseUrl}${scenario.path}`,
      scenario.method === 'GET'
        ? { headers: { authorization: `Bearer ${token}` } }
        : {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: scenario.body(),
          },
    );
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${scenario.name}: HTTP ${response.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    requests: times.length,
    medianMs: times[Math.floor(times.length / 2)] ?? Number.NaN,
    maxMs: times.at(-1) ?? Number.NaN,
  };
}

interface Verdict {
  what: string;
  target: string;
  measured: string;
  met: boolean;
}

async function measure(
  baseUrl: string,
  token: string,
  pid: number,
  scenario: Scenario,
  records?: number,
  measured = MEASURED,
): Promise<ScenarioResult> {
  const run = (duration: number) =>
    autocannon({
      url: baseUrl,
      connections: CONNECTIONS,
      duration,
      timeout: 30,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      requests: [
        scenario.method === 'GET'
          ? { method: 'GET', path: scenario.path }
          : {
              method: 'POST',
              path: scenario.path,
              setupRequest: (request) => ({ ...request, body: scenario.body() }),
            },
      ],
    });
  process.stdout.write(`  [${scenario.name}] as ${scenario.caller}: `);
  await drain();
  const alone = await sequential(baseUrl, token, scenario);
  process.stdout.write(
    `alone ${alone.medianMs.toFixed(0)} ms (median of ${alone.requests}), warm-up ${WARMUP} s, `,
  );
  const warmup = figuresOf(await run(WARMUP));
  await drain();
  process.stdout.write(`measuring ${measured} s ... `);
  const sampler = new RssSampler(pid);
  const meter = new CpuMeter(pid);
  const figures = figuresOf(await run(measured));
  const used = meter.stop();
  const rss = sampler.stop();
  const perRequest = (seconds: number) => (seconds * 1000) / Math.max(1, figures.totalRequests);
  const drained = await drain();
  if (drained > 0.5) process.stdout.write(`(drained ${drained.toFixed(1)} s) `);
  console.log(
    `${figures.requestsPerSecMean.toFixed(0)} req/s, p50 ${figures.latencyP50Ms} ms, p99 ${figures.latencyP99Ms} ms, ` +
      `errors ${figures.errors}, non-2xx ${figures.non2xx}, peak RSS ${rss.peakMiB.toFixed(0)} MiB`,
  );
  const verdict: Verdict[] = [];
  if (scenario.target) {
    verdict.push({
      what: `${scenario.name} requests/s`,
      target: `≥ ${scenario.target.rps}`,
      measured: figures.requestsPerSecMean.toFixed(0),
      met: figures.requestsPerSecMean >= scenario.target.rps,
    });
    if (scenario.target.p99Ms !== undefined)
      verdict.push({
        what: `${scenario.name} p99`,
        target: `< ${scenario.target.p99Ms} ms`,
        measured:
          figures.totalRequests > 0
            ? `${figures.latencyP99Ms} ms`
            : `> ${measured * 1000} ms (no answer within ${measured} s)`,
        met: figures.totalRequests > 0 && figures.latencyP99Ms < scenario.target.p99Ms,
      });
  }
  if (figures.errors > 0 || figures.non2xx > 0 || warmup.errors > 0 || warmup.non2xx > 0)
    verdict.push({
      what: `${scenario.name} answers`,
      target: 'no errors, no non-2xx',
      measured: `${figures.errors + warmup.errors} errors, ${figures.non2xx + warmup.non2xx} non-2xx`,
      met: false,
    });
  return {
    name: scenario.name,
    description: scenario.description,
    caller: scenario.caller,
    connections: CONNECTIONS,
    warmupSeconds: WARMUP,
    durationSeconds: measured,
    figures,
    warmup,
    rss,
    cpu: {
      serverMsPerRequest: perRequest(used.serverSeconds),
      postgresMsPerRequest: perRequest(used.postgresSeconds),
      stealShare: used.stealShare,
      machineMsPerRequest: perRequest(used.machineSeconds),
      busyShare: used.busyShare,
    },
    sequential: alone,
    target: scenario.target,
    verdict,
    ...(records === undefined ? {} : { records }),
  };
}

/**
 * One request alone on each side, alternately (platform, baseline, platform, …), both servers up
 * and idle: the same machine load for both, unlike two measurements taken a minute apart.
 */
async function interleaved(
  platform: { url: string; token: string; body: string },
  baseline: { url: string; body: string },
  pairs = SEQUENTIAL_REQUESTS,
) {
  const time = async (url: string, headers: Record<string, string>, body: string) => {
    const started = performance.now();
    const response = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body,
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url}: HTTP ${response.status}`);
    return performance.now() - started;
  };
  const platformMs: number[] = [];
  const baselineMs: number[] = [];
  for (let i = 0; i < pairs; i++) {
    platformMs.push(
      await time(
        `${platform.url}/ks/monitor/table-list`,
        { authorization: `Bearer ${platform.token}` },
        platform.body,
      ),
    );
    baselineMs.push(await time(`${baseline.url}${RECORDS_BASELINE_PATH}`, {}, baseline.body));
  }
  const median = (list: number[]) =>
    [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? Number.NaN;
  const result = { pairs, platformMedianMs: median(platformMs), baselineMedianMs: median(baselineMs) };
  console.log(
    `  alternating, one connection: platform ${result.platformMedianMs.toFixed(0)} ms, baseline ${result.baselineMedianMs.toFixed(0)} ms (medians of ${pairs})`,
  );
  return result;
}

/** One export, streamed and counted (never buffered here), with the server's RSS sampled meanwhile. */
async function measureExport(baseUrl: string, token: string, pid: number, body: object) {
  const sampler = new RssSampler(pid, 50);
  const started = performance.now();
  const response = await fetch(`${baseUrl}/ks/monitor/export`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 200 || !response.body) throw new Error(`export: HTTP ${response.status}`);
  let bytes = 0;
  for await (const chunk of response.body) bytes += (chunk as Uint8Array).byteLength;
  const seconds = (performance.now() - started) / 1000;
  const rss = sampler.stop();
  return { seconds, bytes, rss };
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the list SQL as the platform sends it, with `jit = off` for the
 * session as the platform's connections have it (apps/server/src/db/client.ts): the plan's text
 * and its execution time.
 */
async function explain(client: pg.Client, statement: { text: string; values: unknown[] }) {
  await client.query('set jit = off');
  try {
    const result = await client.query({
      text: `explain (analyze, buffers) ${statement.text}`,
      values: statement.values,
    });
    const lines = result.rows.map((row: Record<string, string>) => row['QUERY PLAN'] as string);
    const ms = Number(/Execution Time: ([\d.]+) ms/.exec(lines.join('\n'))?.[1] ?? Number.NaN);
    return { ms, plan: lines.join('\n') };
  } finally {
    await client.query('reset jit');
  }
}

// ————— the run —————
const cleanups: (() => Promise<void>)[] = [];
async function cleanup() {
  while (cleanups.length) await (cleanups.pop() as () => Promise<void>)().catch(() => {});
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void cleanup().finally(() => process.exit(130));
  });
}

async function main(): Promise<number> {
  const env = environment(commandLine('bench:records'));
  const loadAtStart = load();
  console.log(`KS Platform records benchmark — ${env.command}`);
  console.log(`node ${env.node}, ${env.cpuCount} × ${env.cpuModel}, load average ${loadAtStart}`);
  console.log(
    `${ROWS} then ${BIG_ROWS} records, ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${MEASURED} s measured\n`,
  );

  const database = await createBenchDatabase(ADMIN_URL, 'ks_bench_records');
  cleanups.push(() => database.drop());
  console.log(`database ${database.name} created`);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  cleanups.push(() => client.end());
  drain = drainerOf(client, database.name);
  const postgresVersion = String((await client.query('show server_version')).rows[0]?.server_version);

  const server = await startPlatformServer({ DATABASE_URL: database.url });
  cleanups.push(() => server.stop());
  const pid = server.pid ?? 0;
  const idleRss = rssMiB(pid);
  console.log(`platform server at ${server.url} (pid ${pid}), RSS after start ${idleRss.toFixed(0)} MiB`);

  // The node, through the builder's calls as the seeded developer.
  const developer = await login(server.url, ACCOUNTS.developer.account, ACCOUNTS.developer.password);
  const systemCoding = `rb${Date.now().toString(36)}`;
  await post(server.url, developer, '/ks/config/new/structure/add', {
    systemName: '订单基准系统',
    title: '订单基准',
    gnCoding: systemCoding,
    levels: '0',
  });
  const node = await post<{ id: string; gnCoding: string }>(
    server.url,
    developer,
    '/ks/config/new/structure/child-menu',
    {
      systemCoding,
      parentId: null,
      title: '订单',
      nodeProperties: 'dynamicList',
      gnCoding: 'orders',
    },
  );
  await post(server.url, developer, '/ks/config/new/node/update-preview', {
    nodeId: node.id,
    version: 0,
    definition: ORDER_DEFINITION,
  });
  const published = await post<{ schemaVersion: number; tableName: string }>(
    server.url,
    developer,
    '/ks/config/new/node/publish',
    { nodeId: node.id },
  );
  const table = published.tableName;
  const ref = { systemCoding, gnCoding: node.gnCoding };
  const indexes = (
    await client.query(
      `select indexname, indexdef from pg_indexes where schemaname = 'ks_data' and tablename = $1 order by indexname`,
      [table],
    )
  ).rows.map((row: { indexdef: string }) => row.indexdef);
  console.log(
    `node published: ks_data.${table}, schema version ${published.schemaVersion}, ${indexes.length} indexes`,
  );

  const owner = (
    await client.query(
      `select id::text, enterprise_id::text from users where account = 'enterprise' and deleted_at is null`,
    )
  ).rows[0] as { id: string; enterprise_id: string } | undefined;
  if (!owner?.enterprise_id) throw new Error('the seeded enterprise user (with an enterprise) was not found');
  const scope: ListScope = { table, enterpriseId: owner.enterprise_id };

  console.log(`\nbulk load of ${ROWS} records`);
  const load100k = await timed(`insert … select … generate_series(1, ${ROWS})`, () =>
    client.query(bulkInsert(table, 1, ROWS, owner.id, owner.enterprise_id)),
  );
  // VACUUM as well: autovacuum visits a table after a bulk insert and marks its pages all-visible,
  // which index-only scans need; without it the first minutes would measure a state no table stays in.
  const analyze100k = await timed('vacuum analyze', () =>
    client.query(`vacuum analyze "ks_data"."${table}"`),
  );

  const tokens: Record<Caller, string> = {
    enterprise: await login(server.url, ACCOUNTS.enterprise.account, ACCOUNTS.enterprise.password),
    admin: await login(server.url, ACCOUNTS.admin.account, ACCOUNTS.admin.password),
  };

  // One request of each kind must answer code 200 before anything is measured.
  const listBody = (extra: object) => JSON.stringify({ ...ref, pageSize: 20, ...extra });
  const firstPageBody = listBody({ curPage: 1 });
  const filteredBody = listBody({
    curPage: 1,
    where: ORDER_WHERE,
    sortField: 'created_at',
    sortOrder: 'desc',
  });
  const page500Body = listBody({ curPage: 500 });
  type Page = { records: { id: string }[]; total: number; totalExact: boolean };
  const checks = {
    firstPage: await post<Page>(
      server.url,
      tokens.enterprise,
      '/ks/monitor/table-list',
      JSON.parse(firstPageBody),
    ),
    filtered: await post<Page>(
      server.url,
      tokens.enterprise,
      '/ks/monitor/table-list',
      JSON.parse(filteredBody),
    ),
    page500: await post<Page>(
      server.url,
      tokens.enterprise,
      '/ks/monitor/table-list',
      JSON.parse(page500Body),
    ),
  };
  for (const [name, page] of Object.entries(checks))
    console.log(
      `  check ${name}: ${page.records.length} rows, total ${page.total} (${page.totalExact ? 'exact' : 'estimated'})`,
    );
  // "Sorted by id": measured as its own line when the runtime accepts id as a sort field.
  const byId = await fetch(`${server.url}/ks/monitor/table-list`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens.enterprise}`, 'content-type': 'application/json' },
    body: listBody({ curPage: 1, sortField: 'id', sortOrder: 'desc' }),
  });
  const byIdAnswer = `HTTP ${byId.status} ${((await byId.json()) as Envelope<unknown>).message}`;
  const byIdBody = listBody({ curPage: 1, sortField: 'id', sortOrder: 'desc' });
  console.log(`  check sortField id: ${byIdAnswer}`);

  const pool = (
    await client.query(
      `select id::text from "ks_data"."${table}" where owner_enterprise_id = $1::uuid order by random() limit 1000`,
      [owner.enterprise_id],
    )
  ).rows.map((row: { id: string }) => row.id);
  const pick = () => pool[Math.floor(Math.random() * pool.length)] as string;
  // Past the offset cap a page is read after a record of the page before it (keyset paging).
  const deepAnchor = (
    await client.query(
      `select id::text from "ks_data"."${table}" where owner_enterprise_id = $1::uuid and deleted_at is null
       order by created_at desc, id desc offset ${KEYSET_DEPTH - 1} limit 1`,
      [owner.enterprise_id],
    )
  ).rows[0]?.id as string;
  const keysetBody = listBody({ curPage: KEYSET_DEPTH / 20 + 1, after: deepAnchor });
  const keysetCheck = await post<Page>(
    server.url,
    tokens.enterprise,
    '/ks/monitor/table-list',
    JSON.parse(keysetBody),
  );
  console.log(`  check keyset after row ${KEYSET_DEPTH}: ${keysetCheck.records.length} rows`);
  await post(server.url, tokens.enterprise, '/ks/info/v1/form/details', { ...ref, id: pick() });
  let created = 0;
  const createBody = () => {
    created++;
    const n = created;
    return JSON.stringify({
      ...ref,
      values: {
        title: `基准订单${n}`,
        customer: `客户${n % 97}`,
        quantity: (n % 100) + 1,
        amount: ((n * 37) % 100000) / 100,
        order_status: ORDER_STATUSES[n % 5]?.[0] ?? 'pending',
        order_date: '2026-11-01 09:30:00',
        paid: n % 2 === 0,
        note: `基准新增的第${n}条订单`,
      },
    });
  };
  await post(server.url, tokens.enterprise, '/ks/monitor/save', JSON.parse(createBody()));

  // Profile of the list SQL at 100k, before the load (the plans the figures below come from).
  const firstPageSql = listStatements(scope, null, { limit: 20, offset: 0 }, EXACT_COUNT_LIMIT);
  const filteredSql = listStatements(scope, ORDER_FILTER, { limit: 20, offset: 0 }, EXACT_COUNT_LIMIT);
  const page500Sql = listStatements(scope, null, { limit: 20, offset: 9980 }, EXACT_COUNT_LIMIT);
  const plans100k = {
    firstPage: await explain(client, firstPageSql.page),
    filtered: await explain(client, filteredSql.page),
    filteredCount: await explain(client, filteredSql.count),
    page500: await explain(client, page500Sql.page),
    filteredHeld: await explain(client, filteredSql.heldPage),
    page500Held: await explain(client, page500Sql.heldPage),
  };

  console.log(`\n${ROWS} records, server ${server.url}`);
  const phase1Sampler = new RssSampler(pid);
  const scenarios: Scenario[] = [
    {
      name: 'session-read',
      description:
        "GET /ks/individual/user-info, the platform's cheapest authenticated read (no records): a reference for what the shared machine allows in this run (bench/results/user-info-postgres.md has it on a quiet machine)",
      method: 'GET',
      caller: 'enterprise',
      path: '/ks/individual/user-info',
      body: () => '',
      target: null,
    },
    {
      name: 'list-first-page',
      description: "table-list page 1 of 20 in the node's default order (created_at desc, then id desc)",
      caller: 'enterprise',
      path: '/ks/monitor/table-list',
      body: () => firstPageBody,
      target: { rps: TARGETS.listRps, p99Ms: TARGETS.listP99Ms },
    },
    ...(byId.status === 200
      ? [
          {
            name: 'list-by-id',
            description: 'table-list page 1 of 20 sorted by id descending (sortField id, sortOrder desc)',
            caller: 'enterprise' as const,
            path: '/ks/monitor/table-list',
            body: () => byIdBody,
            target: { rps: TARGETS.listRps, p99Ms: TARGETS.listP99Ms },
          },
        ]
      : []),
    {
      name: 'list-first-page-admin',
      description: 'the same page as the administrator (row scope: all rows, no reviewer sub-query)',
      caller: 'admin',
      path: '/ks/monitor/table-list',
      body: () => firstPageBody,
      target: { rps: TARGETS.listRps, p99Ms: TARGETS.listP99Ms },
    },
    {
      name: 'list-filtered',
      description: `table-list, where order_status = '${ORDER_FILTER.status}' and quantity > ${ORDER_FILTER.quantityGt}, sorted by created_at desc, page 1 of 20`,
      caller: 'enterprise',
      path: '/ks/monitor/table-list',
      body: () => filteredBody,
      target: { rps: TARGETS.listRps, p99Ms: TARGETS.listP99Ms },
    },
    {
      name: 'list-page-500',
      description:
        'table-list page 500 of 20 (offset 9,980, the deepest page under the 10,000-row offset cap)',
      caller: 'enterprise',
      path: '/ks/monitor/table-list',
      body: () => page500Body,
      target: { rps: TARGETS.listRps, p99Ms: TARGETS.listP99Ms },
    },
    {
      name: 'list-keyset-deep',
      description: `table-list, the page of 20 after the ${KEYSET_DEPTH.toLocaleString('en')}th record in the default order (after: that record's id), past the offset cap`,
      caller: 'enterprise',
      path: '/ks/monitor/table-list',
      body: () => keysetBody,
      target: { rps: TARGETS.listRps, p99Ms: TARGETS.listP99Ms },
    },
    {
      name: 'detail',
      description: `form/details by id, ids drawn at random from a pool of ${pool.length}`,
      caller: 'enterprise',
      path: '/ks/info/v1/form/details',
      body: () => JSON.stringify({ ...ref, id: pick() }),
      target: { rps: TARGETS.detailRps },
    },
  ];
  const results: ScenarioResult[] = [];
  for (const scenario of scenarios)
    results.push(await measure(server.url, tokens[scenario.caller], pid, scenario, ROWS));

  // Export while the table holds exactly the bulk-loaded rows (before the creates add more).
  const liveBeforeExport = Number(
    (await client.query(`select count(*)::int as n from "ks_data"."${table}" where deleted_at is null`))
      .rows[0]?.n,
  );
  process.stdout.write(`  [export] ${liveBeforeExport} rows as enterprise ... `);
  const exported = await measureExport(server.url, tokens.enterprise, pid, {
    ...ref,
    curPage: 1,
    pageSize: 10,
  });
  const exportRowsPerSec = liveBeforeExport / exported.seconds;
  console.log(
    `${exported.seconds.toFixed(1)} s, ${exportRowsPerSec.toFixed(0)} rows/s, ${(exported.bytes / 1048576).toFixed(1)} MiB, ` +
      `RSS ${exported.rss.startMiB.toFixed(0)} → peak ${exported.rss.peakMiB.toFixed(0)} MiB`,
  );

  results.push(
    await measure(
      server.url,
      tokens.enterprise,
      pid,
      {
        name: 'create',
        description:
          'monitor/save without id: validation, insert, revision and operation log in one transaction',
        caller: 'enterprise',
        path: '/ks/monitor/save',
        body: createBody,
        target: { rps: TARGETS.createRps },
      },
      ROWS,
    ),
  );
  const phase1Rss = phase1Sampler.stop();

  // ————— 1,000,000 records —————
  // A fresh platform process for this part: its RSS figures start from an idle server.
  await server.stop();
  const bigServer = await startPlatformServer({ DATABASE_URL: database.url });
  cleanups.push(() => bigServer.stop());
  const bigPid = bigServer.pid ?? 0;
  const bigTokens = {
    enterprise: await login(bigServer.url, ACCOUNTS.enterprise.account, ACCOUNTS.enterprise.password),
  };
  const live = Number(
    (await client.query(`select count(*)::int as n from "ks_data"."${table}" where deleted_at is null`))
      .rows[0]?.n,
  );
  const topUp = Math.max(0, BIG_ROWS - live);
  console.log(`\ntop-up to ${BIG_ROWS} records (${live} live, ${topUp} to add)`);
  const loadBig = await timed(`insert … select … generate_series(${ROWS + 1}, ${ROWS + topUp})`, () =>
    client.query(bulkInsert(table, ROWS + 1, ROWS + topUp, owner.id, owner.enterprise_id)),
  );
  const analyzeBig = await timed('vacuum analyze', () => client.query(`vacuum analyze "ks_data"."${table}"`));
  const bigCheck = await post<Page>(
    bigServer.url,
    bigTokens.enterprise,
    '/ks/monitor/table-list',
    JSON.parse(filteredBody),
  );
  const actualMatches = Number(
    (
      await client.query(
        `select count(*)::int as n from "ks_data"."${table}" where deleted_at is null and order_status = $1 and quantity > $2`,
        [ORDER_FILTER.status, ORDER_FILTER.quantityGt],
      )
    ).rows[0]?.n,
  );
  console.log(
    `  check filtered: total ${bigCheck.total} (${bigCheck.totalExact ? 'exact' : 'estimated'}), actual matches ${actualMatches}`,
  );
  const bigStatements = listStatements(scope, ORDER_FILTER, { limit: 20, offset: 0 }, EXACT_COUNT_LIMIT);
  const plansBig = {
    filtered: await explain(client, bigStatements.page),
    filteredCount: await explain(client, bigStatements.count),
    filteredHeld: await explain(client, bigStatements.heldPage),
  };

  console.log(`\n${BIG_ROWS} records`);
  const bigRss = new RssSampler(bigPid);
  const bigPlatform = await measure(
    bigServer.url,
    bigTokens.enterprise,
    bigPid,
    {
      name: 'list-filtered-1m',
      description: `the filtered list at ${BIG_ROWS} records`,
      caller: 'enterprise',
      path: '/ks/monitor/table-list',
      body: () => filteredBody,
      target: { rps: TARGETS.listRps, p99Ms: TARGETS.listP99Ms },
    },
    BIG_ROWS,
    BIG_MEASURED,
  );
  const bigPlatformRss = bigRss.stop();
  const exportIdle = exported.rss.startMiB;

  const baseline: RunningServer = await startRecordsBaseline(database.url, scope);
  cleanups.push(() => baseline.stop());
  const baselineBody = JSON.stringify({ curPage: 1, pageSize: 20, ...ORDER_FILTER });
  const baselineCheck = (await (
    await fetch(`${baseline.url}${RECORDS_BASELINE_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: baselineBody,
    })
  ).json()) as Envelope<Page>;
  const sameIds =
    JSON.stringify(baselineCheck.data.records.map((row) => row.id)) ===
    JSON.stringify(bigCheck.records.map((row) => row.id));
  const sameTotal =
    baselineCheck.data.total === bigCheck.total && baselineCheck.data.totalExact === bigCheck.totalExact;
  console.log(
    `  baseline at ${baseline.url} (pid ${baseline.pid}): same ids ${sameIds}, same total ${sameTotal}`,
  );
  await drain();
  const bigAlone = await interleaved(
    { url: bigServer.url, token: bigTokens.enterprise, body: filteredBody },
    { url: baseline.url, body: baselineBody },
  );
  await bigServer.stop();
  const bigBaseline = await measure(
    baseline.url,
    '',
    baseline.pid ?? 0,
    {
      name: 'list-filtered-1m-baseline',
      description: 'the same SQL from a bare Fastify handler with pg',
      caller: 'enterprise',
      path: RECORDS_BASELINE_PATH,
      body: () => baselineBody,
      target: null,
    },
    BIG_ROWS,
    BIG_MEASURED,
  );
  await baseline.stop();

  // ————— report —————
  const loadAtEnd = load();
  // A requests/s ratio needs answers on both sides within the window.
  const rpsRatio = (platform: ScenarioResult, base: ScenarioResult) =>
    platform.figures.totalRequests > 0 && base.figures.totalRequests > 0
      ? platform.figures.requestsPerSecMean / base.figures.requestsPerSecMean
      : Number.NaN;
  const ratio = rpsRatio(bigPlatform, bigBaseline);
  const aloneRatio = bigAlone.baselineMedianMs / bigAlone.platformMedianMs;
  const p99Ratio = Number.isFinite(ratio)
    ? bigPlatform.figures.latencyP99Ms / Math.max(bigBaseline.figures.latencyP99Ms, 1)
    : Number.NaN;
  const peakRss = Math.max(phase1Rss.peakMiB, bigPlatformRss.peakMiB, exported.rss.peakMiB);
  const verdicts: Verdict[] = [
    ...results.flatMap((result) => result.verdict),
    ...bigPlatform.verdict,
    ...bigBaseline.verdict,
    {
      what: `list-filtered-1m ratio platform / bare pg (requests/s, ${CONNECTIONS} connections)`,
      target: `≥ ${TARGETS.ratio}`,
      measured: Number.isFinite(ratio) ? ratio.toFixed(3) : 'n/a (no answer within the window)',
      met: ratio >= TARGETS.ratio,
    },
    {
      what: 'list-filtered-1m ratio platform / bare pg (one connection: baseline time ÷ platform time)',
      target: `≥ ${TARGETS.ratio}`,
      measured: aloneRatio.toFixed(3),
      met: aloneRatio >= TARGETS.ratio,
    },
    {
      what: 'server RSS peak during the load (100k and 1M)',
      target: `< ${TARGETS.rssMiB} MiB`,
      measured: `${Math.max(phase1Rss.peakMiB, bigPlatformRss.peakMiB).toFixed(0)} MiB`,
      met: Math.max(phase1Rss.peakMiB, bigPlatformRss.peakMiB) < TARGETS.rssMiB,
    },
    {
      what: `server RSS peak during the export of ${liveBeforeExport} rows`,
      target: `< ${TARGETS.rssMiB} MiB`,
      measured: `${exported.rss.peakMiB.toFixed(0)} MiB`,
      met: exported.rss.peakMiB < TARGETS.rssMiB,
    },
    ...(sameIds && sameTotal
      ? []
      : [
          {
            what: "baseline answers the platform's page",
            target: 'same ids and total',
            measured: `ids ${sameIds}, total ${sameTotal}`,
            met: false,
          },
        ]),
  ];

  const report = {
    ...env,
    database: `PostgreSQL ${postgresVersion} (fresh database ${database.name} on ${new URL(ADMIN_URL).host}, dropped after the run)`,
    loadAverage: { start: loadAtStart, end: loadAtEnd },
    settings: {
      rows: ROWS,
      bigRows: BIG_ROWS,
      connections: CONNECTIONS,
      warmupSeconds: WARMUP,
      durationSeconds: MEASURED,
      bigDurationSeconds: BIG_MEASURED,
    },
    orderNode: {
      systemCoding,
      gnCoding: node.gnCoding,
      table: `ks_data.${table}`,
      indexes,
      definition: ORDER_DEFINITION,
    },
    load: {
      rows: ROWS,
      insertSeconds: load100k.seconds,
      analyzeSeconds: analyze100k.seconds,
      topUpRows: topUp,
      topUpSeconds: loadBig.seconds,
      topUpAnalyzeSeconds: analyzeBig.seconds,
    },
    serverRss: {
      afterStartMiB: idleRss,
      peak100kMiB: phase1Rss.peakMiB,
      peak1mMiB: bigPlatformRss.peakMiB,
      peakMiB: peakRss,
    },
    sortById: byIdAnswer,
    checks: Object.fromEntries(
      Object.entries(checks).map(([name, page]) => [
        name,
        { rows: page.records.length, total: page.total, totalExact: page.totalExact },
      ]),
    ),
    scenarios: results,
    million: {
      platform: bigPlatform,
      baseline: bigBaseline,
      alternating: bigAlone,
      ratios: { requestsPerSec: ratio, p99: p99Ratio, alone: aloneRatio },
      total: bigCheck.total,
      totalExact: bigCheck.totalExact,
      actualMatches,
      baselineSameIds: sameIds,
      baselineSameTotal: sameTotal,
    },
    export: {
      rows: liveBeforeExport,
      seconds: exported.seconds,
      rowsPerSec: exportRowsPerSec,
      bytes: exported.bytes,
      rssStartMiB: exportIdle,
      rssPeakMiB: exported.rss.peakMiB,
    },
    plans: {
      [`${ROWS}`]: plans100k,
      [`${BIG_ROWS}`]: plansBig,
    },
    targets: TARGETS,
    verdicts,
  };
  await mkdir(RESULTS_DIR, { recursive: true });
  const jsonPath = join(RESULTS_DIR, 'records.json');
  const mdPath = join(RESULTS_DIR, 'records.md');
  await writeFile(jsonPath, `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(mdPath, markdown(report));
  console.log('\nTargets');
  for (const v of verdicts)
    console.log(`  ${v.met ? 'met    ' : 'NOT met'}  ${v.what}: ${v.measured} (target ${v.target})`);
  console.log(`\nwritten: ${relative(process.cwd(), jsonPath)}, ${relative(process.cwd(), mdPath)}`);
  const errors = [...results, bigPlatform, bigBaseline].some(
    (r) => r.figures.errors + r.figures.non2xx + r.warmup.errors + r.warmup.non2xx > 0,
  );
  if (errors) console.error('\nSome requests errored or answered non-2xx: see the "answers" lines above.');
  return errors ? 1 : 0;
}

type Report = { command: string; date: string; [key: string]: unknown };

/**
 * What the ratio target leaves the platform to spend. While the machine is about as busy on both
 * sides, requests/s go inversely with the machine's CPU per request, so a ratio of TARGETS.ratio
 * allows the platform the baseline's CPU per request ÷ TARGETS.ratio, and no more.
 */
function cpuBudget(
  platform: ScenarioResult,
  baseline: ScenarioResult,
  f: (value: number, digits?: number) => string,
): string {
  const p = platform.cpu;
  const b = baseline.cpu;
  if (!p?.machineMsPerRequest || !b?.machineMsPerRequest) return '';
  const allowed = b.machineMsPerRequest / TARGETS.ratio;
  return [
    `**CPU budget of the ratio.** The machine was ${f((p.busyShare ?? Number.NaN) * 100)} % busy under the platform's load and ${f((b.busyShare ?? Number.NaN) * 100)} % under the baseline's.`,
    `At about the same busy share, requests/s go inversely with the machine's CPU per request, so a ratio of ${TARGETS.ratio} allows the platform at most ${f(b.machineMsPerRequest, 2)} ÷ ${TARGETS.ratio} = ${f(allowed, 2)} ms per request:`,
    `${f(allowed - b.machineMsPerRequest, 2)} ms more than the bare handler (whose ${f(b.machineMsPerRequest, 2)} ms include the load generator's share).`,
    `The platform spent ${f(p.machineMsPerRequest, 2)} ms, ${f(p.machineMsPerRequest - b.machineMsPerRequest, 2)} ms more:`,
    `${f(p.postgresMsPerRequest - b.postgresMsPerRequest, 2)} ms of it in PostgreSQL (the node lookup with the caller's grants, which the bare handler does not send; the session lookup only once per token every 5 s, decision 0038) and ${f(p.serverMsPerRequest - b.serverMsPerRequest, 2)} ms in the server.`,
  ].join(' ');
}

function markdown(input: Report): string {
  // biome-ignore lint/suspicious/noExplicitAny: the report object built just above
  const r = input as any;
  const f = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
  // autocannon counts only the answers that arrive within the window: none means each took longer.
  const none = (s: ScenarioResult) => s.figures.totalRequests === 0;
  const rps = (s: ScenarioResult) =>
    none(s) ? `0 (no answer within ${s.durationSeconds} s)` : f(s.figures.requestsPerSecMean);
  const latency = (s: ScenarioResult, ms: number) => (none(s) ? `> ${s.durationSeconds * 1000}` : f(ms, 1));
  const cpu = (s: ScenarioResult) =>
    `${f(s.cpu?.serverMsPerRequest ?? Number.NaN, 2)} | ${f(s.cpu?.postgresMsPerRequest ?? Number.NaN, 2)} | ${f(s.cpu?.machineMsPerRequest ?? Number.NaN, 2)} | ${f((s.cpu?.busyShare ?? Number.NaN) * 100)} | ${f((s.cpu?.stealShare ?? Number.NaN) * 100)}`;
  const row = (s: ScenarioResult) =>
    `| ${s.name} | ${s.caller} | ${rps(s)} | ${latency(s, s.figures.latencyP50Ms)} | ${latency(s, s.figures.latencyP99Ms)} | ${s.figures.errors} / ${s.figures.non2xx} | ${s.figures.totalRequests} | ${f(s.sequential.medianMs, 1)} | ${cpu(s)} | ${f(s.rss.peakMiB)} |`;
  const pairRow = (label: string, s: ScenarioResult) =>
    `| ${label} | ${rps(s)} | ${latency(s, s.figures.latencyP50Ms)} | ${latency(s, s.figures.latencyP99Ms)} | ${s.figures.errors} / ${s.figures.non2xx} | ${s.figures.totalRequests} | ${f(s.sequential.medianMs, 1)} | ${cpu(s)} |`;
  const planBlock = (title: string, plan: { ms: number; plan: string }) =>
    [`**${title}** — execution ${f(plan.ms, 1)} ms`, '', '```text', plan.plan, '```', ''].join('\n');
  const plans100k = r.plans[`${r.settings.rows}`];
  const plansBig = r.plans[`${r.settings.bigRows}`];
  return [
    '# Benchmark `records` (records runtime on PostgreSQL)',
    '',
    `An order-style node (title, customer, quantity, amount, order status of five values, order date, paid, note) created through the builder's HTTP calls as the seeded developer (structure/add, child-menu, update-preview, publish), ${r.settings.rows} records bulk-loaded into \`${r.orderNode.table}\` with one \`insert … select … from generate_series\` (owner: the seeded enterprise user and enterprise, schema version 1), then VACUUM ANALYZE (the state autovacuum leaves a table in after a bulk insert). ${r.settings.connections} connections, ${r.settings.warmupSeconds} s warm-up then ${r.settings.durationSeconds} s measured per line. The server's RSS is read from /proc/<pid>/status every 100 ms (50 ms during the export). Figures, not assertions.`,
    '',
    `**Machine load:** load average (1, 5, 15 min) ${r.loadAverage.start} at the start and ${r.loadAverage.end} at the end, on ${r.cpuCount} CPUs shared with other work; the load generator, the server and PostgreSQL all run on them.`,
    '',
    '## Targets',
    '',
    '| what | target | measured | met |',
    '|---|---|---:|---|',
    ...r.verdicts.map(
      (v: Verdict) => `| ${v.what} | ${v.target} | ${v.measured} | ${v.met ? 'yes' : '**no**'} |`,
    ),
    '',
    `## ${r.settings.rows} records`,
    '',
    '| benchmark | as | requests/s (mean) | p50 (ms) | p99 (ms) | errors / non-2xx | requests | alone (ms) | server CPU (ms/request) | PostgreSQL CPU (ms/request) | machine CPU (ms/request) | machine busy (%) | steal (%) | server peak RSS (MiB) |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...r.scenarios.map(row),
    '',
    ...r.scenarios.map((s: ScenarioResult) => `- \`${s.name}\`: ${s.description}.`),
    r.sortById.startsWith('HTTP 200')
      ? '- Sorting by `id` is accepted (HTTP 200): the brief\'s "sorted by id desc" is the `list-by-id` line.'
      : `- Asked to sort by \`id\`, the list answers ${r.sortById}: the brief's "sorted by id desc" is measured as the default order.`,
    `- Totals seen before measuring: ${Object.entries(r.checks)
      .map(([name, c]) => {
        const check = c as { total: number; totalExact: boolean };
        return `${name} ${check.total} (${check.totalExact ? 'exact' : 'estimated'})`;
      })
      .join(', ')}.`,
    `- Server RSS right after start: ${f(r.serverRss.afterStartMiB)} MiB; peak while measuring at ${r.settings.rows}: ${f(r.serverRss.peak100kMiB)} MiB.`,
    '- "alone": the median of 5 requests one after another on one connection before the load (the cost of one request on an idle server).',
    '- CPU per request: user + system time from /proc/<pid>/stat over the measured window, divided by the requests answered; the server process, and every `postgres` process on the machine (2 CPUs give at most 2,000 ms a second to share with the load generator). Machine CPU: the working time of all the machine’s CPUs over the window (/proc/stat: user, nice, system, irq and softirq; the server, PostgreSQL, the load generator and anything else), divided by the requests answered; machine busy: that time’s share of all the CPUs’ time. Steal: the share of the machine’s CPU time its hypervisor gave to other guests during the window (/proc/stat); a high figure explains a slow line, a low one does not prove a quiet host.',
    '',
    `## ${r.settings.bigRows} records: platform vs bare Fastify + pg`,
    '',
    `Topped up to ${r.settings.bigRows} live records with a second \`insert … select\` (${r.load.topUpRows} rows in ${f(r.load.topUpSeconds, 1)} s, VACUUM ANALYZE ${f(r.load.topUpAnalyzeSeconds, 1)} s). The baseline runs the platform's list SQL (the page carrying the capped count in the same statement, the planner's estimate above the cap, and while that estimate is held for 10 s the page without the count; bench/lib/records-sql.ts) from a bare Fastify route with \`pg\` (pool of 10 connecting with \`jit = off\`, as the platform's); before measuring, it answered ${r.million.baselineSameIds ? 'the same ids' : '**different ids**'} and ${r.million.baselineSameTotal ? 'the same total' : '**a different total**'} as the platform. Each side measured ${r.settings.bigDurationSeconds ?? r.settings.durationSeconds} s after the warm-up, alone on the machine; "alone (ms)" is the median of 5 sequential requests on one connection just before.`,
    '',
    '| target | requests/s (mean) | p50 (ms) | p99 (ms) | errors / non-2xx | requests | alone (ms) | server CPU (ms/request) | PostgreSQL CPU (ms/request) | machine CPU (ms/request) | machine busy (%) | steal (%) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    pairRow('platform (enterprise)', r.million.platform),
    pairRow('bare Fastify + pg, same SQL', r.million.baseline),
    `| **ratio platform / baseline** | **${f(r.million.ratios.requestsPerSec, 3)}** |  | **${f(r.million.ratios.p99, 2)}** |  |  |  |  |  |  |  |  |`,
    '',
    cpuBudget(r.million.platform, r.million.baseline, f),
    '',
    `One connection, alternating requests while both servers are up and idle (the same machine load for both): platform ${f(r.million.alternating.platformMedianMs)} ms, baseline ${f(r.million.alternating.baselineMedianMs)} ms (medians of ${r.million.alternating.pairs}); throughput ratio platform / baseline = baseline time ÷ platform time = **${f(r.million.ratios.alone, 3)}**.`,
    '',
    `Total answered: **${r.million.total} (${r.million.totalExact ? 'exact' : 'estimated by the planner'})**; rows actually matching: ${r.million.actualMatches}. Count rule: exact up to ${EXACT_COUNT_LIMIT} matching rows, above it the planner's estimate, held for 10 s (the page is then read without a count). Server peak RSS at ${r.settings.bigRows}: ${f(r.serverRss.peak1mMiB)} MiB.`,
    '',
    `## Export of ${r.export.rows} rows`,
    '',
    '| rows | seconds | rows/s | xlsx MiB | server RSS before (MiB) | server peak RSS (MiB) |',
    '|---:|---:|---:|---:|---:|---:|',
    `| ${r.export.rows} | ${f(r.export.seconds, 1)} | ${f(r.export.rowsPerSec)} | ${f(r.export.bytes / 1048576, 1)} | ${f(r.export.rssStartMiB)} | ${f(r.export.rssPeakMiB)} |`,
    '',
    'POST /ks/monitor/export as the enterprise user, no filter, the body streamed and counted by the client.',
    '',
    '## Profile: the list SQL (EXPLAIN ANALYZE, as the platform sends it for the enterprise user, with `jit = off` as its connections have it)',
    '',
    'Taken after the bulk load, before the load of each part. [records-profile.md](records-profile.md) compares these statements with rewritten variants that answer the same rows.',
    '',
    `Indexes on \`${r.orderNode.table}\` after publish:`,
    '',
    ...r.orderNode.indexes.map((index: string) => `- \`${index}\``),
    '',
    planBlock(`first page at ${r.settings.rows}`, plans100k.firstPage),
    planBlock(`filtered page at ${r.settings.rows}`, plans100k.filtered),
    planBlock(
      `filtered capped count on its own (sent only for a page past the end) at ${r.settings.rows}`,
      plans100k.filteredCount,
    ),
    planBlock(`page 500 at ${r.settings.rows}`, plans100k.page500),
    planBlock(
      `filtered page while the estimate is held (no count; most requests under load) at ${r.settings.rows}`,
      plans100k.filteredHeld,
    ),
    planBlock(`page 500 while the estimate is held at ${r.settings.rows}`, plans100k.page500Held),
    planBlock(`filtered page at ${r.settings.bigRows}`, plansBig.filtered),
    planBlock(
      `filtered capped count on its own (sent only for a page past the end) at ${r.settings.bigRows}`,
      plansBig.filteredCount,
    ),
    planBlock(`filtered page while the estimate is held at ${r.settings.bigRows}`, plansBig.filteredHeld),
    '## Run',
    '',
    `- command: \`${r.command}\``,
    `- date: ${r.date}`,
    `- node: ${r.node} (${r.platform}), CPUs: ${r.cpuCount} × ${r.cpuModel}`,
    `- database: ${r.database}`,
    `- bulk load: ${r.load.rows} rows in ${f(r.load.insertSeconds, 1)} s, VACUUM ANALYZE ${f(r.load.analyzeSeconds, 1)} s`,
    '',
  ].join('\n');
}

if (process.argv.includes('--markdown')) {
  // Rewrites records.md from records.json (the figures of the last run), e.g. after a wording change.
  const report = JSON.parse(await readFile(join(RESULTS_DIR, 'records.json'), 'utf8')) as Report;
  await writeFile(join(RESULTS_DIR, 'records.md'), markdown(report));
  console.log(`rewritten: ${relative(process.cwd(), join(RESULTS_DIR, 'records.md'))}`);
} else
  try {
    process.exitCode = await main();
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    await cleanup();
  }
