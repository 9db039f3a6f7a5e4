import type { Config } from '../config.ts';
import { PDF_WORKER } from '../paths.ts';
import type { PdfAnswer, PdfRequest } from './pdf-pages.ts';
import { WorkerTasks } from './worker-task.ts';

/** What reading one PDF's text may cost, from the configuration. */
export type PdfLimits = {
  /** The largest buffer one decoded stream may take (outside the thread's heap). */
  streamMaxBytes: number;
  /** The reading thread's heap cap. */
  heapMb: number;
  timeoutMs: number;
};

export const pdfLimitsOf = (
  config: Pick<Config, 'PDF_STREAM_MAX_MB' | 'PDF_HEAP_MAX_MB' | 'PDF_TIMEOUT_SECONDS'>,
): PdfLimits => ({
  streamMaxBytes: config.PDF_STREAM_MAX_MB * 1024 * 1024,
  heapMb: config.PDF_HEAP_MAX_MB,
  timeoutMs: config.PDF_TIMEOUT_SECONDS * 1000,
});

/** The configuration's defaults (config.ts), for a reader made before any app configured one. */
const DEFAULT_LIMITS = pdfLimitsOf({
  PDF_STREAM_MAX_MB: 128,
  PDF_HEAP_MAX_MB: 256,
  PDF_TIMEOUT_SECONDS: 300,
});
/** The thread stays this long after a reading (a project's documents come in a row), then ends. */
const PDF_IDLE_MS = 30_000;

/**
 * Reads PDFs' text in a worker thread (pdf-worker.ts), one PDF at a time, under a heap cap, a cap
 * on each decoded stream and a time limit (decision 0071). The server's thread only receives the
 * pages' text, so a hostile PDF costs it neither its memory nor its event loop.
 */
export class PdfReader {
  private readonly tasks: WorkerTasks<PdfRequest, PdfAnswer>;

  constructor(
    readonly limits: PdfLimits,
    file: string = PDF_WORKER,
  ) {
    this.tasks = new WorkerTasks(file, {
      timeoutMs: limits.timeoutMs,
      maxHeapMb: limits.heapMb,
      idleMs: PDF_IDLE_MS,
    });
  }

  /**
   * The pages' text or why the PDF is refused; a thread that passed its heap or its time rejects
   * with WorkerTaskFailed (kind `memory` or `timeout`), an aborted `signal` with its reason.
   */
  read(bytes: Uint8Array, maxPages: number, signal?: AbortSignal): Promise<PdfAnswer> {
    // A copy of its own, moved to the thread: the caller's buffer may share memory with others.
    const copy = new Uint8Array(bytes);
    const request: PdfRequest = { bytes: copy, maxPages, streamMaxBytes: this.limits.streamMaxBytes };
    return this.tasks.run(request, [copy.buffer], signal);
  }

  close(): Promise<void> {
    return this.tasks.close();
  }
}

let shared: PdfReader | null = null;

/**
 * The process's PDF reader: one thread for every PDF read here, so the memory readings may take is
 * one thread's whatever the number of jobs. The app configures it from its configuration at start
 * (configurePdfReader); code that runs without an app (unit tests) gets the defaults.
 */
export function pdfReader(): PdfReader {
  shared ??= new PdfReader(DEFAULT_LIMITS);
  return shared;
}

/**
 * Sets the process's reader's limits (the app's start). A reader with other limits is replaced;
 * the old one finishes what it reads and its thread ends when idle.
 */
export function configurePdfReader(limits: PdfLimits): PdfReader {
  if (shared && JSON.stringify(shared.limits) === JSON.stringify(limits)) return shared;
  shared = new PdfReader(limits);
  return shared;
}

/** Ends the process's reading thread (the app's close); the next reading starts a new one. */
export async function closePdfReader(): Promise<void> {
  await shared?.close();
}
