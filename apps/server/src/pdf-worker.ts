import { type PdfAnswer, type PdfRequest, readPdfPages } from './platform/pdf-pages.ts';
import { serveWorkerTasks } from './platform/worker-task.ts';

/**
 * The worker thread that reads the text of bid-document PDFs (platform/pdf-reader.ts starts it):
 * PDF.js runs here, under the thread's heap cap and with its decoded buffers capped, so the server's
 * event loop and memory stay its own. It sits directly under src/ so that the build (an entry point
 * of its own) puts it directly under dist/, beside the bundle that starts it.
 */
serveWorkerTasks<PdfRequest, PdfAnswer>(readPdfPages);
