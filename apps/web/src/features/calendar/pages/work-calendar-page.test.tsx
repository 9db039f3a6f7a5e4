import type { CalendarDay, CalendarYear } from '@ks/contract/calendar';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failure, type MockAnswer, mockFetch, ok } from '@/test/fetch-mock.ts';
import { renderRoute } from '@/test/render-route.tsx';
import { shellCalls } from '@/test/shell-calls.ts';
import { signInAs } from '@/test/sign-in.ts';
import { testTimeout, waitBound } from '@/test/waits.ts';
import { chinaToday } from '../components/calendar-dates.ts';

const PAGE_LOAD = waitBound(2);
const PATH = '/system/workCalendar';
const THIS_YEAR = Number(chinaToday().slice(0, 4));

const makeDay = (overrides: Partial<CalendarDay>): CalendarDay => ({
  id: crypto.randomUUID(),
  day: `${THIS_YEAR}-10-01`,
  kind: 'holiday',
  name: '国庆节',
  version: 1,
  updatedAt: '2026-11-29T08:00:00Z',
  ...overrides,
});

/** The first Monday of the year's March, and the Saturday before it. */
function marchMonday(year: number): string {
  for (let day = 1; ; day++) {
    const date = `${year}-03-0${day}`;
    if (new Date(`${date}T00:00:00Z`).getUTCDay() === 1) return date;
  }
}

function mockCalendarApi({
  years = {} as Record<number, CalendarDay[]>,
  save = undefined as MockAnswer | undefined,
  list = undefined as MockAnswer | undefined,
} = {}) {
  const calls = { years: [] as number[], saved: [] as unknown[], deleted: [] as string[] };
  mockFetch({
    ...shellCalls(),
    'GET /ks/calendar/v1/days': ({ url }) => {
      const year = Number(url.searchParams.get('year'));
      calls.years.push(year);
      const answer: CalendarYear = { year, days: years[year] ?? [] };
      return list ?? ok(answer);
    },
    'POST /ks/calendar/v1/days': ({ body }) => {
      calls.saved.push(body);
      return save ?? ok([]);
    },
    // The mock matches exact paths: one delete route per entry shown.
    ...Object.fromEntries(
      Object.values(years)
        .flat()
        .map((day) => [
          `DELETE /ks/calendar/v1/days/${day.id}`,
          ({ url }: { url: URL }) => {
            calls.deleted.push(`${day.id}${url.search}`);
            return ok(null);
          },
        ]),
    ),
  });
  return calls;
}

// Label and text queries, not role queries: the year's 365 date buttons make every role query
// compute the accessible names of them all, which jsdom does slowly.
const dayButton = (label: string) => screen.findByLabelText(label, {}, PAGE_LOAD);
/** The open day dialog, found by its title. */
const findDialog = async (date: string) =>
  (await screen.findByText(`设置日期：${date}`, {}, PAGE_LOAD)).closest('.ant-modal') as HTMLElement;

