import Fastify from 'fastify';
import { isServeEntry, startServeScript } from './child.ts';
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
export const startBaselineServer = (): Promise<RunningServer> =>
  startServeScript('baseline', import.meta.url, READY);

if (isServeEntry(import.meta.url)) {
  await serve();
}
