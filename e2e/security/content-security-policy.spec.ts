import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, DEMO, useBrowser } from '../support/browser.ts';
import { logIn, waitForPath } from '../support/login.ts';

const newPage = useBrowser();

/**
 * Records every content-security-policy violation the page reports (the DOM event, and Chromium's
 * console line for what the event does not cover), from the first script on.
 */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const consoleLines: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) consoleLines.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return async () => [
    ...(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)),
    ...consoleLines,
  ];
}

describe('the web app under its content security policy', () => {
  it('loads the login page and logged-in pages (with charts) without a violation', async () => {
    const page = await newPage();
    const violations = await watchViolations(page);
    const response = await page.goto(`${baseUrl()}/login`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(response?.headers()['x-content-type-options']).toBe('nosniff');
    await expect.poll(() => page.getByLabel('账号', { exact: true }).isVisible()).toBe(true);
    expect(await violations()).toEqual([]);

    await logIn(page, DEMO.enterprise.account, DEMO.enterprise.password);
    await waitForPath(page, DEMO.enterprise.home);
    // The material price list of the demo system: filters, a table and ECharts charts.
    await page.goto(`${baseUrl()}/dynamicPage/dynamicIndex?systemCoding=DEMO_CLJG&gnCoding=CLJG_CLJG`);
    await expect.poll(() => page.locator('.ant-table-row').count()).toBeGreaterThan(0);
    await expect.poll(() => page.locator('canvas').count()).toBeGreaterThan(0);
    expect(await violations()).toEqual([]);
    await page.context().close();
  });
});
