import { render, screen, waitFor } from '@testing-library/react';
import { App, Button } from 'antd';
import { describe, expect, it } from 'vitest';
import { getFeedback } from '@/lib/feedback.ts';
import { PageApp } from './layout/page-app.tsx';
import { RootProviders } from './root-providers.tsx';

function PageWithMessage() {
  const { message } = App.useApp();
  return <Button onClick={() => void message.success('已保存')}>保存记录</Button>;
}

describe('the feedback host of the root providers', () => {
  it('shows the HTTP client messages sent before antd App loaded, in order', async () => {
    render(
      <RootProviders>
        <p>登录页</p>
      </RootProviders>,
    );
    getFeedback().warnMessage('请求超时');
    getFeedback().showDialog('error', '服务器错误');
    expect(await screen.findByText('请求超时')).toBeTruthy();
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('服务器错误');
  });

  it('gives layout pages App.useApp and keeps a dialog open after the layout leaves', async () => {
    const page = (
      <RootProviders>
        <PageApp>
          <PageWithMessage />
        </PageApp>
      </RootProviders>
    );
    const view = render(page);
    screen.getByRole('button', { name: '保存记录' }).click();
    expect(await screen.findByText('已保存')).toBeTruthy();

    getFeedback().showDialog('warning', '登录已过期，请重新登录');
    await screen.findByText('登录已过期，请重新登录');
    // The session ends and the router leaves the shell for /login: the dialog stays.
    view.rerender(
      <RootProviders>
        <p>登录页</p>
      </RootProviders>,
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: '保存记录' })).toBeNull());
    expect(screen.getByText('登录已过期，请重新登录')).toBeTruthy();
  });
});
