import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { launchChromium } from './chromium.ts';
import { UI_WAIT_MS } from './waits.ts';

/** Host name that resolves to the server but is not localhost: a non-secure context, like a LAN address. */
export const LAN_HOST = 'ks-lan.test';

export function useBrowser() {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium([`--host-resolver-rules=MAP ${LAN_HOST} 127.0.0.1`]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** A fresh browser context (own sessionStorage and localStorage) with a page. */
  return async (): Promise<Page> => {
    if (!browser) throw new Error('browser not launched');
    const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
    // Actions and locator waits without a timeout of their own retry for as long as any wait.
    context.setDefaultTimeout(UI_WAIT_MS);
    return context.newPage();
  };
}

export const baseUrl = () => inject('baseUrl');

export const DEMO = {
  admin: { account: 'admin', password: 'Admin2026', home: '/system/pageConfig' },
  developer: { account: 'developer', password: 'Dev2026ks', home: '/system/allSystem' },
  enterprise: { account: 'enterprise', password: 'Ent2026ks', home: '/system/pageConfig' },
  personnel: { account: 'personnel', password: 'Per2026ks', home: '/userCenter/uCenter' },
} as const;
