import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { parentPort, Worker } from 'node:worker_threads';

/**
 * How a task ended without an answer: past its heap cap (`memory`) or its time (`timeout`), both
 * the input's doing; or its thread failed otherwise (`crash`: it could not start, or it exited).
 */
export type WorkerFailure = 'memory' | 'timeout' | 'crash';

/** A worker task that ended without an answer: it crashed, ran out of its memory or its time. */
export class WorkerTaskFailed extends Error {
  constructor(
    reason: string,
    readonly kind: WorkerFailure = 'crash',
  ) {
    super(`worker task failed: ${reason}`);
    this.name = 'WorkerTaskFailed';
  }
}

export type WorkerTasksOptions = {
  /** A task is stopped (its thread ended) after this long: no real file takes it. */
  timeoutMs: number;
  /** The thread's heap cap: past it the thread dies instead of the server's heap growing. */
  maxHeapMb: number;
  /** The thread ends after this long without a task, and all the memory it took goes with it. */
  idleMs: number;
};

/**
 * Heavy parsing of uploads, in one worker thread running `file` (which calls serveWorkerTasks):
 * the event loop stays free for other requests meanwhile. Tasks run one at a time, so the memory
 * they may take is one thread's heap cap whatever the number of uploads; the rest wait their turn.
 * The thread stays for `idleMs` after a task, so a person's next upload does not pay its start-up
 * (loading a parser such as exceljs costs more than reading a sheet at the row limit), and then
 * ends. Under the sources (tests, `npm run dev`) the file is TypeScript and the thread loads it
 * through tsx; the build emits it as JavaScript.
 */
export class WorkerTasks<Input, Answer> {
  private worker: Worker | null = null;
  private idle: NodeJS.Timeout | null = null;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly file: string,
    private readonly options: WorkerTasksOptions,
  ) {}

  /**
   * Runs one task; `transfer` lists buffers moved to the thread instead of copied. An aborted
   * `signal` rejects with its reason: a task still waiting never starts, a running one has its
   * thread ended (nothing else stops a parser in the middle of its work).
   */
  run(input: Input, transfer: ArrayBuffer[] = [], signal?: AbortSignal): Promise<Answer> {
    const task = this.queue.then(() => {
      signal?.throwIfAborted();
      return this.runNow(input, transfer, signal);
    });
    this.queue = task.catch(() => {});
    return task;
  }

  /** Ends the thread now (at close, and in tests). */
  async close(): Promise<void> {
    if (this.idle) clearTimeout(this.idle);
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }

  private start(): Worker {
    const worker = new Worker(entryOf(this.file), {
      resourceLimits: { maxOldGenerationSizeMb: this.options.maxHeapMb, maxYoungGenerationSizeMb: 16 },
    });
    // An idle thread never keeps the process alive.
    worker.unref();
    worker.once('exit', () => {
      if (this.worker === worker) this.worker = null;
    });
    return worker;
  }

  private runNow(input: Input, transfer: ArrayBuffer[], signal?: AbortSignal): Promise<Answer> {
    if (this.idle) clearTimeout(this.idle);
    this.worker ??= this.start();
    const worker = this.worker;
    return new Promise<Answer>((resolve, reject) => {
      const finish = (outcome: () => void, keep: boolean) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        if (keep) {
          this.idle = setTimeout(() => void this.close(), this.options.idleMs);
          this.idle.unref();
        } else {
          if (this.worker === worker) this.worker = null;
          void worker.terminate();
        }
        outcome();
      };
      const onMessage = (answer: Answer) => finish(() => resolve(answer), true);
      const onError = (error: Error & { code?: string }) => {
        const kind = error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'crash';
        finish(() => reject(new WorkerTaskFailed(error.message, kind)), false);
      };
      const onExit = (code: number) => finish(() => reject(new WorkerTaskFailed(`exit ${code}`)), false);
      const onAbort = () => finish(() => reject(signal?.reason), false);
      const timer = setTimeout(
        () => finish(() => reject(new WorkerTaskFailed('timeout', 'timeout')), false),
        this.options.timeoutMs,
      );
      signal?.addEventListener('abort', onAbort, { once: true });
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage(input, transfer);
    });
  }
}

/** The thread's side: answers each task posted to it with `handle`'s answer, one at a time. */
export function serveWorkerTasks<Input, Answer>(handle: (input: Input) => Promise<Answer>): void {
  parentPort?.on('message', async (input: Input) => {
    parentPort?.postMessage(await handle(input));
  });
}

/**
 * How a thread starts `file`: JavaScript as it is; TypeScript from a module that registers tsx's
 * loader in the thread first (tsx's `--import` entry registers itself on the main thread only).
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
