import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers.tsx';
import { TODO_PAGE_SIZE } from '@/lib/constants.ts';
import { mockFetch, ok } from '@/test/fetch-mock.ts';
import { signInAs } from '@/test/sign-in.ts';
import { useNoticeStore } from '../lib/notice-store.ts';
import { MessageBell } from './message-bell.tsx';
import { TodoBadge } from './todo-badge.tsx';

const logIn = (role: 'M' | 'U') => signInAs(role);

afterEach(() => useNoticeStore.getState().clearNotices());

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

const page = (records: unknown[], total: number, curPage: number, pageSize: number) =>
  ok({ records, total, curPage, pageSize });

describe('message bell', () => {
  it('caps the unread badge at 999', async () => {
    logIn('M');
    mockFetch({ 'GET /ks/message/v1/unread-count': ok(1500) });
    render(
      <AppProviders>
        <MessageBell />
      </AppProviders>,
    );
    expect(await screen.findByText('999+')).toBeTruthy();
  });

  it('shows the exact count up to 999', async () => {
    logIn('M');
    mockFetch({ 'GET /ks/message/v1/unread-count': ok(999) });
    render(
      <AppProviders>
        <MessageBell />
      </AppProviders>,
    );
    await waitFor(() => expect(document.querySelector('.ant-badge')?.textContent).toContain('999'));
    expect(screen.queryByText('999+')).toBeNull();
  });

  it('is not shown to a non-administrator, and asks nothing', async () => {
    logIn('U');
    const fetchMock = mockFetch({});
    render(
      <AppProviders>
        <MessageBell />
      </AppProviders>,
    );
    expect(screen.queryByRole('button', { name: '消息中心' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('opens the drawer with the caller’s messages; clicking an unread one marks it read', async () => {
    logIn('M');
    const reads: unknown[] = [];
    mockFetch({
      'GET /ks/message/v1/unread-count': ok(1),
      'POST /ks/message/v1/list': page(
        [
          {
            msgId: 5,
            category: 'notice',
            msgType: 1,
            title: '',
            messages: '平台将于周六维护',
            attachment: '',
            fileName: '',
            publisherName: '系统管理员',
            createdAt: '2026-03-01T02:00:00.000Z',
            readAt: null,
            confirmedAt: null,
          },
        ],
        1,
        1,
        10,
      ),
      'POST /ks/message/v1/read': ({ body }) => {
        reads.push(body);
        return ok(1);
      },
    });
    render(
      <AppProviders>
        <MessageBell />
      </AppProviders>,
    );
    await userEvent.click(screen.getByRole('button', { name: '消息中心' }));
    const drawer = await screen.findByRole('dialog');
    await userEvent.click((await within(drawer).findAllByText('平台将于周六维护'))[0] as HTMLElement);
    await waitFor(() => expect(reads).toEqual([{ msgIds: [5] }]));
  });
});

describe('to-do badge and drawer', () => {
  it('caps the to-do badge at 99', async () => {
    logIn('U');
    mockFetch({ 'GET /ks/notification/v1/audit/todo-count': ok(120) });
    render(
      <AppProviders>
        <TodoBadge />
      </AppProviders>,
    );
    expect(await screen.findByText('99+')).toBeTruthy();
  });

  it(`shows per-system counts and pages the to-dos ${TODO_PAGE_SIZE} at a time`, async () => {
    logIn('M');
    const asked: unknown[] = [];
    const todo = (n: number) => ({
      id: `t${n}`,
      systemCoding: 'xydj',
      systemName: '信用管理',
      gnName: '信用变更审核',
      gnCoding: 'bgsq',
      businessId: `00000000-0000-4000-8000-00000000000${n}`,
      businessName: `变更申请${n}`,
      userName: '张三',
      sbTime: '2026-03-01T02:00:00.000Z',
    });
    mockFetch({
      'GET /ks/notification/v1/audit/todo-count': ok(8),
      'GET /ks/notification/v1/audit/system-list': ok([
        { systemName: '信用管理', systemCoding: 'xydj', todoCount: 7 },
        { systemName: '场地预约', systemCoding: 'cdyy', todoCount: 1 },
      ]),
      'POST /ks/notification/v1/audit/todo-list': ({ body }) => {
        asked.push(body);
        const { curPage, pageSize } = body as { curPage: number; pageSize: number };
        const all = Array.from({ length: 7 }, (_, i) => todo(i + 1));
        return page(all.slice((curPage - 1) * pageSize, curPage * pageSize), 7, curPage, pageSize);
      },
    });
    render(
      <AppProviders>
        <MemoryRouter initialEntries={['/userCenter/uCenter']}>
          <Routes>
            <Route path="/userCenter/uCenter" element={<TodoBadge />} />
            <Route path="/dynamicPage/dynamicDetail" element={<LocationProbe />} />
          </Routes>
        </MemoryRouter>
      </AppProviders>,
    );
    await userEvent.click(screen.getByRole('button', { name: '待办事项' }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('信用管理（7）')).toBeTruthy();
    expect(within(drawer).getByText('场地预约（1）')).toBeTruthy();
    expect(await within(drawer).findByText('变更申请1')).toBeTruthy();
    expect(within(drawer).getAllByText(/^变更申请/)).toHaveLength(TODO_PAGE_SIZE);
    expect(asked[0]).toEqual({ systemCoding: 'xydj', curPage: 1, pageSize: 6 });
    await userEvent.click(within(drawer).getByTitle('2'));
    expect(await within(drawer).findByText('变更申请7')).toBeTruthy();
    expect(asked.at(-1)).toEqual({ systemCoding: 'xydj', curPage: 2, pageSize: 6 });
    // A to-do opens its record's detail page.
    await userEvent.click(within(drawer).getByRole('link', { name: '变更申请7' }));
    expect((await screen.findByTestId('location')).textContent).toBe(
      '/dynamicPage/dynamicDetail?systemCoding=xydj&gnCoding=bgsq&id=00000000-0000-4000-8000-000000000007',
    );
  });
});
