import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, Request, Route } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { expectMessage } from '../support/messages.ts';
import { buildPdf } from '../support/test-files.ts';
import { annexRow, chooseFiles, openMyAttachments, waitForAnnexTable } from './attachments-page.ts';

const newPage = useBrowser();

/** 其他材料（演示）takes pdf up to 500 MB: room for a file of several chunks. */
const SLOT = '其他材料（演示）';
const CHUNK_UPLOAD = '**/ks/upload/v1/chunk-upload';
/** About 20 MiB, just under: four 5 MiB chunks, the last one short. */
const FILE_SIZE = 20 * 1024 * 1024 - 4096;

const workDir = mkdtempSync(join(tmpdir(), 'ks-e2e-files-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/**
 * A 20 MB PDF on disk, chosen by path as a person chooses it, twice if need be. Random bytes
 * make it unique, so the server cannot complete it at once from an earlier upload's md5.
 */
function writeLargePdf(name: string): { path: string; size: number } {
  const bytes = buildPdf(name, FILE_SIZE - buildPdf(name).length - 64);
  const path = join(workDir, name);
  writeFileSync(path, bytes);
  return { path, size: bytes.length };
}

/** Chunk indexes the page sends, read from each chunk-upload request's multipart body. */
function recordChunkRequests(page: Page) {
  const chunks: number[] = [];
  page.on('request', (request: Request) => {
    if (!request.url().includes('/ks/upload/v1/chunk-upload')) return;
    const body = request.postDataBuffer()?.toString('latin1') ?? '';
    const index = /name="chunk"\r\n\r\n(\d+)\r\n/.exec(body)?.[1];
    chunks.push(index === undefined ? -1 : Number(index));
  });
  return chunks;
}

/**
 * Lets the first `count` chunk uploads through and holds every later one, so the upload stops
 * midway for as long as the test needs (a reload or a cancel then drops the held request). The
 * returned release lets every later chunk through. The route stays installed on purpose: an
 * intercepted request exposes its multipart body to `page.on('request')`, which reads the index.
 */
async function holdChunksAfter(page: Page, count: number) {
  let limit = count;
  let passed = 0;
  const held: Route[] = [];
  await page.route(CHUNK_UPLOAD, async (route) => {
    if (passed < limit) {
      passed += 1;
      await route.continue();
    } else {
      held.push(route);
    }
  });
  return async () => {
    limit = Number.POSITIVE_INFINITY;
    // The page has dropped these requests already; aborting only tidies the interception up.
    await Promise.all(held.map((route) => route.abort().catch(() => {})));
  };
}

const uploadingItem = (page: Page) => annexRow(page, SLOT).locator('[data-testid="uploading-item"]');
/** The progress bar's value in percent (short timeout: it is read inside a poll). */
const progressOf = (page: Page) =>
  uploadingItem(page).getByRole('progressbar').getAttribute('aria-valuenow', { timeout: 1000 });

async function waitForUploadTask(page: Page) {
  const response = await page.waitForResponse((r) => r.url().includes('/ks/upload/v1/upload-task'), {});
  return ((await response.json()) as { data: { chunkCount: number; uploadedChunks: number[] } }).data;
}

describe('chunked upload of a 20 MB file', () => {
  it('shows the progress bar, resumes after a reload sending only the missing chunks, and completes', async () => {
    const page = await newPage();
    await openMyAttachments(page);
    const name = `大文件-${Date.now().toString(36)}.pdf`;
    const { path, size } = writeLargePdf(name);
    const chunks = recordChunkRequests(page);
    const release = await holdChunksAfter(page, 1);
    const row = annexRow(page, SLOT);
    const uploadButton = row.getByRole('button', { name: `上传${SLOT}` });

    const firstTask = waitForUploadTask(page);
    await chooseFiles(page, uploadButton, path);
    expect(await firstTask).toMatchObject({ chunkCount: 4, uploadedChunks: [] });
    // One chunk of four stored: the bar says 25 % and the upload waits on the held second chunk.
    await expect.poll(() => progressOf(page)).toBe('25');
    expect(await uploadingItem(page).innerText()).toContain('正在上传');
    expect(await uploadingItem(page).getByRole('button', { name: '取消上传' }).isVisible()).toBe(true);
    await expect.poll(() => chunks, { timeout: 10000 }).toEqual([0, 1]);

    await page.reload();
    await waitForAnnexTable(page);
    await release();
    expect(await uploadingItem(page).count()).toBe(0);
    expect(await row.getByRole('button', { name }).count()).toBe(0);

    chunks.length = 0;
    const resumedTask = waitForUploadTask(page);
    await chooseFiles(page, uploadButton, path);
    expect(await resumedTask).toMatchObject({ chunkCount: 4, uploadedChunks: [0] });
    await expect.poll(() => row.getByRole('button', { name }).isVisible(), { timeout: 60000 }).toBe(true);
    await expectMessage(page, '上传成功');
    expect(chunks.sort()).toEqual([1, 2, 3]);
    expect(await uploadingItem(page).count()).toBe(0);

    // The stored file is the whole file: its preview holds every byte that was chosen.
    await row.getByRole('button', { name }).click();
    const frame = page.getByRole('dialog', { name }).locator('iframe');
    await frame.waitFor();
    const stored = await frame.evaluate(async (element: HTMLIFrameElement) => {
      const blob = await (await fetch(element.src)).blob();
      return { size: blob.size, head: await blob.slice(0, 8).text() };
    });
    expect(stored).toEqual({ size, head: '%PDF-1.4' });
    await page.context().close();
  });

  it('cancels after 确认取消上传吗?: the upload stops, its entry goes, and its chunks are dropped', async () => {
    const page = await newPage();
    await openMyAttachments(page);
    const name = `取消-${Date.now().toString(36)}.pdf`;
    const { path } = writeLargePdf(name);
    const chunks = recordChunkRequests(page);
    const release = await holdChunksAfter(page, 1);
    const row = annexRow(page, SLOT);
    const uploadButton = row.getByRole('button', { name: `上传${SLOT}` });

    await chooseFiles(page, uploadButton, path);
    await expect.poll(() => progressOf(page)).toBe('25');
    await expect.poll(() => chunks, { timeout: 10000 }).toEqual([0, 1]);

    await uploadingItem(page).getByRole('button', { name: '取消上传' }).click();
    const confirm = page.locator('.ant-modal-confirm', { hasText: '确认取消上传吗?' });
    await confirm.waitFor();
    // The cancel call is held until the mark is seen: the entry goes 3 s after the answer, which a
    // busy machine could spend before a poll looked.
    let releaseCancel = () => {};
    const cancelHeld = new Promise<void>((resolve) => {
      releaseCancel = resolve;
    });
    await page.route('**/ks/upload/v1/upload-cancel', async (route) => {
      await cancelHeld;
      await route.continue();
    });
    const cancelled = page.waitForResponse((r) => r.url().includes('/ks/upload/v1/upload-cancel'));
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    // The entry stays, marked, while requests in flight settle; then it is gone.
    await expect.poll(() => uploadingItem(page).innerText()).toContain('正在取消');
    releaseCancel();
    const answer = (await (await cancelled).json()) as { code: number };
    expect(answer.code).toBe(200);
    await expect.poll(() => uploadingItem(page).count(), { timeout: 15000 }).toBe(0);
    expect(await row.getByRole('button', { name }).count()).toBe(0);
    await release();
    // Nothing more went up: the held second chunk was the last request, and no merge followed.
    expect(chunks).toEqual([0, 1]);

    // The server dropped the stored chunk: choosing the file again starts from nothing.
    chunks.length = 0;
    const task = waitForUploadTask(page);
    await chooseFiles(page, uploadButton, path);
    expect(await task).toMatchObject({ chunkCount: 4, uploadedChunks: [] });
    await expect.poll(() => row.getByRole('button', { name }).isVisible(), { timeout: 60000 }).toBe(true);
    expect(chunks.sort()).toEqual([0, 1, 2, 3]);
    await page.context().close();
  });
});
