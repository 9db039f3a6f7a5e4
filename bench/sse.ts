/**
 * SSE fan-out: N subscribers hold the push channel open, one notice is published, and we time
 * until every subscriber has it. Figures, never assertions.
 *
 *   npm run bench:sse -w @ks/bench
 *   BENCH_SSE_SUBSCRIBERS=5000 DATABASE_URL=postgres://postgres@127.0.0.1:5432/ks_bench_sse npm run bench:sse -w @ks/bench
 *
 * Scenarios: (1) a bare node:http SSE server with no database (the baseline); (2) one platform
 * instance (PGlite, or PostgreSQL when DATABASE_URL names an empty database); (3) two platform
 * instances on one PostgreSQL database with the subscribers split between them (DATABASE_URL only).
 * Every subscriber is its own HTTP connection; they log in as the four demo accounts in turn.
 */
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { type ClientRequest, request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { environment, RESULTS_DIR } from './lib/report.ts';
import { type RunningServer, startPlatformServer } from './lib/server.ts';
import { login } from './lib/session.ts';
import { startSseBaselineServer } from './lib/sse-baseline.ts';

const SUBSCRIBERS = Number(process.env.BENCH_SSE_SUBSCRIBERS ?? 5000);
const CONNECT_BATCH = 200;
const WARM_UP_SUBSCRIBERS = 200;
const WARM_UP_SETTLE_MS = 8000;
const DELIVERY_TIMEOUT_MS = 120_000;
const DEMO_LOGINS = [
  ['admin', 'Admin2026'],
  ['developer', 'Dev2026ks'],
  ['enterprise', 'Ent2026ks'],
  ['personnel', 'Per2026ks'],
] as const;

interface Subscriber {
  request: ClientRequest;
  receivedAt: number | null;
}

interface ScenarioResult {
  name: string;
  instances: number;
  subscribers: number;
  connected: number;
  delivered: number;
  connectSeconds: number;
  /** From sending the publish request to the answer. */
  publishMs: number;
  /** From sending the publish request to each subscriber's receipt. */
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  rssBeforeMb: number;
  rssAfterMb: number;
  /** RSS delta of the server process(es) per open connection. */
  kbPerConnection: number;
}

/** Resident memory of a process (Linux /proc), in bytes. */
function rssOf(pid: number | undefined): number {
  if (!pid) return 0;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}

function fdLimit(): number {
  const limits = readFileSync('/proc/self/limits', 'utf8');
  return Number(/Max open files\s+(\d+)/.exec(limits)?.[1] ?? 0);
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN);

/** Opens one stream; resolves once the first bytes arrived (the server registered it). */
function openSubscriber(url: string, token: string | null, marker: { text: string }): Promise<Subscriber> {
  return new Promise((resolve, reject) => {
    const subscriber: Subscriber = { request: null as unknown as ClientRequest, receivedAt: null };
    const target = new URL(url);
    const request = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'GET',
        agent: false,
        headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`subscribe answered HTTP ${response.statusCode}`));
          response.resume();
          return;
        }
        response.setEncoding('utf8');
        let isOpen = false;
        response.on('data', (chunk: string) => {
          if (!isOpen) {
            isOpen = true;
            resolve(subscriber);
          }
          if (subscriber.receivedAt === null && marker.text && chunk.includes(marker.text)) {
            subscriber.receivedAt = performance.now();
          }
        });
        response.on('error', () => {});
      },
    );
    request.on('error', reject);
    request.end();
    subscriber.request = request;
  });
}

async function openAll(targets: { url: string; token: string | null }[], marker: { text: string }) {
  const subscribers: Subscriber[] = [];
  for (let start = 0; start < targets.length; start += CONNECT_BATCH) {
    const batch = targets.slice(start, start + CONNECT_BATCH);
    const opened = await Promise.allSettled(batch.map((t) => openSubscriber(t.url, t.token, marker)));
    for (const result of opened) if (result.status === 'fulfilled') subscribers.push(result.value);
  }
  return subscribers;
}

