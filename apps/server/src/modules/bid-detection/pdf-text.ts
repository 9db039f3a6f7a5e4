import { BID_MESSAGES } from '@ks/contract';
import { type PdfReader, pdfReader } from '../../platform/pdf-reader.ts';
import { WorkerTaskFailed } from '../../platform/worker-task.ts';

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
 * The text of each page of a PDF, lines separated by `\n` (PDF.js through `unpdf`, decision 0052),
 * read in a worker thread under a heap cap, a cap on each decoded stream and a time limit
 * (platform/pdf-reader.ts, decision 0071). A document without text on any page is a scan
 * (`scanned`); an encrypted, unreadable or too long one is refused (`failed`), and so is one whose
 * reading passed the caps or the time: the same file would cost the same again, so no retry.
 * Anything else (the thread could not start or died otherwise, an error PDF.js did not expect of
 * the file, an abort) is thrown as it is: the job retries, as for a failure that is not the file's.
 */
export async function extractPages(
  bytes: Uint8Array,
  signal?: AbortSignal,
  reader: PdfReader = pdfReader(),
): Promise<string[]> {
  const answer = await reader.read(bytes, MAX_PAGES, signal).catch((error: unknown) => {
    if (error instanceof WorkerTaskFailed && error.kind !== 'crash')
      throw new BidExtractError(BID_MESSAGES.tooLarge, 'failed');
    throw error;
  });
  if ('failure' in answer) throw new Error(`PDF text extraction failed: ${answer.failure}`);
  if ('refusal' in answer) {
    const { refusal } = answer;
    if (refusal === 'encrypted') throw new BidExtractError(BID_MESSAGES.encrypted, 'failed');
    if (refusal === 'tooManyPages') throw new BidExtractError(BID_MESSAGES.tooManyPages(MAX_PAGES), 'failed');
    if (refusal === 'tooLarge') throw new BidExtractError(BID_MESSAGES.tooLarge, 'failed');
    throw new BidExtractError(BID_MESSAGES.broken, 'failed');
  }
  const { pages } = answer;
  if (!pages.some((p) => p.replace(/\s/g, '').length >= MIN_VISIBLE))
    throw new BidExtractError(BID_MESSAGES.scanned, 'scanned');
  return pages;
}
