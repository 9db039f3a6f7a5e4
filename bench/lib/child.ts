import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { RunningServer } from './server.ts';

/** The repository root, whatever the working directory (`npm run bench -w` runs in bench/). */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface StartedChild {
  child: ChildProcess;
  /** The match of `readyPattern` on the child's output. */
  match: RegExpMatchArray;
}

/**
 * Spawns a Node.js child and resolves once a line of its stdout matches `readyPattern`.
 * Rejects (and kills the child) if it exits first or does not get there within `timeoutMs`.
 */
export function spawnUntilReady(options: {
  label: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  readyPattern: RegExp;
  timeoutMs: number;
}): Promise<StartedChild> {
  const { label, args, cwd, env, readyPattern, timeoutMs } = options;
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (reason: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(
        new Error(
          `${label}: ${reason}\n--- stdout ---\n${stdout.slice(-4000)}\n--- stderr ---\n${stderr.slice(-4000)}`,
        ),
      );
    };
    const timer = setTimeout(() => fail(`not ready after ${timeoutMs} ms`), timeoutMs);
    child.stdout?.setEncoding('utf8');
    child.stderr?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      // Keep only what is needed to find the ready line and to explain a failure.
      stdout = (stdout + chunk).slice(-64_000);
      if (settled) return;
      const match = stdout.match(readyPattern);
      if (match) {
        settled = true;
        clearTimeout(timer);
        resolve({ child, match });
      }
    });
    child.stderr?.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-64_000);
      // After start-up, pass the child's warnings and errors on: they matter for the figures.
      if (settled) process.stderr.write(`[${label}] ${chunk}`);
    });
    child.on('error', (error) => fail(`could not start: ${error.message}`));
    child.on('exit', (code, signal) => fail(`exited before it was ready (code ${code}, signal ${signal})`));
  });
}

/** Sends SIGTERM, waits for the exit, and falls back to SIGKILL after `graceMs`. */
export function stopChild(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Runs a bench script's own `serve()` in a child process (`<script> --serve`), on a free port, so
 * the server under test never shares the load generator's event loop. The script prints
 * `<readyMarker> <port>` once it listens.
 */
export async function startServeScript(
  label: string,
  scriptUrl: string,
  readyMarker: string,
): Promise<RunningServer> {
  const { child, match } = await spawnUntilReady({
    label,
    args: ['--import', 'tsx', fileURLToPath(scriptUrl), '--serve'],
    cwd: REPO_ROOT,
    env: { ...process.env },
    readyPattern: new RegExp(`${readyMarker} (\\d+)`),
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

/** True when `scriptUrl` is the module node was started with, asked to serve. */
export const isServeEntry = (scriptUrl: string) => {
  const entry = process.argv[1];
  return !!entry && scriptUrl === pathToFileURL(entry).href && process.argv.includes('--serve');
};
