import { parentPort, workerData } from 'node:worker_threads';
import { readSheet, type SheetRequest } from './modules/records/sheet-reader.ts';

/**
 * The worker thread that reads an imported sheet (platform/worker-task.ts starts it): the unpacking
 * and parsing of an upload run here, so the server's event loop keeps answering meanwhile, and all
 * the memory they took goes when the thread ends. It sits directly under src/ so that the build
 * (an entry point of its own) puts it directly under dist/, beside the bundle that starts it.
 */
parentPort?.postMessage(await readSheet(workerData as SheetRequest));
