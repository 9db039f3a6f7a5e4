import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverStartCommand } from '../../apps/server/start-command.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface RunningServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * Starts the production server as `npm run serve` does: the built web app, a fresh embedded
 * database with the demo data, the real login. `env` adjusts its configuration.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  // E2E_WEB_DIST lets parallel work build the web app elsewhere without disturbing this run.
  const webDist = process.env.E2E_WEB_DIST ?? join(ROOT, 'apps/web/dist');
  if (!existsSync(join(webDist, 'index.html'))) {
    throw new Error(`${webDist} is missing: run \`npm run build\` before the end-to-end tests`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'ks-e2e-'));
  const start = serverStartCommand();
  const server: ChildProcess = spawn(process.execPath, start.args, {
    cwd: start.cwd,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      WEB_DIST: webDist,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    // A fresh embedded database, its migrations and the demo data: on a loaded 2-core machine
    // (load average 28) that has taken more than 90 s.
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 240000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/localhost:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1].replace('localhost', '127.0.0.1'));
      }
    };
    server.stdout?.on('data', onData);
    server.stderr?.on('data', onData);
    server.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return {
    baseUrl,
    stop: async () => {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
