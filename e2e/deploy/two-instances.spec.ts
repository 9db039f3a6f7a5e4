import { createHash } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO } from '../support/browser.ts';
import { launchChromium } from '../support/chromium.ts';
import { logIn, waitForPath } from '../support/login.ts';
import { confirmEverything } from '../support/notices.ts';
import { ApiSession } from '../support/records-api.ts';
import { buildPdf } from '../support/test-files.ts';
import { UI_WAIT_MS } from '../support/waits.ts';
import { type Cluster, clusterUnavailable, startCluster } from './cluster.ts';

const unavailable = clusterUnavailable();
// CI has PostgreSQL and installs nginx: there the scenario must run, never skip quietly.
if (unavailable && process.env.CI) throw new Error(`two-instance scenario cannot run in CI: ${unavailable}`);

async function publishBanner(admin: ApiSession, text: string) {
  const form = new FormData();
  form.set('msgType', '1');
  form.set('messages', text);
  form.set('audience', 'roles');
  form.set('roles', 'U');
  await admin.post('/ks/message/v1/publish/upload-notice', form);
}

const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

describe.skipIf(unavailable !== null)('two instances behind nginx on one PostgreSQL and one S3 store', () => {
  let cluster: Cluster;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    cluster = await startCluster(2);
    browser = await launchChromium();
    const context = await browser.newContext({
      locale: 'zh-CN',
      viewport: { width: 1440, height: 900 },
      ignoreHTTPSErrors: true,
    });
    page = await context.newPage();
  }, 240000);

  afterAll(async () => {
    await browser?.close();
    await cluster?.stop();
  });

  const [first, second] = [0, 1];
  const direct = (index: number) => cluster.instances[index]?.baseUrl as string;

  it('a browser session is served by both instances through the proxy', async () => {
    await page.goto(`${cluster.url}/`);
    await logIn(page, DEMO.enterprise.account, DEMO.enterprise.password);
    await waitForPath(page, DEMO.enterprise.home);
    // Another page of the shell: more authenticated calls, spread by nginx's round robin.
    await page.goto(`${cluster.url}/userCenter/myAttachments`);
    await page.getByText('营业执照（演示）').first().waitFor();

    const authenticatedBy = new Set(
      cluster
        .accessLog()
        .map((line) => line.split(' '))
        .filter(([, status, , uri]) => status === '200' && uri?.startsWith('/ks/') && !uri.includes('/login'))
        .map(([upstream]) => upstream),
    );
    // One login, and both instances answered its session's calls: the session lives in the shared store.
    expect([...authenticatedBy].sort()).toEqual([...cluster.upstreams].sort());
    expect(cluster.accessLog().some((line) => / 401 /.test(line))).toBe(false);
  });

  it('a notice published on either instance reaches the browser over the one push stream', async () => {
    const admin = await ApiSession.logIn(direct(first), DEMO.admin.account, DEMO.admin.password);
    await confirmEverything(
      await ApiSession.logIn(direct(second), DEMO.enterprise.account, DEMO.enterprise.password),
    );
    // The stream is open on one instance; one of the two publishes happens on the other, so its
    // push crosses instances (PostgreSQL LISTEN/NOTIFY) before it reaches the browser.
    for (const instance of [first, second]) {
      const text = `集群横幅${instance}-${Date.now()}`;
      await publishBanner(admin.on(direct(instance)), text);
      const banner = page.getByRole('alert').filter({ hasText: text });
      await banner.waitFor();
      await banner.getByRole('button', { name: '我知道了' }).click();
      await banner.waitFor({ state: 'detached' });
    }
  });

  it('a chunked upload started on one instance is finished on the other, into the shared store', async () => {
    const onFirst = await ApiSession.logIn(direct(first), DEMO.enterprise.account, DEMO.enterprise.password);
    const onSecond = onFirst.on(direct(second));
    const name = `集群分片-${Date.now().toString(36)}.pdf`;
    const bytes = buildPdf(name, 7 * 1024 * 1024);
    const task = await onFirst.post<{ uploadId: string; chunkSize: number; chunkCount: number }>(
      '/ks/upload/v1/upload-task',
      { md5: md5(bytes), fileName: name, fileSize: bytes.length },
    );
    expect(task.chunkCount).toBe(2);
    for (const chunk of [0, 1]) {
      const part = bytes.subarray(chunk * task.chunkSize, (chunk + 1) * task.chunkSize);
      const form = new FormData();
      form.set('uploadId', task.uploadId);
      form.set('chunk', String(chunk));
      form.set('md5', md5(part));
      form.set('file', new Blob([new Uint8Array(part)]), name);
      // Chunk 0 to the first instance, chunk 1 to the second.
      await (chunk === 0 ? onFirst : onSecond).post('/ks/upload/v1/chunk-upload', form);
    }
    const merged = await onSecond.post<{ file: { url: string } | null }>('/ks/upload/v1/file-merge', {
      uploadId: task.uploadId,
      md5: md5(bytes),
    });
    expect(merged.file).not.toBeNull();
    // Read back through the first instance: the bytes are the whole file.
    const download = await onFirst.download(merged.file?.url ?? '');
    expect(download.status).toBe(200);
    expect(md5(download.bytes)).toBe(md5(bytes));
  });

  it('a logout on one instance ends the session on the other, whose session cache had it', async () => {
    const onFirst = await ApiSession.logIn(direct(first), DEMO.personnel.account, DEMO.personnel.password);
    const onSecond = onFirst.on(direct(second));
    // The second instance has the session in its process-local cache now (decision 0038).
    await onSecond.get('/ks/individual/user-info');
    await onFirst.get('/ks/common/logout');
    // The logout reaches the other instance over LISTEN/NOTIFY: it drops the cached session and
    // refuses the token. The bound is below the cache's own lifetime (SESSION_CACHE_TTL_MS, 5 s), so
    // only that notification can make this pass, not the entry's expiry.
    await vi.waitFor(
      () => expect(onSecond.get('/ks/individual/user-info')).rejects.toThrow(/未登录或登录已失效/),
      { timeout: 3000, interval: 100 },
    );
  });

  it('a job run now runs once, on whichever instance takes it', async () => {
    const admin = await ApiSession.logIn(direct(first), DEMO.admin.account, DEMO.admin.password);
    const { id } = await admin.post<{ id: string }>('/ks/admin/jobs/run', {
      name: 'files.sweep-abandoned-uploads',
    });
    type Page = { records: { id: string; state: string; attempts: number }[] };
    // Both instances run workers (JOBS_WORK); the queue hands the job to exactly one of them.
    const job = await vi.waitFor(
      async () => {
        const page = await admin.get<Page>('/ks/admin/jobs', {
          name: 'files.sweep-abandoned-uploads',
          pageSize: '100',
        });
        const found = page.records.find((record) => record.id === id);
        expect(found?.state).toBe('completed');
        return found;
      },
      { timeout: UI_WAIT_MS, interval: 200 },
    );
    expect(job?.attempts).toBe(1);
  });

  it('serves hashed assets from nginx and the push stream unbuffered', async () => {
    const assets = cluster.accessLog().filter((line) => line.includes(' /assets/'));
    expect(assets.length).toBeGreaterThan(0);
    // nginx answered these from disk: no upstream took part.
    for (const line of assets) expect(line.startsWith('- ')).toBe(true);
  });
});
