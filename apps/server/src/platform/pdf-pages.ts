/**
 * The text of a PDF's pages, read with PDF.js (through `unpdf`) in a worker thread (pdf-worker.ts;
 * pdf-reader.ts is the server's side). It answers refusals as kinds, not messages: the thread loads
 * no contract, and each caller words them.
 */

export type PdfRequest = {
  bytes: Uint8Array;
  /** More pages than this is refused before any page is read. */
  maxPages: number;
  /** The largest buffer one decoded stream may grow to (see capBuffers). */
  streamMaxBytes: number;
};

/**
 * Why a PDF is refused: encrypted, unreadable, more pages than the limit, or a stream that decodes
 * past the cap (`tooLarge`). `failure` is an error that is not the file's: the caller retries.
 */
export type PdfAnswer =
  | { pages: string[] }
  | { refusal: 'encrypted' | 'broken' | 'tooManyPages' | 'tooLarge' }
  | { failure: string };

/** Set when an allocation passed the cap: whatever PDF.js made of the error, the file is refused. */
let capped = false;
/** The current task's cap on one buffer. */
let maxBytes = Number.POSITIVE_INFINITY;

/**
 * PDF.js inflates a stream into one buffer that doubles as it fills, with no limit of its own: a
 * PDF of 500 KB whose content stream inflates to 1 GB takes 1 GB (and 30 s: measured in decision
 * 0071). Those buffers are ArrayBuffers,
 * outside the V8 heap, so the thread's heap cap does not bound them. Before PDF.js is loaded, this
 * thread's Uint8Array and ArrayBuffer constructors refuse a length past the cap (a RangeError, as
 * for an allocation that fails): PDF.js stops at that stream's first buffer past it. Buffers
 * smaller than the cap are collected as any other once PDF.js drops them (V8 counts them for its
 * collections), so the thread holds at most a few of them at a time.
 */
function capBuffers() {
  const guard = <T extends Uint8ArrayConstructor | ArrayBufferConstructor>(type: T): T =>
    new Proxy(type, {
      construct(target, args, newTarget) {
        // Once a stream passed the cap the file is refused: every further buffer fails too, and
        // PDF.js stops at once instead of inflating the same stream again with its own inflater.
        if (typeof args[0] === 'number' && (capped || args[0] > maxBytes)) {
          capped = true;
          throw new RangeError('PDF stream past the decoded size cap');
        }
        return Reflect.construct(target, args, newTarget) as object;
      },
    });
  globalThis.Uint8Array = guard(Uint8Array);
  globalThis.ArrayBuffer = guard(ArrayBuffer);
  // PDF.js first inflates a stream whole through the platform's DecompressionStream, collecting
  // every chunk before it allocates their sum: the chunks are counted as they come, and the stream
  // ends in an error once they pass the cap (PDF.js then tries its own inflater, capped above).
  const Native = globalThis.DecompressionStream;
  globalThis.DecompressionStream = class CappedDecompressionStream {
    readonly readable: ReadableStream<Uint8Array>;
    readonly writable: WritableStream<BufferSource>;
    constructor(format: CompressionFormat) {
      const inner = new Native(format);
      let total = 0;
      this.writable = inner.writable;
      this.readable = inner.readable.pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
          transform(chunk, controller) {
            total += chunk.byteLength;
            if (total > maxBytes) {
              capped = true;
              controller.error(new RangeError('PDF stream past the decoded size cap'));
            } else controller.enqueue(chunk);
          },
        }),
      );
    }
  } as unknown as typeof DecompressionStream;
}

let loadPdfJs: Promise<typeof import('unpdf')> | null = null;

/** Loads PDF.js once per thread, after the buffers' cap is in place. */
function pdfJs() {
  if (!loadPdfJs) {
    capBuffers();
    loadPdfJs = import('unpdf');
  }
  return loadPdfJs;
}

/** The text of each page, lines separated by `\n`; never rejects (an unexpected error is a `failure`). */
export async function readPdfPages(request: PdfRequest): Promise<PdfAnswer> {
  capped = false;
  maxBytes = request.streamMaxBytes;
  try {
    const answer = await readPages(request);
    return capped ? { refusal: 'tooLarge' } : answer;
  } catch (error) {
    if (capped) return { refusal: 'tooLarge' };
    return { failure: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}

async function readPages({ bytes, maxPages }: PdfRequest): Promise<PdfAnswer> {
  const { getDocumentProxy } = await pdfJs();
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // The bytes were moved to this thread for this task: PDF.js may take them over.
    pdf = await getDocumentProxy(bytes, { stopAtErrors: true, verbosity: 0 });
  } catch (error) {
    if (capped) return { refusal: 'tooLarge' };
    const name = (error as { name?: string }).name ?? '';
    if (name === 'PasswordException') return { refusal: 'encrypted' };
    if (/PDFException|InvalidPDF|FormatError|UnknownErrorException/.test(name)) return { refusal: 'broken' };
    throw error;
  }
  try {
    if (pdf.numPages > maxPages) return { refusal: 'tooManyPages' };
    const pages: string[] = [];
    for (let n = 1; n <= pdf.numPages; n += 1) {
      const page = await pdf.getPage(n);
      let content: Awaited<ReturnType<typeof page.getTextContent>>;
      try {
        content = await page.getTextContent();
      } catch {
        return { refusal: capped ? 'tooLarge' : 'broken' };
      }
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str;
        if (item.hasEOL) text += '\n';
      }
      pages.push(normalise(text));
      page.cleanup();
    }
    return { pages };
  } finally {
    await pdf.loadingTask.destroy();
  }
}

/** Lines trimmed, runs of blanks collapsed, NUL and other controls removed (PostgreSQL stores no NUL). */
function normalise(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')
      .split(/\r?\n/)
      .map((line) => line.replace(/[ \t\u3000]+/g, ' ').trim())
      .filter((line) => line.length > 0)
      .join('\n')
  );
}
