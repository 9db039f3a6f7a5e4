import { BID_MESSAGES } from '@ks/contract';
import { getDocumentProxy } from 'unpdf';

/** A bid document the extraction refuses: the message is the user's, stored as the document's error. */
export class BidExtractError extends Error {
  constructor(
    message: string,
    readonly state: 'scanned' | 'failed',
  ) {
    super(message);
    this.name = 'BidExtractError';
  }
}

/** The most pages read from one document (a bid runs to hundreds; more is refused, not truncated). */
export const MAX_PAGES = 3000;
/** Pages whose text has fewer visible characters than this count as having none (a scan's stray marks). */
const MIN_VISIBLE = 4;

/**
 * The text of each page of a PDF, lines separated by `\n` (PDF.js through `unpdf`, decision 0052).
 * A document without text on any page is a scan (`scanned`); an encrypted or unreadable one is
 * refused (`failed`). Anything else (out of memory, an abort) is thrown as it is: the job retries.
 */
export async function extractPages(bytes: Uint8Array, signal?: AbortSignal): Promise<string[]> {
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // PDF.js takes ownership of the buffer it is given: hand it a copy.
    pdf = await getDocumentProxy(new Uint8Array(bytes), { stopAtErrors: true, verbosity: 0 });
  } catch (error) {
    const name = (error as { name?: string }).name ?? '';
    if (name === 'PasswordException') throw new BidExtractError(BID_MESSAGES.encrypted, 'failed');
    if (/PDFException|InvalidPDF|FormatError|UnknownErrorException/.test(name))
      throw new BidExtractError(BID_MESSAGES.broken, 'failed');
    throw error;
  }
  try {
    if (pdf.numPages > MAX_PAGES) throw new BidExtractError(`投标文件超过${MAX_PAGES}页，无法检测`, 'failed');
    const pages: string[] = [];
    for (let n = 1; n <= pdf.numPages; n += 1) {
      signal?.throwIfAborted();
      const page = await pdf.getPage(n);
      const content = await page.getTextContent().catch(() => {
        throw new BidExtractError(BID_MESSAGES.broken, 'failed');
      });
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str;
        if (item.hasEOL) text += '\n';
      }
      pages.push(normalise(text));
      page.cleanup();
    }
    if (!pages.some((p) => p.replace(/\s/g, '').length >= MIN_VISIBLE))
      throw new BidExtractError(BID_MESSAGES.scanned, 'scanned');
    return pages;
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
