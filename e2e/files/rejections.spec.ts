import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { expectMessage } from '../support/messages.ts';
import { buildPdf, drawPng, type TestFile } from '../support/test-files.ts';
import { annexRow, chooseFiles, openMyAttachments, simpleCard, uploadToSlot } from './attachments-page.ts';

const newPage = useBrowser();

/** Upload calls the page makes (single-request and chunked), to prove a refused file never leaves. */
function countUploadRequests(page: Page) {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (/\/ks\/(common\/common\/upload|upload\/v1\/)/.test(request.url())) urls.push(request.url());
  });
  return urls;
}

/** A name of `length` characters ending in `.extension`. */
const nameOfLength = (length: number, extension: string) =>
  `${'长'.repeat(length - extension.length - 1)}.${extension}`;

async function expectRefused(page: Page, message: string, sent: string[]) {
  await expectMessage(page, message);
  expect(sent).toEqual([]);
}

describe('rejection messages in the browser', () => {
  it('simple uploader: wrong format, name over 64 characters, more than 3 files', async () => {
    const page = await newPage();
    await openMyAttachments(page);
    const sent = countUploadRequests(page);
    const card = simpleCard(page);
    const button = card.getByRole('button', { name: '上传附件' });

    await chooseFiles(page, button, {
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('plain'),
    });
    await expectRefused(page, '请上传图片或PDF文件', sent);

    const longName = nameOfLength(65, 'pdf');
    await chooseFiles(page, button, {
      name: longName,
      mimeType: 'application/pdf',
      buffer: buildPdf('long'),
    });
    await expectRefused(page, '文件名超过64位字符，请重新命名后上传！', sent);
    // 64 characters is still allowed: the limit is "over 64".
    const name64 = nameOfLength(64, 'pdf');
    await chooseFiles(page, button, { name: name64, mimeType: 'application/pdf', buffer: buildPdf('64') });
    await expect.poll(() => card.getByText(name64).isVisible()).toBe(true);

    // Three more images chosen at once: two fit beside the PDF, the third is one too many.
    const suffix = Date.now().toString(36);
    const images: TestFile[] = [];
    for (const index of [1, 2, 3]) {
      images.push({
        name: `图${index}-${suffix}.png`,
        mimeType: 'image/png',
        buffer: await drawPng(page, `${index} ${suffix}`),
      });
    }
    sent.length = 0;
    await chooseFiles(page, button, images);
    await expectMessage(page, '最多只能上传3个文件');
    await expect.poll(() => card.locator('.ant-list-item').count()).toBe(3);
    expect(await card.getByText(name64).isVisible()).toBe(true);
    await expect.poll(() => card.locator('[data-testid="uploading-item"]').count()).toBe(0);
    expect(sent).toHaveLength(2);
    expect(await button.isDisabled()).toBe(true);
    await page.context().close();
  });

  it('slot uploader: wrong format, too large, name over 64 characters, more than the slot allows', async () => {
    const page = await newPage();
    await openMyAttachments(page);
    const sent = countUploadRequests(page);
    const suffix = Date.now().toString(36);

    // 信用承诺书（演示）takes pdf only.
    const commitment = annexRow(page, '信用承诺书（演示）');
    await chooseFiles(page, commitment.getByRole('button', { name: '上传信用承诺书（演示）' }), {
      name: `承诺书-${suffix}.png`,
      mimeType: 'image/png',
      buffer: await drawPng(page, suffix),
    });
    await expectRefused(page, '格式错误，请上传【 pdf 】格式', sent);

    // 营业执照（演示）takes jpg, jpeg, png, pdf up to 10 MB, three files at most.
    const licence = annexRow(page, '营业执照（演示）');
    const licenceButton = licence.getByRole('button', { name: '上传营业执照（演示）' });
    await chooseFiles(page, licenceButton, {
      name: `执照-${suffix}.pdf`,
      mimeType: 'application/pdf',
      buffer: buildPdf('too large', 10 * 1024 * 1024),
    });
    await expectRefused(page, '文件大小不能超过【10MB】!', sent);

    await chooseFiles(page, licenceButton, {
      name: nameOfLength(65, 'png'),
      mimeType: 'image/png',
      buffer: await drawPng(page, 'long'),
    });
    await expectRefused(page, '文件名超过64位字符，请重新命名后上传！', sent);

    for (const index of [1, 2, 3]) {
      await uploadToSlot(page, '营业执照（演示）', {
        name: `执照${index}-${suffix}.png`,
        mimeType: 'image/png',
        buffer: await drawPng(page, `licence ${index} ${suffix}`),
      });
    }
    sent.length = 0;
    await chooseFiles(page, licenceButton, {
      name: `执照4-${suffix}.png`,
      mimeType: 'image/png',
      buffer: await drawPng(page, `licence 4 ${suffix}`),
    });
    await expectRefused(page, '最多只能上传3个文件', sent);
    expect(await licence.getByRole('button', { name: `执照4-${suffix}.png` }).count()).toBe(0);
    await page.context().close();
  });
});
