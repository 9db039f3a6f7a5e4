import { readSheet, type SheetAnswer, type SheetRequest } from './modules/records/sheet-reader.ts';
import { serveWorkerTasks } from './platform/worker-task.ts';

/**
 * The worker thread that reads imported sheets (WorkerTasks in platform/worker-task.ts starts it):
 * the unpacking and parsing of an upload run here, so the server's event loop keeps answering
 * meanwhile. It sits directly under src/ so that the build (an entry point of its own) puts it
 * directly under dist/, beside the bundle that starts it.
 */
serveWorkerTasks<SheetRequest, SheetAnswer>(readSheet);
