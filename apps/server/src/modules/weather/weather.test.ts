import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs, useTestApp } from '../../../test/helper.ts';
import { AmapWeatherProvider } from './providers.ts';
import { WEATHER_CACHE_MS, WeatherService } from './service.ts';

/** AMap's documented answers (v3/weather/weatherInfo, extensions=base and all). */
const AMAP_BASE = {
  status: '1',
  count: '1',
  info: 'OK',
  infocode: '10000',
  lives: [
    {
      province: '浙江',
      city: '杭州市',
      adcode: '330100',
      weather: '小雨',
      temperature: '18',
      winddirection: '东北',
      windpower: '≤3',
      humidity: '86',
      reporttime: '2026-11-21 10:00:00',
    },
  ],
};
const AMAP_ALL = {
  status: '1',
  count: '1',
  info: 'OK',
  infocode: '10000',
  forecasts: [
    {
      city: '杭州市',
      adcode: '330100',
      province: '浙江',
      reporttime: '2026-11-21 10:00:00',
      casts: [
        {
          date: '2026-11-21',
          week: '6',
          dayweather: '中雨',
          nightweather: '阴',
          daytemp: '19',
          nighttemp: '12',
          daywind: '东北',
          nightwind: '东北',
          daypower: '≤3',
          nightpower: '≤3',
        },
        {
          date: '2026-11-22',
          week: '7',
          dayweather: '晴',
          nightweather: '晴',
          daytemp: '21',
          nighttemp: '10',
          daywind: '北',
          nightwind: '北',
          daypower: '4',
          nightpower: '4',
        },
      ],
    },
  ],
};

let server: Server;
let origin = '';
const requests: URL[] = [];
let answerWith: 'ok' | 'refuse' | 'hang' = 'ok';
/** The stand-in runs in this process, which a loaded machine can hold up for seconds. */
const PATIENT_MS = 60_000;
const amap = (key = 'test-key', timeoutMs = PATIENT_MS) =>
  new AmapWeatherProvider(key, '330100', origin, timeoutMs);

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    requests.push(url);
    if (answerWith === 'hang') return; // never answers: the provider's own timeout must end the call
    response.setHeader('content-type', 'application/json');
    if (answerWith === 'refuse' || url.searchParams.get('key') !== 'test-key') {
      response.end(JSON.stringify({ status: '0', info: 'INVALID_USER_KEY', infocode: '10001' }));
      return;
    }
    response.end(JSON.stringify(url.searchParams.get('extensions') === 'all' ? AMAP_ALL : AMAP_BASE));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const silent = { warn: () => {} };

describe('AmapWeatherProvider against a local server answering AMap’s shape', () => {
  it('asks weatherInfo with key, city and both extensions, and maps lives and casts with icons', async () => {
    requests.length = 0;
    const report = await amap().fetchWeather();
    expect(requests.map((u) => u.pathname)).toEqual(['/v3/weather/weatherInfo', '/v3/weather/weatherInfo']);
    expect(requests.map((u) => u.searchParams.get('extensions')).sort()).toEqual(['all', 'base']);
    expect(requests[0]?.searchParams.get('city')).toBe('330100');
    expect(report.lives[0]).toMatchObject({
      city: '杭州市',
      weather: '小雨',
      temperature: '18',
      dayweatherIcon: 'rain-light',
    });
    expect(report.casts.map((c) => c.dayweatherIcon)).toEqual(['rain-moderate', 'sunny']);
    expect(report.casts[1]).toMatchObject({
      date: '2026-11-22',
      daytemp: '21',
      nighttemp: '10',
      daywind: '北',
    });
  });

  it('rejects AMap’s status 0 answer (wrong key)', async () => {
    await expect(amap('wrong').fetchWeather()).rejects.toThrow(/INVALID_USER_KEY/);
  });

  it('gives up on a provider that does not answer within its timeout', async () => {
    answerWith = 'hang';
    try {
      const started = Date.now();
      await expect(amap('test-key', 200).fetchWeather()).rejects.toThrow(/AMap unreachable/);
      // Far below the patient timeout of the other tests: it was the 200 ms that ended the call.
      expect(Date.now() - started).toBeLessThan(PATIENT_MS / 2);
    } finally {
      answerWith = 'ok';
    }
  });
});

describe('WeatherService', () => {
  it('caches the provider’s answer for 10 minutes', async () => {
    let now = 1_000_000;
    const service = new WeatherService(amap(), silent, () => now);
    requests.length = 0;
    expect((await service.getWeather()).theme).toBe('rain');
    await service.getWeather();
    expect(requests).toHaveLength(2);
    now += WEATHER_CACHE_MS + 1;
    await service.getWeather();
    expect(requests).toHaveLength(4);
  });

  it('says unavailable when the provider fails and nothing real is cached', async () => {
    answerWith = 'refuse';
    try {
      const weather = await new WeatherService(amap(), silent).getWeather();
      expect(weather).toMatchObject({ state: 'unavailable', message: '天气服务暂时不可用', lives: [] });
    } finally {
      answerWith = 'ok';
    }
  });
});

describe('GET /ks/common/weather without a key', () => {
  const getApp = useTestApp();

  it('answers that weather is not configured, with no weather at all', async () => {
    const app = getApp();
    const { headers } = await loginAs(app, await createUser(app, 'U'));
    const response = await app.inject({ method: 'GET', url: '/ks/common/weather', headers });
    expect(response.json()).toMatchObject({
      code: 200,
      data: {
        state: 'not_configured',
        message: '天气服务未配置',
        lives: [],
        forecast: { casts: [] },
        theme: null,
      },
    });
  });

  it('needs a session: 10000', async () => {
    const response = await getApp().inject({ method: 'GET', url: '/ks/common/weather' });
    expect(response.json().code).toBe(10000);
  });
});
