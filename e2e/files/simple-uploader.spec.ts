import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { expectMessage } from '../support/messages.ts';
import { buildPdf, drawPng } from '../support/test-files.ts';
import { chooseFiles, openMyAttachments, simpleCard } from './attachments-page.ts';

const newPage = useBrowser();

describe('simple uploader on 我的附件', () => {
  it('uploads a real PNG and a real PDF, shows the image in the viewer and the PDF in a 780 px frame', async () => {
    const page = await newPage();
    await openMyAttachments(page);
    const suffix = Date.now().toString(36);
    const imageName = `执照-${suffix}.png`;
    const pdfName = `承诺书-${suffix}.pdf`;
    const png = await drawPng(page, `KS ${suffix}`, 240, 120);
    // PNG signature: the canvas gave real image bytes, which the server checks by their start.
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');

    const card = simpleCard(page);
    const button = card.getByRole('button', { name: '上传附件' });
    await chooseFiles(page, button, { name: imageName, mimeType: 'image/png', buffer: png });
    await expect.poll(() => card.getByText(imageName).isVisible()).toBe(true);
    await chooseFiles(page, button, {
      name: pdfName,
      mimeType: 'application/pdf',
      buffer: buildPdf(`KS simple ${suffix}`),
    });
    await expect.poll(() => card.getByText(pdfName).isVisible()).toBe(true);
    await expectMessage(page, '上传成功');

    // The image: the viewer shows the stored bytes, decoded at the size they were drawn.
    await card
      .locator('.ant-list-item', { hasText: imageName })
      .getByRole('button', { name: '预览' })
      .click();
    const viewerImage = page.locator('.ant-image-preview img');
    await viewerImage.waitFor();
    await expect
      .poll(() => viewerImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {})
      .toBe(240);
    expect(await viewerImage.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(120);
    expect(await viewerImage.getAttribute('src')).toMatch(/^blob:/);
    await page.keyboard.press('Escape');
    await expect.poll(() => viewerImage.isVisible()).toBe(false);

    // The PDF: a dialog with a frame 780 px high showing the stored PDF.
    await card.locator('.ant-list-item', { hasText: pdfName }).getByRole('button', { name: '预览' }).click();
    const dialog = page.getByRole('dialog', { name: pdfName });
    const frame = dialog.locator(`iframe[title="${pdfName}"]`);
    await frame.waitFor();
    // Measured on screen once the dialog's opening animation (a scale transform) has finished.
    await expect
      .poll(() => frame.evaluate((element: HTMLIFrameElement) => element.getBoundingClientRect().height))
      .toBe(780);
    const framed = await frame.evaluate(async (element: HTMLIFrameElement) => {
      const response = await fetch(element.src);
      return { src: element.src, head: (await response.text()).slice(0, 8) };
    });
    expect(framed).toEqual({ src: expect.stringMatching(/^blob:/), head: '%PDF-1.4' });
    await dialog.getByRole('button', { name: /^(Close|关闭)$/ }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await page.context().close();
  });
});
