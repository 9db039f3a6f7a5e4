import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helper.ts';

const webDist = mkdtempSync(join(tmpdir(), 'ks-web-'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>KS</title><div id="root"></div>');
writeFileSync(join(webDist, 'app.js'), 'console.log(1)');
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

const getApp = useTestApp({ WEB_DIST: webDist });

describe('serving the built web app', () => {
  it('serves assets as files', async () => {
    const response = await getApp().inject({ method: 'GET', url: '/app.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log(1)');
  });

  it.each(['/', '/login', '/system/pageConfig', '/userCenter/uCenter?tab=1', '/no/such/page'])(
    'answers index.html for the history-mode route %s',
    async (url) => {
      const response = await getApp().inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('<div id="root">');
    },
  );

  it('serves a file added after start-up (a rebuild needs no restart), and 404s a missing asset', async () => {
    writeFileSync(join(webDist, 'late.js'), 'console.log(2)');
    expect((await getApp().inject({ method: 'GET', url: '/late.js' })).body).toBe('console.log(2)');
    const missing = await getApp().inject({ method: 'GET', url: '/assets/index-gone.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('keeps the JSON 404 for unknown API paths', async () => {
    const response = await getApp().inject({ method: 'GET', url: '/ks/nothing/here' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe(404);
  });
});
