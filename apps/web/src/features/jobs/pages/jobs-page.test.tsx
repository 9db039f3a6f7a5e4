import type { JobSummary } from '@ks/contract/jobs';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failure, type MockAnswer, mockFetch, ok } from '@/test/fetch-mock.ts';
import { renderRoute } from '@/test/render-route.tsx';
import { shellCalls } from '@/test/shell-calls.ts';
import { signInAs } from '@/test/sign-in.ts';
import { testTimeout, waitBound } from '@/test/waits.ts';

/** The lazy route's first render under jsdom can take longer than the usual wait on a busy machine. */
const PAGE_LOAD = waitBound(2);
const findOnPage = (text: string) => screen.findByText(text, {}, PAGE_LOAD);

const signIn = (role: 'M' | 'U') => signInAs(role, { userName: role === 'M' ? '管理员甲' : '企业用户乙' });

const makeJob = (overrides: Partial<JobSummary>): JobSummary => ({
  id: crypto.randomUUID(),
  name: 'files.sweep-abandoned-uploads',
  title: '清理中断的分片上传',
  state: 'completed',
  attempts: 1,
  maxAttempts: 4,
  progress: 100,
  progressNote: '',
  lastError: '',
  createdAt: '2026-11-26T01:00:00Z',
  finishedAt: '2026-11-26T01:00:05Z',
  ...overrides,
});

const TYPES = [
  { name: 'files.sweep-abandoned-uploads', title: '清理中断的分片上传', cron: '*/30 * * * *' },
  { name: 'records.export-file', title: '导出文件', cron: null },
];

function mockJobsApi({
  jobs = [] as JobSummary[],
  list = undefined as MockAnswer | undefined,
  retry = ok(null) as MockAnswer,
} = {}) {
  const calls = {
    queries: [] as URLSearchParams[],
    retried: [] as unknown[],
    cancelled: [] as unknown[],
    runs: [] as unknown[],
  };
  mockFetch({
    ...shellCalls(),
    'GET /ks/admin/jobs': ({ url }) => {
      calls.queries.push(url.searchParams);
      return list ?? ok({ records: jobs, total: jobs.length, curPage: 1, pageSize: 10 });
    },
    'GET /ks/admin/jobs/types': ok(TYPES),
    'POST /ks/admin/jobs/retry': ({ body }) => {
      calls.retried.push(body);
      return retry;
    },
    'POST /ks/admin/jobs/cancel': ({ body }) => {
      calls.cancelled.push(body);
      return ok(null);
    },
    'POST /ks/admin/jobs/run': ({ body }) => {
      calls.runs.push(body);
      return ok({ id: crypto.randomUUID() });
    },
  });
  return calls;
}

