import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/http.ts';
import { useSessionStore } from '@/lib/session-store.ts';
import { renderWidget } from '@/test/render-widget.tsx';
import { signInAs } from '@/test/sign-in.ts';
import { withRoutes } from '../test-fixtures.tsx';
import { TipDialog } from './tip-dialog.tsx';

const apiError = (status: number, code: number, message: string) =>
  new ApiError({ status, code, message, kind: 'api' });

function Harness({
  onConfirm,
  onReloadRoot,
}: {
  onConfirm: () => Promise<unknown>;
  onReloadRoot?: () => void;
}) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <div>{open ? '对话框已打开' : '对话框已关闭'}</div>
      <TipDialog
        open={open}
        content="确定删除该条数据吗？"
        onConfirm={onConfirm}
        onClose={() => setOpen(false)}
        onReloadRoot={onReloadRoot}
      />
    </>
  );
}

const render = (onConfirm: () => Promise<unknown>, onReloadRoot?: () => void) =>
  renderWidget(withRoutes('/here', <Harness onConfirm={onConfirm} onReloadRoot={onReloadRoot} />), '/here');

describe('TipDialog', () => {
  it('confirms with Enter and closes after the action succeeds', async () => {
    const onConfirm = vi.fn(async () => null);
    const { user } = render(onConfirm);
    expect(await screen.findByText('确定删除该条数据吗？')).toBeTruthy();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('对话框已关闭')).toBeTruthy();
  });

  it('keeps the confirm button disabled for 1 s after a click, so a double click acts once', async () => {
    let finish: () => void = () => {};
    const onConfirm = vi.fn(() => new Promise<null>((resolve) => (finish = () => resolve(null))));
    render(onConfirm);
    const ok = await screen.findByRole('button', { name: /确\s*定/ });
    // Synchronous clicks: the check runs well inside the second, however loaded the machine.
    fireEvent.click(ok);
    fireEvent.click(ok);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect((ok as HTMLButtonElement).disabled).toBe(true);
    finish();
    await waitFor(() => expect(screen.getByText('对话框已关闭')).toBeTruthy());
  });

  it('ignores Enter and clicks while a slow action still runs, past the 1 s re-enable', async () => {
    let finish: () => void = () => {};
    const onConfirm = vi.fn(() => new Promise<null>((resolve) => (finish = () => resolve(null))));
    render(onConfirm);
    const ok = await screen.findByRole('button', { name: /确\s*定/ });
    fireEvent.keyDown(window, { key: 'Enter' });
    expect(onConfirm).toHaveBeenCalledTimes(1);
    // The action has not answered when the re-enable second is over.
    await waitFor(() => expect((ok as HTMLButtonElement).disabled).toBe(false));
    fireEvent.keyDown(window, { key: 'Enter' });
    fireEvent.click(ok);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    finish();
    await waitFor(() => expect(screen.getByText('对话框已关闭')).toBeTruthy());
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('on a 418 answer closes and goes to the enterprise information', async () => {
    const { user } = render(async () => {
      throw apiError(200, 418, '请先完善企业信息');
    });
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    expect((await screen.findByTestId('location')).textContent).toBe('/system/companyInfo?type=1');
  });

  it.each([
    ['status 401', apiError(401, 401, '未授权')],
    ["message '未登录'", apiError(200, 500, '未登录')],
  ])('on %s clears session and local storage after 0.5 s and reloads the root', async (_, error) => {
    signInAs('P');
    localStorage.setItem('ks-table-page-size:x', '20');
    const onReloadRoot = vi.fn();
    render(async () => {
      throw error;
    }, onReloadRoot);
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    // Not at once: the person first sees what happened.
    expect(onReloadRoot).not.toHaveBeenCalled();
    expect(useSessionStore.getState().token).toBe('token-1');
    await waitFor(() => expect(onReloadRoot).toHaveBeenCalledTimes(1));
    expect(useSessionStore.getState().token).toBeNull();
    expect(localStorage.getItem('ks-table-page-size:x')).toBeNull();
  });
});
