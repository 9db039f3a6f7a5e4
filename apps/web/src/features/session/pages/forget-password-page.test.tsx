import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeDeployConfig, makeKeyPair, makePlatformInfo, openSealedField } from '@/test/factories.ts';
import { failure, type MockAnswer, mockFetch, ok } from '@/test/fetch-mock.ts';
import { renderRoute } from '@/test/render-route.tsx';

const { publicKey, privateKey } = makeKeyPair();

function mockResetApi(reset: MockAnswer = ok(null)) {
  const calls = { resets: [] as Record<string, string>[], codes: [] as unknown[] };
  mockFetch({
    'GET /ks/common/platform-info': ok(makePlatformInfo()),
    'GET /ks/common/deploy-config': ok(makeDeployConfig()),
    'GET /ks/common/public-key': ok({ keyId: 'key-2', publicKey, algorithm: 'RSA-OAEP-256' }),
    'POST /ks/common/sms/send-sms': ({ body }) => {
      calls.codes.push(body);
      return ok(null);
    },
    'POST /ks/individual/login/reset-secret': ({ body }) => {
      calls.resets.push(body as Record<string, string>);
      return reset;
    },
  });
  return calls;
}

type User = ReturnType<typeof renderRoute>['user'];

async function fillForm(user: User, newPassword: string, confirmPassword: string) {
  await user.type(await screen.findByLabelText('手机号'), '13800138000');
  await user.click(screen.getByRole('button', { name: '获取验证码' }));
  await screen.findByRole('button', { name: /秒后重新获取/ });
  await user.type(screen.getByLabelText('短信验证码'), '246810');
  await user.type(screen.getByLabelText('新密码'), newPassword);
  await user.type(screen.getByLabelText('确认新密码'), confirmPassword);
  await user.click(screen.getByRole('button', { name: '重置密码' }));
}

describe('forgotten password page', () => {
  it('is linked from the login page', async () => {
    mockResetApi();
    const { user, location } = renderRoute('/login');
    await user.click(await screen.findByRole('link', { name: '忘记密码' }));
    await waitFor(() => expect(location()).toBe('/forgetPassword'));
    expect(await screen.findByRole('heading', { name: '忘记密码' })).toBeTruthy();
  });

  it('refuses a confirmation that differs: 两次输入的密码不一致', async () => {
    const calls = mockResetApi();
    const { user } = renderRoute('/forgetPassword');
    await fillForm(user, 'NewSecret1', 'NewSecret2');
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
    expect(calls.resets).toHaveLength(0);
  });

  it('sends a reset code, sets the new password sealed and goes to the login page', async () => {
    const calls = mockResetApi();
    const { user, location } = renderRoute('/forgetPassword');
    await fillForm(user, 'NewSecret1', 'NewSecret1');

    expect(await screen.findByText('密码已重置，请使用新密码登录')).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/login'));
    expect(calls.codes).toEqual([{ phone: '13800138000', purpose: 'reset' }]);
    const [body] = calls.resets;
    expect(body).toMatchObject({ phone: '13800138000', smsCode: '246810', keyId: 'key-2' });
    expect(openSealedField(privateKey, body?.newPassWord ?? '').v).toBe('NewSecret1');
  });

  it('puts a refused code under the code field', async () => {
    mockResetApi(failure(400, 400, '短信验证码错误', { smsCode: '短信验证码错误' }));
    const { user, location } = renderRoute('/forgetPassword');
    await fillForm(user, 'NewSecret1', 'NewSecret1');
    const codeField = screen.getByLabelText('短信验证码').closest('.ant-form-item') as HTMLElement;
    expect(await within(codeField).findByText('短信验证码错误')).toBeTruthy();
    expect(location()).toBe('/forgetPassword');
  });
});
