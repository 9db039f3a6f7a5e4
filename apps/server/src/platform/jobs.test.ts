import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createUser, loginAs, type TestApp, unique, useTestApp } from '../../test/helper.ts';
import { defineJob, everyMinutesCron, ORPHANED_JOB_MESSAGE } from './jobs.ts';

/** What the probe jobs did, by key: each attempt's start time. */
const attempts = new Map<string, number[]>();
const noteAttempt = (key: string) => attempts.set(key, [...(attempts.get(key) ?? []), Date.now()]);
/** Latches the `hold` job waits on, by key. */
const releases = new Map<string, () => void>();

const record = defineJob({
  name: 'test.record-key',
  title: '测试：记录',
  payload: z.object({ key: z.string() }),
  async handle({ key }) {
    noteAttempt(key);
  },
});

/** Fails until its `failures` attempts have failed, then succeeds. */
const flaky = defineJob({
  name: 'test.fail-then-pass',
  title: '测试：先失败',
  payload: z.object({ key: z.string(), failures: z.number().int() }),
  retryLimit: 2,
  retryDelaySeconds: 1,
  retryBackoff: true,
  async handle({ key, failures }, { attempt }) {
    noteAttempt(key);
    if (attempt <= failures) throw new Error(`第 ${attempt} 次失败`);
  },
});

const slow = defineJob({
  name: 'test.outlive-timeout',
  title: '测试：超时',
  payload: z.object({ key: z.string() }),
  retryLimit: 0,
  timeoutSeconds: 1,
  async handle({ key }, { signal }) {
    noteAttempt(key);
    await new Promise((resolve) => signal.addEventListener('abort', resolve));
    attempts.set(`${key}:aborted`, [Date.now()]);
  },
});

const hold = defineJob({
  name: 'test.report-and-hold',
  title: '测试：进度',
  payload: z.object({ key: z.string() }),
  async handle({ key }, { reportProgress }) {
    await reportProgress(40, '处理中');
    await new Promise<void>((resolve) => releases.set(key, resolve));
    noteAttempt(key);
  },
});

const getApp = useTestApp(
  { JOBS_POLL_SECONDS: '0.5' },
  { jobs: [record, flaky, slow, hold], startJobs: true },
);

let admin: Promise<Record<string, string>> | undefined;
/** One administrator's session for the file: logins are slow by design (scrypt). */
function adminHeaders(app: TestApp) {
  admin ??= createUser(app, 'M').then(async (user) => (await loginAs(app, user)).headers);
  return admin;
}

async function jobList(app: TestApp, headers: Record<string, string>, query = '') {
  const response = await app.inject({ method: 'GET', url: `/ks/admin/jobs?pageSize=100${query}`, headers });
  expect(response.json().code).toBe(200);
  return response.json().data.records as Array<Record<string, unknown>>;
}

async function jobById(app: TestApp, headers: Record<string, string>, id: string) {
  return (await jobList(app, headers)).find((job) => job.id === id);
}

const post = (app: TestApp, url: string, headers: Record<string, string>, payload: object) =>
  app.inject({ method: 'POST', url, headers, payload });

describe('the transactional outbox', () => {
  it('never runs a job sent in a transaction that rolled back, and runs one that committed', async () => {
    const app = getApp();
    const lost = unique('rolled-back');
    const kept = unique('committed');
    await expect(
      app.db.transaction(async (tx) => {
        await app.jobs.sendInTransaction(tx, record, { key: lost });
        throw new Error('the caller changes its mind');
      }),
    ).rejects.toThrow('the caller changes its mind');
    await app.db.transaction(async (tx) => {
      await app.jobs.sendInTransaction(tx, record, { key: kept });
    });
    await expect.poll(() => attempts.get(kept)?.length ?? 0, { timeout: 10_000 }).toBe(1);
    // The committed job ran after the rolled-back one would have been queued: nothing of it is left.
    expect(attempts.has(lost)).toBe(false);
    const rows = (await app.db.execute(
      sql`select count(*)::int as n from pgboss.job where data->>'key' = ${lost}`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0]?.n).toBe(0);
  });

  it('refuses a payload its schema does not accept, before anything is written', async () => {
    const app = getApp();
    await expect(app.jobs.send(record, { key: 42 } as never)).rejects.toThrow();
    await expect(app.jobs.send('test.no-such-job', {})).rejects.toThrow(
      'job test.no-such-job is not defined',
    );
  });
});

