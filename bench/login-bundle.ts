/**
 * What a browser downloads to show /login: the JavaScript of the platform's login route, beside a
 * bare antd login page built in the same run with the same Vite and antd (the baseline
 * decision 0035 measured: about 258 KB gzip of JS, and the login route must stay near that).
 * Both pages are opened in Debian's Chromium; every script response is counted, raw and gzipped.
 * Figures, not assertions. Run `npm run build` first (the platform serves apps/web/dist).
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import { launchChromium } from '../e2e/support/chromium.ts';
import { REPO_ROOT } from './lib/child.ts';
import { environment, RESULTS_DIR, runSection } from './lib/report.ts';
import { startPlatformServer } from './lib/server.ts';

const BASELINE_ROOT = join(REPO_ROOT, 'bench', 'login-baseline');

interface Script {
  path: string;
  bytes: number;
  gzipBytes: number;
}
interface PageScripts {
  url: string;
  scripts: Script[];
  bytes: number;
  gzipBytes: number;
}

/** Builds the bare antd login page into a temporary folder; returns the folder. */
async function buildBaseline(): Promise<string> {
  const outDir = await mkdtemp(join(tmpdir(), 'ks-login-baseline-'));
  await build({
    root: BASELINE_ROOT,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true },
  });
  return outDir;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/** Serves a built folder on a free loopback port (the baseline has no server of its own). */
async function serveFolder(folder: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    const path = normalize(new URL(request.url ?? '/', 'http://x').pathname).replace(/^(\.\.[/\\])+/, '');
    const file = join(folder, path === '/' ? 'index.html' : path);
    readFile(file).then(
      (body) =>
        response
          .writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' })
          .end(body),
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Opens `url`, waits until the login form shows and the network is idle; counts every script. */
async function scriptsOf(browser: Browser, url: string): Promise<PageScripts> {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const pending: Promise<Script | null>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response.body().then(
        (body) => ({
          path: new URL(response.url()).pathname,
          bytes: body.length,
          gzipBytes: gzipSync(body, { level: 9 }).length,
        }),
        () => null,
      ),
    );
  });
  await page.goto(url);
  await page.getByLabel('账号').waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const scripts = (await Promise.all(pending)).filter((script): script is Script => script !== null);
  await context.close();
  scripts.sort((a, b) => b.gzipBytes - a.gzipBytes);
  return {
    url,
    scripts,
    bytes: scripts.reduce((sum, script) => sum + script.bytes, 0),
    gzipBytes: scripts.reduce((sum, script) => sum + script.gzipBytes, 0),
  };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function markdown(platform: PageScripts, baseline: PageScripts, env: ReturnType<typeof environment>): string {
  const table = (page: PageScripts) => [
    '| script | KB | KB gzip |',
    '|---|---:|---:|',
    ...page.scripts.map((script) => `| \`${script.path}\` | ${kb(script.bytes)} | ${kb(script.gzipBytes)} |`),
    `| **all ${page.scripts.length}** | **${kb(page.bytes)}** | **${kb(page.gzipBytes)}** |`,
  ];
  return [
    '# Benchmark `login-bundle` (the JavaScript behind /login)',
    '',
    'What Debian’s Chromium downloads to show the platform’s /login until the network is idle, beside a bare antd login page (bench/login-baseline: React, antd’s form, two inputs and a button under the Chinese locale and antd’s App) built in the same run with the same Vite and antd. Every script response is counted; gzip sizes are each file gzipped at level 9. Figures, not assertions.',
    '',
    '| page | scripts | KB | KB gzip |',
    '|---|---:|---:|---:|',
    `| platform /login | ${platform.scripts.length} | ${kb(platform.bytes)} | ${kb(platform.gzipBytes)} |`,
    `| bare antd login page | ${baseline.scripts.length} | ${kb(baseline.bytes)} | ${kb(baseline.gzipBytes)} |`,
    `| **ratio platform / baseline** |  | **${(platform.bytes / baseline.bytes).toFixed(2)}** | **${(platform.gzipBytes / baseline.gzipBytes).toFixed(2)}** |`,
    '',
    '## Platform /login',
    '',
    ...table(platform),
    '',
    '## Bare antd login page',
    '',
    ...table(baseline),
    '',
    ...runSection(env),
    '',
  ].join('\n');
}

async function main() {
  const env = environment('npm run bench:login-bundle');
  const baselineDir = await buildBaseline();
  const baselineServer = await serveFolder(baselineDir);
  const platformServer = await startPlatformServer();
  const browser = await launchChromium();
  try {
    const platform = await scriptsOf(browser, `${platformServer.url}/login`);
    const baseline = await scriptsOf(browser, baselineServer.url);
    console.log(
      `platform /login: ${platform.scripts.length} scripts, ${kb(platform.gzipBytes)} KB gzip (${kb(platform.bytes)} KB)`,
    );
    console.log(
      `bare antd login: ${baseline.scripts.length} scripts, ${kb(baseline.gzipBytes)} KB gzip (${kb(baseline.bytes)} KB)`,
    );
    console.log(`ratio platform / baseline (gzip): ${(platform.gzipBytes / baseline.gzipBytes).toFixed(2)}`);
    await mkdir(RESULTS_DIR, { recursive: true });
    await writeFile(
      join(RESULTS_DIR, 'login-bundle.json'),
      `${JSON.stringify({ ...env, platform, baseline }, null, 2)}\n`,
    );
    await writeFile(join(RESULTS_DIR, 'login-bundle.md'), markdown(platform, baseline, env));
    console.log('written: results/login-bundle.json, results/login-bundle.md');
  } finally {
    await browser.close();
    await platformServer.stop();
    await baselineServer.close();
    await rm(baselineDir, { recursive: true, force: true });
  }
}

await main();