async function waitForDelivery(subscribers: Subscriber[]) {
  const deadline = Date.now() + DELIVERY_TIMEOUT_MS;
  while (subscribers.some((s) => s.receivedAt === null) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function settle() {
  await new Promise((resolve) => setTimeout(resolve, 1500));
}

async function runScenario(
  name: string,
  servers: RunningServer[],
  streamUrlOf: (server: RunningServer, index: number) => { url: string; token: string | null },
  publish: (text: string) => Promise<void>,
): Promise<ScenarioResult> {
  const marker = { text: '' };
  const targets = Array.from({ length: SUBSCRIBERS }, (_, i) =>
    streamUrlOf(servers[i % servers.length] as RunningServer, i),
  );
  // Warm-up: a start-up (migrations, seed, JIT) leaves garbage the collector frees later, which
  // would otherwise show as memory *falling* while connections open.
  for (const s of await openAll(targets.slice(0, WARM_UP_SUBSCRIBERS), marker)) s.request.destroy();
  await new Promise((resolve) => setTimeout(resolve, WARM_UP_SETTLE_MS));
  const rssBefore = servers.reduce((sum, s) => sum + rssOf(s.pid), 0);
  const connectStart = performance.now();
  const subscribers = await openAll(targets, marker);
  const connectSeconds = (performance.now() - connectStart) / 1000;
  await settle();
  const rssAfter = servers.reduce((sum, s) => sum + rssOf(s.pid), 0);

  marker.text = `bench-sse-${Date.now()}`;
  const sentAt = performance.now();
  await publish(marker.text);
  const publishMs = performance.now() - sentAt;
  await waitForDelivery(subscribers);
  const latencies = subscribers
    .filter((s) => s.receivedAt !== null)
    .map((s) => (s.receivedAt as number) - sentAt)
    .sort((a, b) => a - b);
  for (const s of subscribers) s.request.destroy();
  await settle();
  const connected = subscribers.length;
  return {
    name,
    instances: servers.length,
    subscribers: SUBSCRIBERS,
    connected,
    delivered: latencies.length,
    connectSeconds: round(connectSeconds),
    publishMs: round(publishMs),
    p50Ms: round(percentile(latencies, 50)),
    p99Ms: round(percentile(latencies, 99)),
    maxMs: round(latencies.at(-1) ?? Number.NaN),
    rssBeforeMb: round(rssBefore / 1024 / 1024),
    rssAfterMb: round(rssAfter / 1024 / 1024),
    kbPerConnection: round(connected ? (rssAfter - rssBefore) / 1024 / connected : Number.NaN),
  };
}

const round = (value: number) => Math.round(value * 10) / 10;

/** Publishes a banner notice to everyone through the real multipart route. */
async function publishNotice(baseUrl: string, adminToken: string, text: string) {
  const form = new FormData();
  form.append('msgType', '1');
  form.append('messages', text);
  form.append('audience', 'all');
  const response = await fetch(`${baseUrl}/ks/message/v1/publish/upload-notice`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}` },
    body: form,
  });
  const body = (await response.json()) as { code: number; message: string };
  if (body.code !== 200) throw new Error(`publish failed: ${body.message}`);
}

async function platformScenario(name: string, env: NodeJS.ProcessEnv, instances: number) {
  const servers: RunningServer[] = [];
  try {
    // One at a time: the first migrates and seeds the demo accounts, the others find them.
    for (let i = 0; i < instances; i += 1) servers.push(await startPlatformServer(env));
    const first = servers[0] as RunningServer;
    const tokens = await Promise.all(
      DEMO_LOGINS.map(([account, password]) => login(first.url, account, password)),
    );
    return await runScenario(
      name,
      servers,
      (server, index) => ({
        url: `${server.url}/ks/message/v1/subscribe`,
        token: tokens[index % tokens.length] ?? null,
      }),
      (text) => publishNotice(first.url, tokens[0] as string, text),
    );
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}

const ratio = (value: number, base: number) =>
  Number.isFinite(value) && base > 0 ? round(value / base) : null;

async function main() {
  const limit = fdLimit();
  if (limit && limit < SUBSCRIBERS + 200) {
    throw new Error(
      `open-file limit ${limit} is below ${SUBSCRIBERS + 200}: raise it first (ulimit -n ${SUBSCRIBERS * 2 + 1000}) or lower BENCH_SSE_SUBSCRIBERS`,
    );
  }
  const command = `BENCH_SSE_SUBSCRIBERS=${SUBSCRIBERS}${process.env.DATABASE_URL ? ' DATABASE_URL=…' : ''} npm run bench:sse -w @ks/bench`;
  const notes: string[] = [];
  const results: ScenarioResult[] = [];

  const baseline = await startSseBaselineServer();
  try {
    results.push(
      await runScenario(
        'baseline: bare node:http SSE, no database',
        [baseline],
        (server) => ({ url: `${server.url}/subscribe`, token: null }),
        async (text) => {
          const response = await fetch(`${baseline.url}/publish`, { method: 'POST', body: text });
          await response.text();
        },
      ),
    );
  } finally {
    await baseline.stop();
  }

  const database = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite';
  results.push(await platformScenario(`platform: one instance, ${database}`, {}, 1));

  if (process.env.DATABASE_URL) {
    results.push(
      await platformScenario('platform: two instances on one PostgreSQL, subscribers split', {}, 2),
    );
  } else {
    notes.push(
      'Two-instance scenario skipped: DATABASE_URL is not set (two instances need one shared PostgreSQL).',
    );
  }

  const base = results[0] as ScenarioResult;
  const rows = results.map((r) => ({
    ...r,
    p50VsBaseline: ratio(r.p50Ms, base.p50Ms),
    p99VsBaseline: ratio(r.p99Ms, base.p99Ms),
    memoryVsBaseline: ratio(r.kbPerConnection, base.kbPerConnection),
  }));
  const env = environment(command);
  const report = {
    benchmark: 'sse-fan-out',
    environment: env,
    subscribers: SUBSCRIBERS,
    notes,
    results: rows,
  };
  const markdown = [
    '# SSE fan-out',
    '',
    `Command: \`${command}\`  `,
    `Date: ${env.date}; Node ${env.node}; ${env.platform}; ${env.cpuCount} × ${env.cpuModel}`,
    '',
    `${SUBSCRIBERS} subscribers (each its own HTTP connection, on the same machine as the server), one publish; latency is from sending the publish request to each subscriber's receipt. Memory is the server process's RSS growth divided by the open connections (approximate: it includes whatever the garbage collector had not yet reclaimed). The platform's subscribers log in as the four demo accounts in turn.`,
    '',
    '| scenario | connected | delivered | publish answered (ms) | p50 (ms) | p99 (ms) | max (ms) | RSS before → after (MB) | KB / connection | p50 × baseline | p99 × baseline | memory × baseline |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.connected} | ${r.delivered} | ${r.publishMs} | ${r.p50Ms} | ${r.p99Ms} | ${r.maxMs} | ${r.rssBeforeMb} → ${r.rssAfterMb} | ${r.kbPerConnection} | ${r.p50VsBaseline ?? '—'} | ${r.p99VsBaseline ?? '—'} | ${r.memoryVsBaseline ?? '—'} |`,
    ),
    '',
    ...notes.map((note) => `- ${note}`),
    '',
  ].join('\n');
  const name = process.env.DATABASE_URL ? 'sse-postgres' : 'sse';
  await writeFile(join(RESULTS_DIR, `${name}.json`), `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(join(RESULTS_DIR, `${name}.md`), markdown);
  console.log(markdown);
  console.log(`Written: bench/results/${name}.json, bench/results/${name}.md`);
}

await main();
