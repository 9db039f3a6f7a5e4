import { fileURLToPath, pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import { REPO_ROOT, spawnUntilReady, stopChild } from './child.ts';
import type { RunningServer } from './server.ts';

/** The route and the fixed answer of the baseline: the envelope shape of the platform, tiny data. */
export const BASELINE_PATH = '/baseline';
const BODY = { code: 200, data: { ok: true }, message: '成功' };
const READY = 'BASELINE_LISTENING';

/** Runs in the child: a bare Fastify (no logger, no plugins) with one GET route. */
async function serve(): Promise<void> {
  const app = Fastify({ logger: false });
  app.get(BASELINE_PATH, async () => BODY);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      void app.close().then(() => process.exit(0));
    });
  }
  console.log(`${READY} ${new URL(address).port}`);
}

/**
 * Starts the baseline in its own process (so it does not share the load generator's event loop),
 * on the same machine, on a free port.
 */
export async function startBaselineServer(): Promise<RunningServer> {
  const { child, match } = await spawnUntilReady({
    label: 'baseline',
    args: ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve'],
    cwd: REPO_ROOT,
    env: { ...process.env },
    readyPattern: new RegExp(`${READY} (\\d+)`),
    timeoutMs: 30_000,
  });
  let stopped: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${match[1]}`,
    pid: child.pid,
    stop: () => {
      stopped ??= stopChild(child);
      return stopped;
    },
  };
}

const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(entry).href && process.argv.includes('--serve')) {
  await serve();
}
