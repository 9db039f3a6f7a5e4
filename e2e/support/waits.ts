import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * The one bound on how long the page may take to show something: every retrying wait of the
 * suite (locator waits, Playwright actions, expect.poll in specs and helpers) uses it, so a slow
 * machine needs one setting (E2E_UI_WAIT_MS), not a hundred hand-picked timeouts, and a wait that
 * is satisfied returns at once.
 */
export const UI_WAIT_MS = Number(process.env.E2E_UI_WAIT_MS ?? 30000);

/** Waits until the locator's one element is on screen. */
export async function expectVisible(locator: Locator) {
  await locator.waitFor({ state: 'visible', timeout: UI_WAIT_MS });
}

/** Waits until the locator's element is gone or hidden (a closing antd dialog, drawer or toast). */
export async function expectHidden(locator: Locator) {
  await locator.waitFor({ state: 'hidden', timeout: UI_WAIT_MS });
}

/** Waits until the locator's text is `text` (a string is matched exactly, after trimming). */
export async function expectText(locator: Locator, text: string | RegExp) {
  const matches = async () => {
    const shown = (await locator.innerText({ timeout: UI_WAIT_MS })).trim();
    return typeof text === 'string' ? shown === text : text.test(shown);
  };
  await expect.poll(matches, { timeout: UI_WAIT_MS, message: `text ${text}` }).toBe(true);
}

/** Waits until the locator matches `count` elements. */
export async function expectCount(locator: Locator, count: number) {
  await expect.poll(() => locator.count(), { timeout: UI_WAIT_MS }).toBe(count);
}

/**
 * Waits until the page's running CSS animations have ended or were cancelled (an antd dialog zooming in, a drawer
 * sliding): a click aimed at a button that is still moving can land beside it on a loaded machine.
 */
export async function animationsSettled(page: Page) {
  // An animation cancelled meanwhile (its element gone, a newer one in its place) rejects its
  // `finished` with AbortError: it has settled too.
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
}

/**
 * Counts the page's requests in flight, the push stream left out (it never ends, so Playwright's
 * 'networkidle' never comes while one is open). `idle()` waits until none has been in flight
 * for half a second. Attach before the page navigates.
 */
export function trackRequests(page: Page) {
  const isStream = (url: string) => url.includes('/ks/message/v1/subscribe');
  const state = { inFlight: 0, lastActivity: Date.now() };
  const moved = (delta: number) => (request: { url(): string }) => {
    if (isStream(request.url())) return;
    state.inFlight = Math.max(0, state.inFlight + delta);
    state.lastActivity = Date.now();
  };
  page.on('request', moved(1));
  page.on('requestfinished', moved(-1));
  page.on('requestfailed', moved(-1));
  return {
    idle: () =>
      expect
        .poll(() => state.inFlight === 0 && Date.now() - state.lastActivity > 500, {
          timeout: UI_WAIT_MS,
          interval: 100,
        })
        .toBe(true),
  };
}
