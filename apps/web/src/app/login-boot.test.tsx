import { act, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_KEY } from '@/lib/session-store.ts';
import { makeDeployConfig, makeKeyPair, makePlatformInfo, makeUserInfo } from '@/test/factories.ts';
import { mockFetch, ok } from '@/test/fetch-mock.ts';

// The hand-over target: the app itself is covered by the route tests; here what matters is that
// the login hands over with the address changed and what it already read.
const bootApp = vi.hoisted(() => vi.fn());
vi.mock('./app-boot.tsx', () => ({ bootApp }));

const { publicKey } = makeKeyPair();
const deployConfig = makeDeployConfig({
  loginVariant: 'public-service',
  bidHallUrl: 'https://hall.example.cn',
});
const platformInfo = makePlatformInfo({ platformName: '建设工程交易平台', supportPhone: '0571-12345678' });

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  bootApp.mockReset();
  window.history.replaceState(null, '', '/');
});

async function boot(path: string) {
  window.history.replaceState(null, '', path);
  mockFetch({
    'GET /ks/common/deploy-config': ok(deployConfig),
    'GET /ks/common/platform-info': ok(platformInfo),
    'GET /ks/common/public-key': ok({ keyId: 'login-1', publicKey, algorithm: 'RSA-OAEP-256' }),
    'POST /ks/common/login': ok({
      token: 'token-abc',
      userCode: 'admin',
      codeStatus: '1',
      practicingStatus: { abnormal: false, practiceDetails: [] },
      expiresAt: '2099-01-01T00:00:00Z',
    }),
    'GET /ks/individual/user-info': ok(makeUserInfo({ homeUrl: '/system/pageConfig' })),
  });
  const container = document.createElement('div');
  document.body.append(container);
  const { bootLogin } = await import('./login-boot.tsx');
  await act(async () => {
    root = createRoot(container);
    await bootLogin(root);
  });
  return userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
}

describe('stand-alone login (decision 0035)', () => {
  it("renders the deployment's variant, portal navigation and footer without the app's router", async () => {
    await boot('/login');
    expect(await screen.findByRole('heading', { name: '公共服务登录' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '开标大厅' }).getAttribute('href')).toBe(
      'https://hall.example.cn',
    );
    expect(screen.getByText('技术支持：0571-12345678')).toBeTruthy();
    expect(bootApp).not.toHaveBeenCalled();
  });

  it('hands over to the app at the remembered page after a login, with the session stored', async () => {
    const user = await boot(`/login?redirect=${encodeURIComponent('/credit/analysis')}`);
    await user.type(await screen.findByLabelText('账号'), 'admin');
    await user.type(screen.getByLabelText('密码'), 'Secret123');
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));

    await waitFor(() => expect(bootApp).toHaveBeenCalledTimes(1));
    expect(window.location.pathname).toBe('/credit/analysis');
    expect(bootApp.mock.calls[0]?.[1]).toEqual({ deployConfig, platformInfo });
    const stored = JSON.parse(sessionStorage.getItem(SESSION_STORAGE_KEY) ?? '{}');
    expect(stored.state.token).toBe('token-abc');
  });

  it('hands over on a link (注册账号) and keeps the login in the history', async () => {
    const user = await boot('/login');
    const before = window.history.length;
    await user.click(await screen.findByRole('link', { name: '注册账号' }));
    await waitFor(() => expect(bootApp).toHaveBeenCalledTimes(1));
    expect(window.location.pathname).toBe('/register');
    expect(window.history.length).toBe(before + 1);
  });
});
