import { render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers.tsx';
import { withChunkTimeout } from '@/lib/chunk-load.ts';
import { RouteError } from './route-error.tsx';

function renderFailingPage(lazy: () => Promise<never>) {
  const router = createMemoryRouter([{ path: '/', ErrorBoundary: RouteError, lazy }], {
    initialEntries: ['/'],
  });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('RouteError', () => {
  it('tells a page whose code failed to load and offers a reload', async () => {
    renderFailingPage(withChunkTimeout(() => Promise.reject(new TypeError('Failed to fetch'))));
    expect(await screen.findByText('页面加载失败')).toBeTruthy();
    expect(screen.getByText('网络不稳定，页面资源未能加载，请刷新页面重试')).toBeTruthy();
    expect(screen.getByRole('button', { name: '刷新页面' })).toBeTruthy();
  });

  it('tells any other crash without internals', async () => {
    renderFailingPage(() => Promise.reject(new Error('boom')));
    expect(await screen.findByText('页面出错了')).toBeTruthy();
    expect(screen.queryByText('boom')).toBeNull();
  });
});
