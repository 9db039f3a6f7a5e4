import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** A worker task that ended without an answer: it crashed, ran out of its memory or its time. */
export class WorkerTaskFailed extends Error {
  constructor(reason: string) {
    super(`worker task failed: ${reason}`);
    this.name = 'WorkerTaskFailed';
  }
}

export type WorkerTaskOptions = {
  /** The thread is stopped after this long (a file that takes longer is no file a person made). */
  timeoutMs: number;
  /** The thread's heap cap: past it the thread dies instead of the server's heap growing. */
  maxHeapMb: number;
  /** Buffers moved to the thread instead of copied (they are unusable here afterwards). */
  transfer?: ArrayBuffer[];
};

/** Tasks running at once in this process; the rest wait their turn (each may take maxHeapMb). */
const CONCURRENT = 1;
let running = 0;
const waiting: (() => void)[] = [];

async function turn(): Promise<() => void> {
  if (running >= CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  return () => {
    running--;
    waiting.shift()?.();
  };
}

/**
 * Runs `file` in a worker thread with `input` as its workerData and answers the one message it
 * posts. Heavy parsing of uploads runs this way: the event loop stays free for other requests, and
 * the thread's whole heap is released when it ends. Under the sources (tests, `npm run dev`) the
 * file is TypeScript and the thread loads it through tsx; the build emits it as JavaScript.
 */
export async function runWorkerTask<T>(file: string, input: unknown, options: WorkerTaskOptions): Promise<T> {
  const done = await turn();
  try {
    return await new Promise<T>((resolve, reject) => {
      const worker = new Worker(entryOf(file), {
        workerData: input,
        transferList: options.transfer,
        resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb, maxYoungGenerationSizeMb: 16 },
        stdout: false,
        stderr: false,
      });
      let settled = false;
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        outcome();
        void worker.terminate();
      };
      const timer = setTimeout(
        () => settle(() => reject(new WorkerTaskFailed('timeout'))),
        options.timeoutMs,
      );
      worker.once('message', (answer: T) => settle(() => resolve(answer)));
      worker.once('error', (error) => settle(() => reject(new WorkerTaskFailed(error.message))));
      worker.once('exit', (code) => settle(() => reject(new WorkerTaskFailed(`exit ${code}`))));
    });
  } finally {
    done();
  }
}

/**
 * How a thread starts `file`: JavaScript as it is; TypeScript from a module that loads tsx's loader
 * first (as `node --import tsx` does; a worker's own `--import` flag loads no hooks in Node 20).
 */
function entryOf(file: string): string | URL {
  if (!file.endsWith('.ts')) return file;
  const api = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href.replace(
    /\.cjs$/,
    '.mjs',
  );
  const source = `import { register } from ${JSON.stringify(api)}; register(); await import(${JSON.stringify(pathToFileURL(file).href)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(source)}`);
}
