import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverStartCommand } from '../../apps/server/start-command.ts';
import { spawnUntilReady, stopChild } from './child.ts';

export interface RunningServer {
  /** Base URL, e.g. `http://127.0.0.1:41234`. */
  url: string;
  pid: number | undefined;
  /** SIGTERM, wait for the exit, remove the temporary data directory. Safe to call twice. */
  stop(): Promise<void>;
}

/**
 * Starts the production server (the bundle `npm run build` makes, with the flags of `npm run serve`) as a child
 * process on a free port with a fresh embedded PGlite database in a temporary directory.
 */
export async function startPlatformServer(extraEnv: NodeJS.ProcessEnv = {}): Promise<RunningServer> {
  const start = serverStartCommand();
  const dataDir = await mkdtemp(join(tmpdir(), 'ks-bench-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    LOGIN_RATE_PER_MINUTE: '100000',
    ...extraEnv,
  };
  try {
    const { child, match } = await spawnUntilReady({
      label: 'platform',
      // BENCH_SERVER_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles a run (not allowed in NODE_OPTIONS).
      args: [...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []), ...start.args],
      cwd: start.cwd,
      env,
      readyPattern: /KS Platform is running at http:\/\/localhost:(\d+)/,
      timeoutMs: 120_000,
    });
    let stopped: Promise<void> | undefined;
    return {
      url: `http://127.0.0.1:${match[1]}`,
      pid: child.pid,
      stop: () => {
        stopped ??= stopChild(child).finally(() => rm(dataDir, { recursive: true, force: true }));
        return stopped;
      },
    };
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}
