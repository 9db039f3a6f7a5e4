import { describe, expect, it } from 'vitest';
import { baseUrl, DEMO, useBrowser } from '../support/browser.ts';
import { logIn, waitForPath } from '../support/login.ts';
import { expectText, expectVisible } from '../support/waits.ts';

const newPage = useBrowser();

describe('header weather without a weather service', () => {
  it('says the service is not configured and shows no weather at all', async () => {
    // The shared test server gets no AMap key; with one, this scenario would not apply.
    expect(process.env.WEATHER_AMAP_KEY ?? '').toBe('');
    const page = await newPage();
    const weatherAnswer = page.waitForResponse((response) => response.url().endsWith('/ks/common/weather'));
    await page.goto(`${baseUrl()}/`);
    await logIn(page, DEMO.enterprise.account, DEMO.enterprise.password);
    await waitForPath(page, DEMO.enterprise.home);

    const answer = (await (await weatherAnswer).json()) as {
      code: number;
      data: { state: string; lives: unknown[]; forecast: { casts: unknown[] } };
    };
    expect(answer.code).toBe(200);
    expect(answer.data).toMatchObject({ state: 'not_configured', lives: [], forecast: { casts: [] } });

    const button = page.locator('.ks-shell-header').getByRole('button', { name: '天气', exact: true });
    await expectText(button, '天气');
    await button.click();
    const panel = page.getByTestId('weather-panel');
    await expectVisible(panel);
    expect(await panel.innerText()).toBe('天气服务未配置，请联系管理员配置天气服务');
    // Nothing that looks like weather: no temperature, no forecast, no theme, no data source.
    const header = await page.locator('.ks-shell-header').innerText();
    expect(header).not.toMatch(/℃/);
    expect(await page.getByText('近期预报').count()).toBe(0);
    expect(await page.getByText(/数据来源/).count()).toBe(0);
    expect(await panel.getAttribute('data-theme')).toBeNull();
    await page.context().close();
  });
});
