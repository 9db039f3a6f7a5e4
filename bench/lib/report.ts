import { mkdir, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { join, relative } from 'node:path';
import type autocannon from 'autocannon';
import { REPO_ROOT } from './child.ts';

export const RESULTS_DIR = join(REPO_ROOT, 'bench', 'results');

/**
 * The command that reproduces this run, for the report's header: the npm script when run as
 * `npm run <script>` (from the folder it was run in), else the node command line; prefixed with the
 * environment variables whose names start with one of `prefixes` (the benchmark's settings).
 */
export function commandLine(script: string, prefixes: readonly string[] = ['BENCH_']): string {
  const vars = Object.keys(process.env)
    .filter((key) => prefixes.some((prefix) => key.startsWith(prefix)))
    .sort()
    .map((key) => `${key}=${process.env[key]}`);
  const prefix = vars.length > 0 ? `${vars.join(' ')} ` : '';
  if (process.env.npm_lifecycle_event === script) {
    const from = relative(REPO_ROOT, process.env.INIT_CWD ?? REPO_ROOT);
    return `${from ? `cd ${from} && ` : ''}${prefix}npm run ${script}`;
  }
  const argv = [
    ...process.execArgv,
    ...process.argv.slice(1).map((arg) => relative(process.cwd(), arg) || arg),
  ];
  return `${prefix}node ${argv.join(' ')}`;
}

/** The figures of one autocannon run that the report keeps. */
export interface Figures {
  url: string;
  /** Mean of the per-second request counts. */
  requestsPerSecMean: number;
  latencyMeanMs: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  totalRequests: number;
  /** Connection errors, timeouts included. */
  errors: number;
  timeouts: number;
  non2xx: number;
  durationSeconds: number;
}

export function figuresOf(result: autocannon.Result): Figures {
  return {
    url: result.url,
    requestsPerSecMean: result.requests.mean,
    latencyMeanMs: result.latency.mean,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    latencyMaxMs: result.latency.max,
    totalRequests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    durationSeconds: result.duration,
  };
}

export interface BenchmarkResult {
  name: string;
  description: string;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  platform: Figures;
  baseline: Figures;
  /** platform / baseline: req/s below 1 means slower, p99 above 1 means slower. */
  ratios: { requestsPerSec: number; p99: number };
}

export interface Environment {
  command: string;
  date: string;
  node: string;
  platform: string;
  cpuCount: number;
  cpuModel: string;
}

export function environment(command: string): Environment {
  const list = cpus();
  return {
    command,
    date: new Date().toISOString(),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    cpuCount: list.length,
    cpuModel: [...new Set(list.map((cpu) => cpu.model.trim()))].join(', ') || 'unknown',
  };
}

/** The "## Run" section of a results page: command (with a note on its settings), date, Node.js, CPUs. */
export function runSection(env: Environment, commandNote = ''): string[] {
  return [
    '## Run',
    '',
    `- command: \`${env.command}\`${commandNote ? ` ${commandNote}` : ''}`,
    `- date: ${env.date}`,
    `- node: ${env.node} (${env.platform})`,
    `- CPUs: ${env.cpuCount} × ${env.cpuModel}`,
  ];
}

export function ratiosOf(platform: Figures, baseline: Figures): BenchmarkResult['ratios'] {
  const ratio = (a: number, b: number) => (b > 0 ? a / b : Number.NaN);
  return {
    requestsPerSec: ratio(platform.requestsPerSecMean, baseline.requestsPerSecMean),
    p99: ratio(platform.latencyP99Ms, baseline.latencyP99Ms),
  };
}

const fixed = (value: number, digits: number) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');

export function markdownOf(result: BenchmarkResult, env: Environment): string {
  const row = (label: string, f: Figures) =>
    `| ${label} | ${fixed(f.requestsPerSecMean, 0)} | ${fixed(f.latencyP50Ms, 1)} | ${fixed(f.latencyP99Ms, 1)} | ${f.errors} / ${f.non2xx} | ${f.totalRequests} |`;
  return [
    `# Benchmark \`${result.name}\``,
    '',
    result.description,
    '',
    `${result.connections} connections, ${result.durationSeconds} s measured after a ${result.warmupSeconds} s warm-up, each server alone on the machine during its run.`,
    '',
    '| target | requests/s (mean) | p50 latency (ms) | p99 latency (ms) | errors / non-2xx | requests |',
    '|---|---:|---:|---:|---:|---:|',
    row('platform', result.platform),
    row('baseline (bare Fastify)', result.baseline),
    `| **ratio platform / baseline** | **${fixed(result.ratios.requestsPerSec, 3)}** |  | **${fixed(result.ratios.p99, 2)}** |  |  |`,
    '',
    'A requests/s ratio below 1 and a p99 ratio above 1 mean the platform is slower than the baseline.',
    'Figures, not assertions: compare ratios between runs, not absolute numbers between machines.',
    '',
    ...runSection(env),
    '- load generator (autocannon), platform server (with its embedded PGlite database) and baseline share these CPUs.',
    '',
  ].join('\n');
}

/** Writes `bench/results/<name>.json` and `bench/results/<name>.md`; returns both paths. */
export async function writeReport(result: BenchmarkResult, env: Environment): Promise<string[]> {
  await mkdir(RESULTS_DIR, { recursive: true });
  const json = join(RESULTS_DIR, `${result.name}.json`);
  const md = join(RESULTS_DIR, `${result.name}.md`);
  await writeFile(json, `${JSON.stringify({ ...env, benchmark: result }, null, 2)}\n`);
  await writeFile(md, markdownOf(result, env));
  return [json, md];
}
