import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useBrowser } from '../support/browser.ts';
import { logIn, waitForPath } from '../support/login.ts';
import { type RunningServer, startServer } from '../support/server.ts';

const newPage = useBrowser();
let server: RunningServer;

// Sessions of this server expire after 3 s unused, so the test can wait it out.
beforeAll(async () => {
  server = await startServer({ SESSION_IDLE_MINUTES: '0.05' });
});
afterAll(() => server.stop());

describe('an expired session', () => {
  it('shows the 登录已过期 dialog on the next call and lands on /login after 500 ms', async () => {
    const page = await newPage();
    // Every call slides the 3 s expiry on; the home page's calls may come a while after it shows.
    let lastCall = Date.now();
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/ks/')) lastCall = Date.now();
    });
    await page.goto(`${server.baseUrl}/`);
    await logIn(page, DEMO.personnel.account, DEMO.personnel.password);
    await waitForPath(page, DEMO.personnel.home);

    // Unused for longer than the expiry, counted from the last call, not from the page showing.
    await expect.poll(() => Date.now() - lastCall).toBeGreaterThan(4000);
    await page.reload();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('登录已过期，请重新登录').isVisible()).toBe(true);
    // The 500 ms delay itself is pinned by the HTTP client's unit test with fake timers.
    await page.waitForURL((url) => url.pathname === '/login');
    expect(
      await page.evaluate(
        () => sessionStorage.length === 0 || !JSON.stringify(sessionStorage).includes('"token":"'),
      ),
    ).toBe(true);
    expect(await dialog.count()).toBe(1);
    await page.context().close();
  });
});