describe('retries, timeouts, progress', () => {
  it('retries with a growing delay and keeps the last error after the attempt that passed', async () => {
    const app = getApp();
    const headers = await adminHeaders(app);
    const key = unique('flaky');
    const id = await app.jobs.send(flaky, { key, failures: 2 });
    await expect
      .poll(async () => (await jobById(app, headers, id))?.state, { timeout: 20_000 })
      .toBe('completed');
    const [first = 0, second = 0, third = 0] = attempts.get(key) ?? [];
    expect(attempts.get(key)).toHaveLength(3);
    // Backoff: retry n waits between delay·2^(n-1) and twice that (1 s, then 2 s, with jitter).
    expect(second - first).toBeGreaterThanOrEqual(1000);
    expect(third - second).toBeGreaterThanOrEqual(2000);
    expect(await jobById(app, headers, id)).toMatchObject({
      name: 'test.fail-then-pass',
      title: '测试：先失败',
      attempts: 3,
      maxAttempts: 3,
      progress: 100,
      lastError: '第 2 次失败',
    });
  });

  it('aborts an attempt that outlives its timeout and fails it with 任务超时', async () => {
    const app = getApp();
    const headers = await adminHeaders(app);
    const key = unique('slow');
    const id = await app.jobs.send(slow, { key });
    await expect
      .poll(async () => (await jobById(app, headers, id))?.state, { timeout: 10_000 })
      .toBe('failed');
    expect(attempts.has(`${key}:aborted`)).toBe(true);
    expect((await jobById(app, headers, id))?.lastError).toBe('任务超时（1 秒）');
  });

  it('shows the progress a running handler reports, and cancels the job', async () => {
    const app = getApp();
    const headers = await adminHeaders(app);
    const key = unique('hold');
    const id = await app.jobs.send(hold, { key });
    await expect
      .poll(async () => await jobById(app, headers, id), { timeout: 10_000 })
      .toMatchObject({ state: 'active', progress: 40, progressNote: '处理中', attempts: 1 });
    const cancelled = await post(app, '/ks/admin/jobs/cancel', headers, { id });
    expect(cancelled.json()).toMatchObject({ code: 200, message: '已取消' });
    releases.get(key)?.();
    await expect.poll(() => attempts.get(key)?.length ?? 0).toBe(1);
    // The handler finished after the cancel: its completion does not undo it.
    expect((await jobById(app, headers, id))?.state).toBe('cancelled');
    const again = await post(app, '/ks/admin/jobs/cancel', headers, { id });
    expect(again.json()).toMatchObject({ code: 400, message: '任务已结束，不能取消' });
  });
});

describe('attempts that lost their instance', () => {
  it('fails into its next attempt only an active job whose heartbeat stopped', async () => {
    const app = getApp();
    const headers = await adminHeaders(app);
    const key = unique('orphan');
    const id = await app.jobs.send(hold, { key });
    await expect
      .poll(async () => (await jobById(app, headers, id))?.state, { timeout: 10_000 })
      .toBe('active');
    // Beating: not an orphan, however short the limit.
    expect(await app.jobs.failOrphans(30)).toBe(0);
    expect((await jobById(app, headers, id))?.state).toBe('active');

    // As if its instance had died an hour ago: no beat since, started before that.
    await app.db.execute(
      sql`update job_reports set heartbeat_at = now() - interval '1 hour' where job_id = ${id}`,
    );
    await app.db.execute(sql`update pgboss.job set started_on = now() - interval '1 hour' where id = ${id}`);
    expect(await app.jobs.failOrphans(30)).toBe(1);
    expect(await jobById(app, headers, id)).toMatchObject({
      state: 'retry',
      lastError: ORPHANED_JOB_MESSAGE,
    });
    // The handler still running here (it was not dead after all) no longer decides the job.
    await post(app, '/ks/admin/jobs/cancel', headers, { id });
    releases.get(key)?.();
    await expect.poll(() => attempts.get(key)?.length ?? 0).toBe(1);
    expect((await jobById(app, headers, id))?.state).toBe('cancelled');
  });
});

