import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helper.ts';
import { isLoopbackHost, loadConfig } from '../config.ts';

const webDist = mkdtempSync(join(tmpdir(), 'ks-web-'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>KS</title><div id="root"></div>');
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

/** Login calls from one peer, each claiming another client address; the codes they get. */
async function loginCodes(app: ReturnType<ReturnType<typeof useTestApp>>, remoteAddress: string) {
  const codes: number[] = [];
  for (const forwarded of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
    const response = await app.inject({
      method: 'POST',
      url: '/ks/common/login',
      remoteAddress,
      headers: { 'x-forwarded-for': forwarded },
      payload: {},
    });
    codes.push(response.json().code);
  }
  return codes;
}

describe('client addresses without a configured proxy', () => {
  const getApp = useTestApp({ LOGIN_RATE_PER_MINUTE: '2', WEB_DIST: webDist });

  it('ignores a forged X-Forwarded-For: the per-address login limit still counts the peer', async () => {
    expect(await loginCodes(getApp(), '203.0.113.7')).toEqual([400, 400, 429]);
  });

  it('sends nosniff, a referrer policy and frame protection on API answers', async () => {
    const response = await getApp().inject({ method: 'GET', url: '/ks/common/platform-info' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('sends the content security policy with the web app', async () => {
    const response = await getApp().inject({ method: 'GET', url: '/login' });
    expect(response.statusCode).toBe(200);
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves no API documentation unless it is turned on', async () => {
    for (const url of ['/docs', '/docs/json']) {
      const response = await getApp().inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe(404);
    }
  });
});

describe('client addresses behind a configured proxy', () => {
  const getApp = useTestApp({
    LOGIN_RATE_PER_MINUTE: '2',
    TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
    SUPPORT_CHANNEL_KEY: 'https://chat.example.com/widget?id=1',
  });

  it('honours X-Forwarded-For from the proxy: each client has its own limit', async () => {
    expect(await loginCodes(getApp(), '10.1.2.3')).toEqual([400, 400, 400]);
  });

  it('ignores X-Forwarded-For from any other peer', async () => {
    expect(await loginCodes(getApp(), '203.0.113.8')).toEqual([400, 400, 429]);
  });

  it('lets the web app frame the configured customer-service chat, and nothing else foreign', async () => {
    const response = await getApp().inject({ method: 'GET', url: '/ks/common/platform-info' });
    expect(String(response.headers['content-security-policy'])).toContain(
      "frame-src 'self' blob: https://chat.example.com;",
    );
  });
});

describe('API documentation turned on', () => {
  const getApp = useTestApp({ API_DOCS: 'true' });

  it('serves the OpenAPI document and the Swagger UI', async () => {
    const response = await getApp().inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(response.json().info.title).toBe('KS Platform API');
    expect((await getApp().inject({ method: 'GET', url: '/docs' })).statusCode).not.toBe(404);
  });
});

describe('configuration of proxies and docs', () => {
  it('reads TRUST_PROXY as a list and refuses what is not an address or range', () => {
    expect(loadConfig({}).TRUST_PROXY).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, fd00::/8,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      'fd00::/8',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });

  it('keeps the docs off unless API_DOCS turns them on, whatever NODE_ENV says', () => {
    expect(loadConfig({}).API_DOCS).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).API_DOCS).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).API_DOCS).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', API_DOCS: 'true' }).API_DOCS).toBe(true);
    expect(loadConfig({ API_DOCS: '1' }).API_DOCS).toBe(true);
    expect(loadConfig({ API_DOCS: 'false' }).API_DOCS).toBe(false);
    expect(() => loadConfig({ API_DOCS: 'yes' })).toThrow(/API_DOCS/);
  });
});

describe('the listen address', () => {
  it('is this machine only unless HOST opens it', () => {
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '' }).HOST).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });

  it.each([
    ['127.0.0.1', true],
    ['127.0.1.1', true],
    ['localhost', true],
    ['::1', true],
    ['0.0.0.0', false],
    ['::', false],
    ['10.0.0.11', false],
  ])('tells whether %s reaches this machine only: %s', (host, loopback) => {
    expect(isLoopbackHost(host)).toBe(loopback);
  });
});
