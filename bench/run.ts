/**
 * Benchmarks of the platform against a bare Fastify baseline measured in the same run.
 * Run from the repository root: `npm run bench` (`BENCH_DURATION=30 npm run bench`). See README.md.
 */
import { relative } from 'node:path';
import autocannon from 'autocannon';
import { BASELINE_PATH, startBaselineServer } from './lib/baseline.ts';
import {
  type BenchmarkResult,
  commandLine,
  environment,
  type Figures,
  figuresOf,
  ratiosOf,
  writeReport,
} from './lib/report.ts';
import { type RunningServer, startPlatformServer } from './lib/server.ts';
import { getAuthenticated, login } from './lib/session.ts';

/** One benchmark: an authenticated platform request, measured beside the baseline's route. */
interface Benchmark {
  name: string;
  description: string;
  method: 'GET';
  path: string;
  connections: number;
}

const ADMIN = { account: 'admin', password: 'Admin2026' };

/** The platform runs on PostgreSQL when DATABASE_URL is set (a fresh, empty database), else on PGlite. */
const DATABASE = process.env.DATABASE_URL ? 'postgres' : 'pglite';

const BENCHMARKS: Benchmark[] = [
  {
    name: 'user-info',
    description:
      'Authenticated `GET /ks/individual/user-info` as the seeded administrator: bearer-token session check ' +
      '(database), user lookup, zod-typed envelope. Baseline: a bare Fastify answering a fixed small JSON ' +
      `on \`GET ${BASELINE_PATH}\`.`,
    method: 'GET',
    path: '/ks/individual/user-info',
    connections: 50,
  },
];

function seconds(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number of seconds, not "${raw}"`);
  return value;
}

/** The command as typed, reconstructed: `npm run bench` from where npm was started, or node directly. */
async function load(url: string, connections: number, duration: number, headers: Record<string, string>) {
  return figuresOf(await autocannon({ url, connections, duration, headers, method: 'GET' }));
}

/** A short warm-up (discarded, but checked for errors), then the measured run. */
async function measure(
  label: string,
  url: string,
  bench: Benchmark,
  durations: { warmup: number; measured: number },
  headers: Record<string, string> = {},
): Promise<{ warmup: Figures; measured: Figures }> {
  process.stdout.write(`  ${label}: warm-up ${durations.warmup} s, `);
  const warmup = await load(url, bench.connections, durations.warmup, headers);
  process.stdout.write(`measuring ${durations.measured} s ... `);
  const measured = await load(url, bench.connections, durations.measured, headers);
  console.log(
    `${measured.requestsPerSecMean.toFixed(0)} req/s, p50 ${measured.latencyP50Ms} ms, p99 ${measured.latencyP99Ms} ms, ` +
      `errors ${measured.errors}, non-2xx ${measured.non2xx}`,
  );
  return { warmup, measured };
}

const failures = (label: string, f: Figures): string[] =>
  f.errors > 0 || f.non2xx > 0 || f.totalRequests === 0
    ? [
        `${label}: ${f.errors} errors (${f.timeouts} timeouts), ${f.non2xx} non-2xx of ${f.totalRequests} requests`,
      ]
    : [];

const running = new Set<RunningServer>();
async function stopAll(): Promise<void> {
  await Promise.all([...running].map((server) => server.stop()));
  running.clear();
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void stopAll().finally(() => process.exit(130));
  });
}

async function main(): Promise<number> {
  const measuredSeconds = seconds('BENCH_DURATION', 10);
  const durations = {
    measured: measuredSeconds,
    warmup: Math.min(seconds('BENCH_WARMUP', 3), measuredSeconds),
  };
  const env = environment(commandLine('bench'));
  console.log(`KS Platform benchmarks — ${env.command}`);
  console.log(`node ${env.node}, ${env.cpuCount} × ${env.cpuModel}\n`);

  // Each server runs alone during its measurements: platform first, then the baseline.
  const platformRuns = new Map<string, { warmup: Figures; measured: Figures }>();
  const platform = await startPlatformServer();
  running.add(platform);
  try {
    console.log(`platform server at ${platform.url} (pid ${platform.pid})`);
    const token = await login(platform.url, ADMIN.account, ADMIN.password);
    const headers = { authorization: `Bearer ${token}` };
    for (const bench of BENCHMARKS) {
      await getAuthenticated(platform.url, bench.path, token); // answers code 200, or the run stops here
      console.log(`[${bench.name}] ${bench.method} ${bench.path}, ${bench.connections} connections`);
      platformRuns.set(
        bench.name,
        await measure('platform', `${platform.url}${bench.path}`, bench, durations, headers),
      );
    }
  } finally {
    await platform.stop();
    running.delete(platform);
  }

  const baselineRuns = new Map<string, { warmup: Figures; measured: Figures }>();
  const baseline = await startBaselineServer();
  running.add(baseline);
  try {
    console.log(`\nbaseline server at ${baseline.url} (pid ${baseline.pid})`);
    for (const bench of BENCHMARKS) {
      console.log(`[${bench.name}] GET ${BASELINE_PATH}, ${bench.connections} connections`);
      baselineRuns.set(
        bench.name,
        await measure('baseline', `${baseline.url}${BASELINE_PATH}`, bench, durations),
      );
    }
  } finally {
    await baseline.stop();
    running.delete(baseline);
  }

  const problems: string[] = [];
  console.log('\nResults (ratio = platform / baseline)');
  for (const bench of BENCHMARKS) {
    const p = platformRuns.get(bench.name);
    const b = baselineRuns.get(bench.name);
    if (!p || !b) throw new Error(`missing figures for ${bench.name}`);
    const found = [
      ...failures(`${bench.name} platform warm-up`, p.warmup),
      ...failures(`${bench.name} platform`, p.measured),
      ...failures(`${bench.name} baseline warm-up`, b.warmup),
      ...failures(`${bench.name} baseline`, b.measured),
    ];
    const result: BenchmarkResult = {
      name: DATABASE === 'postgres' ? `${bench.name}-postgres` : bench.name,
      description: `${bench.description} Database: ${DATABASE === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite'}.`,
      connections: bench.connections,
      durationSeconds: durations.measured,
      warmupSeconds: durations.warmup,
      platform: p.measured,
      baseline: b.measured,
      ratios: ratiosOf(p.measured, b.measured),
    };
    console.log(
      `  ${bench.name}: platform ${p.measured.requestsPerSecMean.toFixed(0)} req/s, p50 ${p.measured.latencyP50Ms} ms, ` +
        `p99 ${p.measured.latencyP99Ms} ms | baseline ${b.measured.requestsPerSecMean.toFixed(0)} req/s, ` +
        `p50 ${b.measured.latencyP50Ms} ms, p99 ${b.measured.latencyP99Ms} ms | ` +
        `req/s ratio ${result.ratios.requestsPerSec.toFixed(3)}, p99 ratio ${result.ratios.p99.toFixed(2)}`,
    );
    if (found.length > 0) {
      // Figures of a run that measured errors are not written: they would describe the errors.
      problems.push(...found);
      continue;
    }
    const files = await writeReport(result, env);
    console.log(`  written: ${files.map((file) => relative(process.cwd(), file)).join(', ')}`);
  }
  if (problems.length > 0) {
    console.error(`\nFAILED: the bench measured errors, not answers:\n  ${problems.join('\n  ')}`);
    return 1;
  }
  return 0;
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await stopAll();
}
