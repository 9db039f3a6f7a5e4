import { performance } from 'node:perf_hooks';
import { setTimeout as wait } from 'node:timers/promises';
import { BID_MESSAGES } from '@ks/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { bombPdf, manyPagesPdf, textPdf } from '../../../test/bid-pdf-fixtures.ts';
import { PdfReader } from '../../platform/pdf-reader.ts';
import { BidExtractError, extractPages, MAX_PAGES } from './pdf-text.ts';

const MB = 1024 * 1024;
/** Small caps keep the test's memory modest: the bomb needs only pass them, not the defaults. */
const reader = new PdfReader({ streamMaxBytes: 8 * MB, heapMb: 128, timeoutMs: 60_000 });
afterAll(() => reader.close());

/**
 * Runs `work` while a timer asks every PROBE_EVERY ms whether the event loop is free, and answers
 * how late each tick came (a blocked event loop delays the timer itself).
 */
const PROBE_EVERY = 20;
async function probedWhile<T>(work: () => Promise<T>): Promise<{ result: T; lateness: number[] }> {
  const lateness: number[] = [];
  let done = false;
  const probing = (async () => {
    while (!done) {
      const due = performance.now() + PROBE_EVERY;
      await wait(PROBE_EVERY);
      lateness.push(performance.now() - due);
    }
  })();
  try {
    return { result: await work(), lateness };
  } finally {
    done = true;
    await probing;
  }
}

const refusalOf = (work: Promise<unknown>) =>
  work.then(
    () => expect.unreachable('the PDF was read'),
    (error: unknown) => {
      expect(error).toBeInstanceOf(BidExtractError);
      return error as BidExtractError;
    },
  );

describe('the cost of reading a bid document, bounded', () => {
  it('refuses a PDF bomb at the decoded-stream cap while the event loop stays free', async () => {
    // 64 KB that inflate to 256 MB: read whole, the stream's buffer alone would take 256 MB.
    const bomb = bombPdf(256 * MB);
    expect(bomb.length).toBeLessThan(512 * 1024);
    const before = process.memoryUsage().rss;
    const started = performance.now();
    const { result, lateness } = await probedWhile(() => refusalOf(extractPages(bomb, undefined, reader)));
    const ms = performance.now() - started;
    expect(result).toMatchObject({ state: 'failed', message: BID_MESSAGES.tooLarge });
    // Cold, the thread's start and PDF.js' loading take most of it (decision 0071 has the numbers).
    expect(ms, 'refusal time').toBeLessThan(15_000);
    const worst = Math.max(0, ...lateness);
    expect(worst, `event loop lateness (ms): ${lateness.map(Math.round).join(' ')}`).toBeLessThan(250);
    // The reading's buffers were the thread's, capped at 8 MB: the thread and PDF.js take some tens of MB, the bomb's 256 MB never exist.
    expect(process.memoryUsage().rss - before).toBeLessThan(160 * MB);
  });

  it('still reads a normal document, in the same thread after a refusal', async () => {
    const pages = await extractPages(await textPdf([['#第一章 投标函', '致：招标人']]), undefined, reader);
    expect(pages).toEqual(['第一章 投标函\n致：招标人']);
  });

  it('refuses a document past the page limit before reading its pages', async () => {
    const error = await refusalOf(extractPages(manyPagesPdf(MAX_PAGES + 1), undefined, reader));
    expect(error).toMatchObject({ state: 'failed', message: BID_MESSAGES.tooManyPages(MAX_PAGES) });
  });

  it.each([
    ['its time', { timeoutMs: 1, heapMb: 128 }],
    // 4 MB cannot hold PDF.js itself, so the thread always dies of its heap; at 16 MB a CI run once
    // read the page (PDF.js fitted that time) and the test saw the page's text instead.
    ['its heap', { timeoutMs: 60_000, heapMb: 4 }],
  ])('refuses a reading that passes %s, without a retry (the file is the cause)', async (_, limits) => {
    const strict = new PdfReader({ streamMaxBytes: 8 * MB, ...limits });
    try {
      const error = await refusalOf(extractPages(await textPdf([['正文']]), undefined, strict));
      expect(error).toMatchObject({ state: 'failed', message: BID_MESSAGES.tooLarge });
    } finally {
      await strict.close();
    }
  });

  it('stops the reading when its job is aborted, and throws the abort (the job decides)', async () => {
    const controller = new AbortController();
    const reading = extractPages(bombPdf(6 * MB), controller.signal, reader);
    controller.abort(new Error('job stopped'));
    await expect(reading).rejects.toThrow('job stopped');
  });
});