describe('GET /ks/admin/jobs and the job actions', () => {
  it('retries a failed job, which then runs again; a job that did not fail cannot be retried', async () => {
    const app = getApp();
    const headers = await adminHeaders(app);
    const key = unique('retry');
    const id = await app.jobs.send(flaky, { key, failures: 3 });
    await expect
      .poll(async () => (await jobById(app, headers, id))?.state, { timeout: 20_000 })
      .toBe('failed');
    // Its attempts are used up: failed, finished, with the last attempt's error.
    expect(await jobById(app, headers, id)).toMatchObject({
      attempts: 3,
      maxAttempts: 3,
      lastError: '第 3 次失败',
      finishedAt: expect.any(String),
    });
    const retried = await post(app, '/ks/admin/jobs/retry', headers, { id });
    expect(retried.json()).toMatchObject({ code: 200, message: '已重新排队' });
    await expect
      .poll(async () => (await jobById(app, headers, id))?.state, { timeout: 20_000 })
      .toBe('completed');
    expect(attempts.get(key)).toHaveLength(4);
    const twice = await post(app, '/ks/admin/jobs/retry', headers, { id });
    expect(twice.json()).toMatchObject({ code: 400, message: '只有已失败的任务可以重试' });
  });

  it('filters by state and type, and leaves pg-boss internal queues out', async () => {
    const app = getApp();
    const headers = await adminHeaders(app);
    const id = await app.jobs.send(record, { key: unique('filter') });
    await expect
      .poll(async () => (await jobById(app, headers, id))?.state, { timeout: 10_000 })
      .toBe('completed');
    const completed = await jobList(app, headers, '&state=completed&name=test.record-key');
    expect(completed.length).toBeGreaterThan(0);
    expect(completed.every((job) => job.state === 'completed' && job.name === 'test.record-key')).toBe(true);
    expect(await jobList(app, headers, '&state=failed&name=test.record-key')).toEqual([]);
    expect((await jobList(app, headers)).some((job) => String(job.name).startsWith('__pgboss'))).toBe(false);
    const bad = await app.inject({ method: 'GET', url: '/ks/admin/jobs?state=lost', headers });
    expect(bad.json()).toMatchObject({ code: 400 });
    expect(bad.json().message).toContain('任务状态无效');
  });

  it('answers 任务不存在 for an unknown job and 任务编号无效 for a malformed id, changing nothing', async () => {
    const app = getApp();
    const headers = await adminHeaders(app);
    const unknown = await post(app, '/ks/admin/jobs/retry', headers, { id: crypto.randomUUID() });
    expect(unknown.json()).toMatchObject({ code: 404, message: '任务不存在' });
    const malformed = await post(app, '/ks/admin/jobs/cancel', headers, { id: 'nope' });
    expect(malformed.json().code).toBe(400);
    expect(malformed.json().message).toContain('任务编号无效');
  });

  it('lists the job types, and runs a scheduled one now (the abandoned-upload sweep)', async () => {
    const app = getApp();
    const headers = await adminHeaders(app);
    const types = (await app.inject({ method: 'GET', url: '/ks/admin/jobs/types', headers })).json().data;
    expect(types).toEqual(
      expect.arrayContaining([
        { name: 'files.sweep-abandoned-uploads', title: '清理中断的分片上传', cron: '*/30 * * * *' },
        { name: 'notify.end-ended-session-streams', title: '关闭已结束会话的推送连接', cron: '* * * * *' },
        { name: 'test.record-key', title: '测试：记录', cron: null },
      ]),
    );
    const run = await post(app, '/ks/admin/jobs/run', headers, { name: 'files.sweep-abandoned-uploads' });
    expect(run.json()).toMatchObject({ code: 200, message: '已加入队列' });
    const id = run.json().data.id as string;
    await expect
      .poll(async () => await jobById(app, headers, id), { timeout: 10_000 })
      .toMatchObject({ state: 'completed', progress: 100, progressNote: '没有中断的上传' });
    const notScheduled = await post(app, '/ks/admin/jobs/run', headers, { name: 'test.record-key' });
    expect(notScheduled.json()).toMatchObject({ code: 400, message: '该任务类型不能手动执行' });
    const missing = await post(app, '/ks/admin/jobs/run', headers, { name: 'test.nothing' });
    expect(missing.json()).toMatchObject({ code: 404, message: '任务类型不存在' });
  });

  it('writes the operation log for what administrators do', async () => {
    const app = getApp();
    const headers = await adminHeaders(app);
    const run = await post(app, '/ks/admin/jobs/run', headers, { name: 'files.sweep-abandoned-uploads' });
    const id = run.json().data.id as string;
    const logged = (await app.db.execute(
      sql`select action, target_name as "targetName" from operation_logs where target_id = ${id}`,
    )) as unknown as { rows: unknown[] };
    expect(logged.rows).toEqual([{ action: '立即执行任务', targetName: '清理中断的分片上传' }]);
  });

  it.each(['U', 'D', 'P'] as const)(
    'refuses role %s with 403, and answers 10000 without a session',
    async (role) => {
      const app = getApp();
      const { headers } = await loginAs(app, await createUser(app, role));
      for (const [method, url] of [
        ['GET', '/ks/admin/jobs'],
        ['GET', '/ks/admin/jobs/types'],
        ['POST', '/ks/admin/jobs/retry'],
        ['POST', '/ks/admin/jobs/cancel'],
        ['POST', '/ks/admin/jobs/run'],
      ] as const) {
        const refused = await app.inject({
          method,
          url,
          headers,
          payload: method === 'POST' ? {} : undefined,
        });
        expect({ url, code: refused.json().code }).toEqual({ url, code: 403 });
        const anonymous = await app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
        expect({ url, code: anonymous.json().code }).toEqual({ url, code: 10000 });
      }
    },
  );
});

describe('everyMinutesCron', () => {
  it.each([
    [30, '*/30 * * * *'],
    [1, '*/1 * * * *'],
    [0.2, '*/1 * * * *'],
    [90, '0 */2 * * *'],
    [120, '0 */2 * * *'],
    [2000, '0 0 * * *'],
  ])('turns every %s minutes into %s', (minutes, cron) => {
    expect(everyMinutesCron(minutes)).toBe(cron);
  });
});
