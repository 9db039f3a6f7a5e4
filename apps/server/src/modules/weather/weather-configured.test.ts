import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createUser, loginAs, useTestApp } from '../../../test/helper.ts';

// The local stand-in for AMap must listen before the app reads its configuration.
const server: Server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  response.setHeader('content-type', 'application/json');
  const all = url.searchParams.get('extensions') === 'all';
  response.end(
    JSON.stringify(
      all
        ? {
            status: '1',
            info: 'OK',
            infocode: '10000',
            forecasts: [
              {
                city: '杭州市',
                casts: [
                  {
                    date: '2026-11-21',
                    week: '6',
                    dayweather: '霾',
                    nightweather: '霾',
                    daytemp: '9',
                    nighttemp: '2',
                    daywind: '西北',
                    nightwind: '西北',
                    daypower: '≤3',
                    nightpower: '≤3',
                  },
                ],
              },
            ],
          }
        : {
            status: '1',
            info: 'OK',
            infocode: '10000',
            lives: [
              {
                city: '杭州市',
                weather: '霾',
                temperature: '8',
                winddirection: '西北',
                windpower: '≤3',
                humidity: '70',
                reporttime: '2026-11-21 10:00:00',
              },
            ],
          },
    ),
  );
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

describe('GET /ks/common/weather with AMap configured', () => {
  const getApp = useTestApp({
    WEATHER_AMAP_KEY: 'test-key',
    WEATHER_CITY: '330100',
    WEATHER_AMAP_URL: origin,
    // The stand-in runs in this process, which a loaded machine can hold up for seconds.
    WEATHER_TIMEOUT_SECONDS: '60',
  });

  it('answers lives and forecast.casts with the smog theme for 霾', async () => {
    const app = getApp();
    const { headers } = await loginAs(app, await createUser(app, 'P'));
    const body = (await app.inject({ method: 'GET', url: '/ks/common/weather', headers })).json();
    expect(body.data).toMatchObject({
      state: 'ok',
      provider: 'amap',
      theme: 'smog',
      lives: [{ city: '杭州市', weather: '霾', temperature: '8', dayweatherIcon: 'haze' }],
      forecast: { casts: [{ date: '2026-11-21', dayweather: '霾', daytemp: '9', nighttemp: '2' }] },
    });
    server.close();
  });
});