describe('工作日历 page', { timeout: testTimeout(10) }, () => {
  it('is refused to anyone but an administrator, before any call', async () => {
    const calls = mockCalendarApi();
    signInAs('U');
    renderRoute(PATH);
    expect(await screen.findByText('无权限访问', {}, PAGE_LOAD)).toBeTruthy();
    expect(calls.years).toEqual([]);
  });

  it('is in the user menu of administrators', async () => {
    mockCalendarApi();
    signInAs('M', { userName: '管理员甲' });
    const { user, location } = renderRoute('/userCenter/uCenter');
    await user.click(await screen.findByRole('button', { name: /管理员甲/ }, PAGE_LOAD));
    await user.click(await screen.findByText('工作日历', { selector: '.ant-dropdown-menu-title-content' }));
    await waitFor(() => expect(location()).toBe(PATH));
    expect(await screen.findByRole('heading', { name: '工作日历' }, PAGE_LOAD)).toBeTruthy();
  });

  it('says when a year has no entries, and still shows its weeks', async () => {
    mockCalendarApi();
    signInAs('M');
    renderRoute(PATH);
    expect(await screen.findByText(`${THIS_YEAR}年尚未设置节假日和调休上班日`, {}, PAGE_LOAD)).toBeTruthy();
    const monday = marchMonday(THIS_YEAR);
    expect(await dayButton(`${monday} 工作日`)).toBeTruthy();
    const sunday = new Date(Date.parse(`${monday}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    expect(screen.getByLabelText(`${sunday} 休息日`)).toBeTruthy();
  });

  it('shows the year’s holidays and adjusted days, and moves between years', async () => {
    const calls = mockCalendarApi({
      years: {
        [THIS_YEAR + 1]: [
          makeDay({ day: `${THIS_YEAR + 1}-10-01`, name: '国庆节' }),
          makeDay({ day: `${THIS_YEAR + 1}-09-26`, kind: 'workday', name: '国庆节调休上班' }),
        ],
      },
    });
    signInAs('M');
    const { user } = renderRoute(PATH);
    await screen.findByText(`${THIS_YEAR}年尚未设置节假日和调休上班日`, {}, PAGE_LOAD);
    await user.click(screen.getByRole('button', { name: '下一年' }));
    expect(await dayButton(`${THIS_YEAR + 1}-10-01 国庆节（节假日）`)).toBeTruthy();
    expect(
      screen.getByRole('button', { name: `${THIS_YEAR + 1}-09-26 国庆节调休上班（调休上班）` }),
    ).toBeTruthy();
    const table = screen.getByRole('table');
    expect(within(table).getByText('国庆节调休上班')).toBeTruthy();
    expect(calls.years).toEqual([THIS_YEAR, THIS_YEAR + 1]);
  });

  it('marks a range of holidays with a name', async () => {
    const calls = mockCalendarApi();
    signInAs('M');
    const { user } = renderRoute(PATH);
    await user.click(await dayButton(`${THIS_YEAR}-10-01 ${weekdayState(`${THIS_YEAR}-10-01`)}`));
    const dialog = await findDialog(`${THIS_YEAR}-10-01`);
    const to = within(dialog).getByLabelText('结束日期');
    await user.clear(to);
    await user.type(to, `${THIS_YEAR}-10-03`);
    await user.click(within(dialog).getByRole('radio', { name: '节假日' }));
    await user.type(within(dialog).getByLabelText('名称'), '国庆节');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(calls.saved).toEqual([
        { from: `${THIS_YEAR}-10-01`, to: `${THIS_YEAR}-10-03`, kind: 'holiday', name: '国庆节' },
      ]),
    );
    await waitFor(() => expect(screen.queryByText(`设置日期：${THIS_YEAR}-10-01`)).toBeNull(), PAGE_LOAD);
  });

  it('asks for a name before calling the server', async () => {
    const calls = mockCalendarApi();
    signInAs('M');
    const { user } = renderRoute(PATH);
    await user.click(await dayButton(`${THIS_YEAR}-10-01 ${weekdayState(`${THIS_YEAR}-10-01`)}`));
    const dialog = await findDialog(`${THIS_YEAR}-10-01`);
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请输入名称', {}, PAGE_LOAD)).toBeTruthy();
    expect(calls.saved).toEqual([]);
  });

  it('shows the server’s refusal in the dialog, under its field', async () => {
    const message = `调休上班只能设置在周六或周日（${marchMonday(THIS_YEAR)}为周一）`;
    mockCalendarApi({ save: failure(400, 400, message, { from: message }) });
    signInAs('M');
    const { user } = renderRoute(PATH);
    await user.click(await dayButton(`${marchMonday(THIS_YEAR)} 工作日`));
    const dialog = await findDialog(marchMonday(THIS_YEAR));
    await user.click(within(dialog).getByRole('radio', { name: '调休上班' }));
    await user.type(within(dialog).getByLabelText('名称'), '调休');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    // Under the field, and not in the client's own dialog.
    expect(await within(dialog).findByText(message, {}, PAGE_LOAD)).toBeTruthy();
    expect(screen.getByText(`设置日期：${marchMonday(THIS_YEAR)}`)).toBeTruthy();
  });

  it('shows a refusal without a field above the form', async () => {
    mockCalendarApi({ save: failure(409, 409, '数据已被他人修改，请刷新后重试') });
    signInAs('M');
    const { user } = renderRoute(PATH);
    await user.click(await dayButton(`${marchMonday(THIS_YEAR)} 工作日`));
    const dialog = await findDialog(marchMonday(THIS_YEAR));
    await user.type(within(dialog).getByLabelText('名称'), '节日');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('数据已被他人修改，请刷新后重试', {}, PAGE_LOAD)).toBeTruthy();
  });

  it('removes a date’s entry at its version after confirming', async () => {
    const entry = makeDay({ day: `${THIS_YEAR}-05-01`, name: '劳动节', version: 3 });
    const calls = mockCalendarApi({ years: { [THIS_YEAR]: [entry] } });
    signInAs('M');
    const { user } = renderRoute(PATH);
    await user.click(await dayButton(`${THIS_YEAR}-05-01 劳动节（节假日）`));
    const dialog = await findDialog(`${THIS_YEAR}-05-01`);
    expect(within(dialog).getByText('当前设置：劳动节（节假日）')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: '删除此设置' }));
    const confirm = await screen.findByText('删除后该日期按正常作息计算，确定删除吗？');
    const popover = confirm.closest('.ant-popover') as HTMLElement;
    await user.click(within(popover).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(calls.deleted).toEqual([`${entry.id}?version=3`]));
  });

  it('says so when the year cannot be loaded', async () => {
    mockCalendarApi({ list: failure(500, 500, '服务器错误') });
    signInAs('M');
    renderRoute(PATH);
    expect(await screen.findByText('工作日历加载失败，请稍后刷新重试', {}, PAGE_LOAD)).toBeTruthy();
  });
});

/** How the grid names a date without an entry. */
function weekdayState(date: string): string {
  return [0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay()) ? '休息日' : '工作日';
}
