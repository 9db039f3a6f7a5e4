import { execFileSync } from 'node:child_process';
import { chownSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginWithApi } from '../support/api.ts';
import { DEMO } from '../support/browser.ts';
import { launchChromium } from '../support/chromium.ts';
import { logIn, waitForPath } from '../support/login.ts';
import { ApiSession } from '../support/records-api.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { freePort } from './cluster.ts';

/** Debian's PostgreSQL 15 binaries: a private cluster of this test's own, which it may stop at will. */
const PG_BIN = '/usr/lib/postgresql/15/bin';
const isRoot = process.getuid?.() === 0;

/** PostgreSQL refuses to run as root: as root, its tools run as the postgres user. */
function pgTool(tool: string, args: string[]) {
  const [command, commandArgs] = isRoot
    ? ['runuser', ['-u', 'postgres', '--', join(PG_BIN, tool), ...args]]
    : [join(PG_BIN, tool), args];
  execFileSync(command, commandArgs, { stdio: 'ignore' });
}

type Outcome = { ok: true } | { ok: false; status: number; code: unknown; message: unknown; raw?: string };

describe('PostgreSQL restarted under load', () => {
  const work = mkdtempSync(join(tmpdir(), 'ks-pgrestart-'));
  const dataDir = join(work, 'data');
  let pgCtlOptions = '';
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    if (isRoot) {
      const [uid, gid] = ['-u', '-g'].map((flag) =>
        Number(execFileSync('id', [flag, 'postgres']).toString()),
      );
      chownSync(work, uid as number, gid as number);
    }
    pgTool('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    const port = await freePort();
    pgCtlOptions = `-p ${port} -k ${work} -c listen_addresses=127.0.0.1 -c fsync=off`;
    pgTool('pg_ctl', ['-D', dataDir, '-o', pgCtlOptions, '-l', join(work, 'postgres.log'), '-w', 'start']);
    mkdirSync(join(work, 'files'));
    server = await startServer({
      DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres`,
      FILES_DIR: join(work, 'files'),
    });
    browser = await launchChromium();
    page = await (
      await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } })
    ).newPage();
  }, 240000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    try {
      pgTool('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // Already stopped by a failed test.
    }
    rmSync(work, { recursive: true, force: true });
  });

  it('requests fail with the platform error while it is down, then recover, and the push stream catches up', async () => {
    const admin = await ApiSession.logIn(server.baseUrl, DEMO.admin.account, DEMO.admin.password);
    await page.goto(`${server.baseUrl}/`);
    await logIn(page, DEMO.enterprise.account, DEMO.enterprise.password);
    await waitForPath(page, DEMO.enterprise.home);
    const enterprise = await ApiSession.logIn(
      server.baseUrl,
      DEMO.enterprise.account,
      DEMO.enterprise.password,
    );
    // What the demo seed left would queue in front of this test's banner.
    type Row = { msgId: number; confirmedAt: string | null };
    const { records } = await enterprise.post<{ records: Row[] }>('/ks/message/v1/list', {
      curPage: 1,
      pageSize: 100,
    });
    for (const row of records.filter((r) => !r.confirmedAt)) {
      await enterprise.post('/ks/message/v1/confirm', { msgId: row.msgId });
    }
    await page.reload();

    // Steady load: two clients reading the unread count in a loop, every answer kept.
    const token = await loginWithApi(server.baseUrl, DEMO.enterprise.account, DEMO.enterprise.password);
    const outcomes: Outcome[] = [];
    let running = true;
    const loadClient = async () => {
      while (running) {
        const response = await fetch(`${server.baseUrl}/ks/message/v1/unread-count`, {
          headers: { authorization: `Bearer ${token}` },
        }).catch((error: Error) => error);
        if (response instanceof Error) {
          outcomes.push({ ok: false, status: 0, code: undefined, message: undefined, raw: response.message });
          continue;
        }
        const raw = await response.text();
        let body: { code?: unknown; message?: unknown } = {};
        try {
          body = JSON.parse(raw);
        } catch {
          // Not JSON: the assertion below shows the raw answer.
        }
        outcomes.push(
          body.code === 200
            ? { ok: true }
            : { ok: false, status: response.status, code: body.code, message: body.message, raw },
        );
      }
    };
    const clients = [loadClient(), loadClient()];
    await expect.poll(() => outcomes.length).toBeGreaterThan(10);

    pgTool('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
    const failedFrom = outcomes.length;
    // Down long enough for the load to meet it a few times.
    await expect.poll(() => outcomes.slice(failedFrom).filter((o) => !o.ok).length).toBeGreaterThanOrEqual(5);
    pgTool('pg_ctl', ['-D', dataDir, '-o', pgCtlOptions, '-l', join(work, 'postgres.log'), '-w', 'start']);

    // The same process recovers by itself: answers succeed again.
    const restartedAt = outcomes.length;
    await expect.poll(() => outcomes.slice(restartedAt).some((o) => o.ok)).toBe(true);
    running = false;
    await Promise.all(clients);
    const failures = outcomes.filter((o): o is Extract<Outcome, { ok: false }> => !o.ok);
    // Every failure was the platform's own error envelope, never a dropped connection or a stack trace.
    for (const failure of failures) {
      expect({
        status: failure.status,
        hasCode: typeof failure.code === 'number',
        message: failure.message,
      }).toEqual({
        status: expect.any(Number),
        hasCode: true,
        message: expect.any(String),
      });
      expect(failure.status).toBeGreaterThanOrEqual(500);
    }

    // A notice published right after the restart reaches the page: live, or replayed after the
    // stream reconnects with Last-Event-ID.
    const text = `重启后横幅${Date.now()}`;
    const form = new FormData();
    form.set('msgType', '1');
    form.set('messages', text);
    form.set('audience', 'roles');
    form.set('roles', 'U');
    await admin.post('/ks/message/v1/publish/upload-notice', form);
    await page.getByRole('alert').filter({ hasText: text }).waitFor();
  }, 300000);
});