describe('后台任务 page', { timeout: testTimeout(8) }, () => {
  it('shows 无权限访问 to anyone but an administrator, and asks the server nothing', async () => {
    const calls = mockJobsApi();
    signIn('U');
    renderRoute('/system/jobs');
    expect(await findOnPage('无权限访问')).toBeTruthy();
    expect(calls.queries).toHaveLength(0);
  });

  it('is in the user menu of administrators', async () => {
    mockJobsApi();
    signIn('M');
    const { user, location } = renderRoute('/userCenter/uCenter');
    await user.click(await screen.findByRole('button', { name: /管理员甲/ }, PAGE_LOAD));
    await user.click(await screen.findByText('后台任务', { selector: '.ant-dropdown-menu-title-content' }));
    await waitFor(() => expect(location()).toBe('/system/jobs'));
    expect(await screen.findByRole('heading', { name: '后台任务' })).toBeTruthy();
  });

  it('says 暂无后台任务 when there are none', async () => {
    mockJobsApi();
    signIn('M');
    renderRoute('/system/jobs');
    expect(await findOnPage('暂无后台任务')).toBeTruthy();
  });

  it('lists type, state, attempts, progress, last error and times', async () => {
    mockJobsApi({
      jobs: [
        makeJob({
          state: 'failed',
          attempts: 4,
          lastError: '存储不可用',
          progress: 30,
          progressNote: '已清理 3/10 个上传',
        }),
        makeJob({ name: 'records.export-file', title: '', state: 'active', progress: 40, finishedAt: null }),
      ],
    });
    signIn('M');
    renderRoute('/system/jobs');
    const failed = (await findOnPage('存储不可用')).closest('tr') as HTMLElement;
    expect(within(failed).getByText('已失败')).toBeTruthy();
    expect(within(failed).getByText('4 / 4')).toBeTruthy();
    expect(within(failed).getByText('已清理 3/10 个上传')).toBeTruthy();
    expect(within(failed).getByText('清理中断的分片上传')).toBeTruthy();
    const active = screen.getByText('records.export-file').closest('tr') as HTMLElement;
    // A job the server sent without a title takes its type's title.
    expect(within(active).getByText('导出文件')).toBeTruthy();
    expect(within(active).getByText('执行中')).toBeTruthy();
    expect(within(active).getByText('40%')).toBeTruthy();
    expect(within(active).queryByRole('button', { name: '重试' })).toBeNull();
  });

  it('retries a failed job and cancels a running one after confirming', async () => {
    const failedJob = makeJob({ state: 'failed', lastError: '存储不可用' });
    const runningJob = makeJob({ state: 'active', progress: 10, finishedAt: null, title: '运行中的任务' });
    const calls = mockJobsApi({ jobs: [failedJob, runningJob] });
    signIn('M');
    const { user } = renderRoute('/system/jobs');
    const failed = (await findOnPage('存储不可用')).closest('tr') as HTMLElement;
    await user.click(within(failed).getByRole('button', { name: '重试' }));
    await waitFor(() => expect(calls.retried).toEqual([{ id: failedJob.id }]));
    expect(await screen.findByText('已重新排队')).toBeTruthy();

    const running = screen.getByText('运行中的任务').closest('tr') as HTMLElement;
    await user.click(within(running).getByRole('button', { name: '取消' }));
    const confirm = await screen.findByText('取消后该任务不再执行，确定取消吗？');
    const popover = confirm.closest('.ant-popover') as HTMLElement;
    await user.click(within(popover).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(calls.cancelled).toEqual([{ id: runningJob.id }]));
  });

  it('shows the server’s refusal of a retry', async () => {
    mockJobsApi({
      jobs: [makeJob({ state: 'failed', lastError: '存储不可用' })],
      retry: failure(200, 400, '只有已失败的任务可以重试'),
    });
    signIn('M');
    const { user } = renderRoute('/system/jobs');
    const failed = (await findOnPage('存储不可用')).closest('tr') as HTMLElement;
    await user.click(within(failed).getByRole('button', { name: '重试' }));
    expect(await screen.findByText('只有已失败的任务可以重试')).toBeTruthy();
  });

  it('filters by state and type', async () => {
    const calls = mockJobsApi();
    signIn('M');
    const { user } = renderRoute('/system/jobs');
    await findOnPage('暂无后台任务');
    await user.click(screen.getByRole('combobox', { name: '任务状态' }));
    await user.click(await screen.findByTitle('已失败'));
    await waitFor(() => expect(calls.queries.at(-1)?.get('state')).toBe('failed'));
    await user.click(screen.getByRole('combobox', { name: '任务类型' }));
    await user.click(await screen.findByTitle('导出文件'));
    await waitFor(() => expect(calls.queries.at(-1)?.get('name')).toBe('records.export-file'));
    expect(calls.queries.at(-1)?.get('state')).toBe('failed');
  });

  it('runs a scheduled type now; types without a schedule are not offered', async () => {
    const calls = mockJobsApi();
    signIn('M');
    const { user } = renderRoute('/system/jobs');
    await findOnPage('暂无后台任务');
    // The type filter lists the types once they have loaded; the menu offers the scheduled ones.
    await user.click(screen.getByRole('combobox', { name: '任务类型' }));
    await screen.findByTitle('导出文件', {}, PAGE_LOAD);
    await user.click(screen.getByRole('button', { name: '立即执行' }));
    const menu = (
      await screen.findByText(
        '清理中断的分片上传',
        { selector: '.ant-dropdown-menu-title-content' },
        PAGE_LOAD,
      )
    ).closest('.ant-dropdown-menu') as HTMLElement;
    expect(within(menu).queryByText('导出文件')).toBeNull();
    await user.click(within(menu).getByText('清理中断的分片上传'));
    await waitFor(() => expect(calls.runs).toEqual([{ name: 'files.sweep-abandoned-uploads' }]));
    expect(await screen.findByText('已加入队列')).toBeTruthy();
  });

  it('says so when the list cannot be loaded', async () => {
    mockJobsApi({ list: failure(500, 500, '服务器错误') });
    signIn('M');
    renderRoute('/system/jobs');
    expect(await findOnPage('后台任务加载失败，请稍后刷新重试')).toBeTruthy();
  });
});
