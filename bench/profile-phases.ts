/**
 * Where a server's CPU went, phase by phase, from a V8 CPU profile (`--cpu-prof`, e.g. a records
 * bench run with BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"). It reads the last
 * busy stretch of the profile (the last load the server carried: in `npm run bench:records`, the
 * 1,000,000-record filtered list) and puts each sample in the first phase whose marker is on its
 * stack, in this order: session, node, serialisation, validation, SQL (query building and the pg
 * driver), list service (rows, labels, filters), routing and HTTP (Fastify, node:http, sockets),
 * garbage collection. The pg driver parses every answer in its socket callback, so the node
 * lookup's answer counts under SQL, not node.
 *
 * Run: node --import tsx bench/profile-phases.ts <file.cpuprofile> [busy-threshold 0-1, default 0.5] [top N]
 * (with N, also the N functions of most self time in each phase).
 */

import { readFileSync } from 'node:fs';

interface CallFrame {
  functionName: string;
  url: string;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

type Phase =
  | 'session'
  | 'node'
  | 'serialisation'
  | 'validation'
  | 'SQL'
  | 'list service'
  | 'routing and HTTP'
  | 'garbage collection'
  | 'other';

const fn = (names: string[]) => (frame: CallFrame) => names.includes(frame.functionName);
const inUrl = (parts: string[]) => (frame: CallFrame) => parts.some((part) => frame.url.includes(part));

/** Markers, first match wins (checked over the whole stack, leaf to root). */
const PHASES: [Phase, (frame: CallFrame) => boolean][] = [
  ['session', fn(['authenticate', 'findSessionWithUser', 'hashToken', 'touchSession'])],
  ['node', fn(['resolveNode', 'nodeContext', 'definitionContext', 'functionsOf', 'schemaOf'])],
  [
    'serialisation',
    (frame) =>
      inUrl(['fast-json-stringify', 'compiled-serializer'])(frame) ||
      (frame.url.includes('fastify/lib/reply') && frame.functionName === 'serialize'),
  ],
  ['validation', (frame) => inUrl(['/zod/'])(frame) || frame.functionName === 'validatorCompiler'],
  ['SQL', inUrl(['node_modules/pg/', 'node_modules/pg-', 'drizzle-orm'])],
  [
    'list service',
    fn([
      'list',
      'rowOf',
      'storedOf',
      'recordToWire',
      'rowLabels',
      'optionLabeller',
      'listWhere',
      'compileListFilter',
      'columnsOf',
      'pageTotal',
      'findPage',
    ]),
  ],
  ['routing and HTTP', inUrl(['fastify', 'find-my-way', 'avvio', 'node:', '_http', 'net'])],
];

function main() {
  const [file, thresholdArg, topArg] = process.argv.slice(2);
  const top = Number(topArg ?? 0);
  if (!file) throw new Error('usage: profile-phases.ts <file.cpuprofile> [busy-threshold]');
  const threshold = Number(thresholdArg ?? 0.5);
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

  // Sample times (µs since start) and whether each was busy.
  const times: number[] = [];
  let t = 0;
  for (const delta of profile.timeDeltas) {
    t += delta;
    times.push(t);
  }
  const isIdle = (id: number) => {
    const name = byId.get(id)?.callFrame.functionName;
    return name === '(idle)' || name === '(program)';
  };
  // Busy share per second; the last stretch of busy seconds is the last load.
  const seconds = Math.ceil(t / 1e6) + 1;
  const busy = new Array<number>(seconds).fill(0);
  const total = new Array<number>(seconds).fill(0);
  profile.samples.forEach((id, index) => {
    const second = Math.floor((times[index] ?? 0) / 1e6);
    const delta = profile.timeDeltas[index + 1] ?? 0;
    total[second] = (total[second] ?? 0) + delta;
    if (!isIdle(id)) busy[second] = (busy[second] ?? 0) + delta;
  });
  let end = seconds - 1;
  while (end > 0 && (busy[end] ?? 0) < threshold * 1e6) end--;
  let start = end;
  while (start > 0 && (busy[start - 1] ?? 0) >= threshold * 1e6) start--;

  const phaseOf = (leaf: number): Phase => {
    const stack: CallFrame[] = [];
    for (let id: number | undefined = leaf; id !== undefined; id = parent.get(id)) {
      const node = byId.get(id);
      if (node) stack.push(node.callFrame);
    }
    if (stack[0]?.functionName === '(garbage collector)') return 'garbage collection';
    for (const [phase, matches] of PHASES) if (stack.some(matches)) return phase;
    return 'other';
  };
  const spent = new Map<Phase, number>();
  const selfTime = new Map<Phase, Map<string, number>>();
  let busyTotal = 0;
  profile.samples.forEach((id, index) => {
    const second = Math.floor((times[index] ?? 0) / 1e6);
    if (second < start || second > end || isIdle(id)) return;
    const delta = profile.timeDeltas[index + 1] ?? 0;
    busyTotal += delta;
    const phase = phaseOf(id);
    spent.set(phase, (spent.get(phase) ?? 0) + delta);
    const frame = byId.get(id)?.callFrame;
    const name = `${frame?.functionName || '(anonymous)'} ${frame?.url.replace(/^.*node_modules\//, '') ?? ''}`;
    const functions = selfTime.get(phase) ?? new Map<string, number>();
    functions.set(name, (functions.get(name) ?? 0) + delta);
    selfTime.set(phase, functions);
  });
  console.log(
    `busy stretch: seconds ${start}–${end} of the profile (${end - start + 1} s), ${(busyTotal / 1e6).toFixed(2)} s of CPU`,
  );
  console.log('| phase | CPU (s) | share |');
  console.log('|---|---:|---:|');
  for (const [phase, micros] of [...spent].sort((a, b) => b[1] - a[1])) {
    console.log(`| ${phase} | ${(micros / 1e6).toFixed(2)} | ${((micros / busyTotal) * 100).toFixed(1)} % |`);
  }
  if (top > 0) {
    for (const [phase, functions] of selfTime) {
      console.log(`\n${phase}: top ${top} by self time`);
      for (const [name, micros] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top))
        console.log(`  ${(micros / 1e3).toFixed(0).padStart(6)} ms  ${name}`);
    }
  }
}

main();
