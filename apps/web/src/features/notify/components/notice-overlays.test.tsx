import { LOCAL_NOTICE_MSG_ID, type PushMessage } from '@ks/contract/notify';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers.tsx';
import { mockFetch, ok } from '@/test/fetch-mock.ts';
import { useNoticeStore } from '../lib/notice-store.ts';
import { NoticeBanner } from './notice-banner.tsx';
import { NoticeModal } from './notice-modal.tsx';

const message = (overrides: Partial<PushMessage>): PushMessage => ({
  msgType: 1,
  messages: '今晚22:00系统升级，请提前保存数据',
  show: true,
  msgId: 11,
  title: '',
  attachment: '',
  fileName: '',
  ...overrides,
});

afterEach(() => useNoticeStore.getState().clearNotices());

function renderOverlays() {
  return render(
    <AppProviders>
      <NoticeBanner />
      <NoticeModal />
    </AppProviders>,
  );
}

describe('notice banner and modal', () => {
  it('shows a type 1 message as a banner; confirming sends its msgId and closes it', async () => {
    const confirmed: unknown[] = [];
    mockFetch({
      'POST /ks/message/v1/confirm': ({ body }) => {
        confirmed.push(body);
        return ok(null);
      },
    });
    renderOverlays();
    act(() => useNoticeStore.getState().addMessage(message({ msgId: 11 })));
    expect((await screen.findByRole('alert')).textContent).toContain('今晚22:00系统升级，请提前保存数据');
    await userEvent.click(screen.getByRole('button', { name: '我知道了' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(confirmed).toEqual([{ msgId: 11 }]);
  });

  it('closes a notice with msgId -99 locally, without any call', async () => {
    const fetchMock = mockFetch({});
    renderOverlays();
    act(() =>
      useNoticeStore.getState().addMessage(message({ msgId: LOCAL_NOTICE_MSG_ID, messages: '本地提示' })),
    );
    await userEvent.click(await screen.findByRole('button', { name: '我知道了' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps the notice when the confirmation fails, so it can be confirmed again', async () => {
    const fetchMock = mockFetch({
      'POST /ks/message/v1/confirm': { status: 404, body: { code: 404, data: null, message: '消息不存在' } },
    });
    renderOverlays();
    act(() => useNoticeStore.getState().addMessage(message({ msgId: 12 })));
    await userEvent.click(await screen.findByRole('button', { name: '我知道了' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('button', { name: '我知道了' })).toBeTruthy();
    expect(useNoticeStore.getState().notices.map((n) => n.msgId)).toEqual([12]);
  });

  it('shows a type 2 message as a titled notice whose attachment link downloads through the file client', async () => {
    const downloads: string[] = [];
    const confirmed: unknown[] = [];
    mockFetch({
      'GET /ks/file/v1/files/f-1': ({ init }) => {
        downloads.push((init.headers as Record<string, string>).Authorization ?? '');
        return new Response(new Blob(['pdf']), {
          status: 200,
          headers: { 'Content-Type': 'application/pdf' },
        });
      },
      'POST /ks/message/v1/confirm': ({ body }) => {
        confirmed.push(body);
        return ok(null);
      },
    });
    Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} });
    const { useSessionStore } = await import('@/lib/session-store.ts');
    useSessionStore.getState().setToken('token-9', '2099-01-01T00:00:00Z');
    renderOverlays();
    const notice = message({
      msgType: 2,
      msgId: 21,
      title: '系统升级公告',
      attachment: '/ks/file/v1/files/f-1',
      fileName: '升级说明.pdf',
    });
    act(() => useNoticeStore.getState().addMessage(notice));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('系统升级公告');
    await userEvent.click(screen.getByRole('button', { name: /升级说明\.pdf/ }));
    await waitFor(() => expect(downloads).toEqual(['Bearer token-9']));
    await userEvent.click(screen.getByRole('button', { name: /确\s*认/ }));
    await waitFor(() => expect(confirmed).toEqual([{ msgId: 21 }]));
  });

  it('does not add a replayed message twice', () => {
    act(() => {
      useNoticeStore.getState().addMessage(message({ msgId: 31 }));
      useNoticeStore.getState().addMessage(message({ msgId: 31 }));
    });
    expect(useNoticeStore.getState().notices).toHaveLength(1);
    useNoticeStore.getState().clearNotices();
  });
});
