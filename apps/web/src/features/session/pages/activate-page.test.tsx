import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeActivationCode, makeDeployConfig, makePlatformInfo } from '@/test/factories.ts';
import { failure, type MockAnswer, mockFetch, ok } from '@/test/fetch-mock.ts';
import { renderRoute } from '@/test/render-route.tsx';

function mockActivationApi(verify: MockAnswer) {
  const calls = { verifies: [] as string[], activations: [] as unknown[] };
  mockFetch({
    'GET /ks/common/platform-info': ok(makePlatformInfo()),
    'GET /ks/common/deploy-config': ok(makeDeployConfig()),
    'GET /ks/common/activate/verify': ({ url }) => {
      calls.verifies.push(url.searchParams.get('activationCode') ?? '');
      return verify;
    },
    'POST /ks/common/activate': ({ body }) => {
      calls.activations.push(body);
      return { status: 200, body: { code: 200, data: null, message: '账号已激活，请登录' } };
    },
  });
  return calls;
}

describe('activation page', () => {
  it('shows whose account the link opens, activates it and goes to the login page', async () => {
    const activationCode = makeActivationCode();
    const calls = mockActivationApi(ok({ account: 'zhangsan', userName: '张三', phone: '138****8000' }));
    const { user, location } = renderRoute(`/activate?activationCode=${activationCode}`);

    expect(await screen.findByText('zhangsan')).toBeTruthy();
    expect(screen.getByText('张三')).toBeTruthy();
    expect(screen.getByText('138****8000')).toBeTruthy();
    expect(calls.verifies).toEqual([activationCode]);

    await user.click(screen.getByRole('button', { name: '激活账号' }));
    expect(await screen.findByText('账号已激活，请登录')).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/login'));
    expect(calls.activations).toEqual([{ activationCode }]);
  });

  it("shows the server's message for a link it refuses, without a dialog", async () => {
    mockActivationApi(failure(400, 400, '激活链接无效或已过期，请联系管理员'));
    renderRoute(`/activate?activationCode=${makeActivationCode()}`);
    expect(await screen.findByText('激活链接无效或已过期，请联系管理员')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '激活账号' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('tells an already active account to log in', async () => {
    mockActivationApi(failure(400, 400, '账号已激活，请直接登录'));
    renderRoute(`/activate?activationCode=${makeActivationCode()}`);
    expect(await screen.findByText('账号已激活，请直接登录')).toBeTruthy();
  });

  it('does not ask the server about a malformed link', async () => {
    const calls = mockActivationApi(ok(null));
    renderRoute('/activate?activationCode=abc');
    expect(await screen.findByText('激活链接无效或已过期，请联系管理员')).toBeTruthy();
    expect(calls.verifies).toHaveLength(0);
  });
});
