import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { recordVideo } from '../support/test-files.ts';
import { annexRow, openMyAttachments, uploadToSlot } from './attachments-page.ts';

const newPage = useBrowser();

/** 其他材料（演示）is the demo slot that takes video (mp4). */
const SLOT = '其他材料（演示）';

const mediaState = (player: Locator) =>
  player.evaluate((video: HTMLVideoElement) => ({ paused: video.paused, currentTime: video.currentTime }));

describe('video in the modal player', () => {
  it('plays without a download control, and stops and rewinds when the modal closes', async () => {
    const page = await newPage();
    await openMyAttachments(page);
    const video = await recordVideo(page, 'mp4');
    // An ISO media file ('ftyp' box at byte 4): a real MP4, as the server checks by its first bytes.
    expect(video.subarray(4, 8).toString('latin1')).toBe('ftyp');
    const name = `录像-${Date.now().toString(36)}.mp4`;
    await uploadToSlot(page, SLOT, { name, mimeType: 'video/mp4', buffer: video });

    const fileButton = annexRow(page, SLOT).getByRole('button', { name });
    await fileButton.click();
    const dialog = page.getByRole('dialog', { name });
    // The player with a source: each uploader keeps its own (empty) player rendered in the page.
    const player = page.locator('video[data-testid="video-player"][src^="blob:"]');
    await player.waitFor();
    expect(await dialog.locator('video[src^="blob:"]').count()).toBe(1);
    await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
    const media = await player.evaluate((v: HTMLVideoElement) => ({
      src: v.currentSrc,
      controls: v.controls,
      // The browser's own reading of controlslist (not in TypeScript's DOM types yet).
      noDownload: (v as HTMLVideoElement & { controlsList: DOMTokenList }).controlsList.contains(
        'nodownload',
      ),
      width: v.videoWidth,
      duration: v.duration,
      error: v.error?.code ?? 0,
    }));
    expect(media).toMatchObject({
      src: expect.stringMatching(/^blob:/),
      controls: true,
      noDownload: true,
      width: 160,
      error: 0,
    });
    expect(media.duration).toBeGreaterThan(0.5);

    await player.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
    });
    await expect.poll(() => mediaState(player)).toMatchObject({ paused: false });
    await expect.poll(async () => (await mediaState(player)).currentTime).toBeGreaterThan(0.2);

    await dialog.getByRole('button', { name: /^(Close|关闭)$/ }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    // Closed: the player is still in the page (kept rendered) but stopped and back at the start.
    expect(await mediaState(player)).toEqual({ paused: true, currentTime: 0 });

    await fileButton.click();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await mediaState(player)).toEqual({ paused: true, currentTime: 0 });
    await page.context().close();
  });
});
