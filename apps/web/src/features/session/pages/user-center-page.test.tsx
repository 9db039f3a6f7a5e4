import { constants, privateDecrypt } from 'node:crypto';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '@/lib/session-store.ts';
import {
  makeDeployConfig,
  makeKeyPair,
  makePlatformInfo,
  makeRecordId,
  makeUserInfo,
} from '@/test/factories.ts';
import { failure, mockFetch, ok } from '@/test/fetch-mock.ts';
import { renderRoute } from '@/test/render-route.tsx';
import { shellCalls } from '@/test/shell-calls.ts';
import { signInAs } from '@/test/sign-in.ts';

const { publicKey, privateKey } = makeKeyPair();
const open = (cipherText: string) =>
  JSON.parse(
    privateDecrypt(
      { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(cipherText, 'base64'),
    ).toString('utf8'),
  ).v as string;

function renderUserCenter(updateSecret = ok(null)) {
  const userInfo = makeUserInfo({
    userName: '李四',
    loginRoleType: 'U',
    phone: '13900001111',
    enterprise: {
      id: makeRecordId(),
      name: '杭州某某建设有限公司',
      creditCode: '91330100MA2XXXXX0X',
      enterpriseType: '施工企业',
    },
  });
  const updates: Record<string, string>[] = [];
  mockFetch({
    ...shellCalls(),
    'GET /ks/common/platform-info': ok(makePlatformInfo()),
    'GET /ks/common/deploy-config': ok(makeDeployConfig({ supportChannelKey: '' })),
    'GET /ks/individual/user-info': ok(userInfo),
    'GET /ks/common/public-key': ok({ keyId: 'login-1', publicKey, algorithm: 'RSA-OAEP-256' }),
    'PUT /ks/individual/login/update-secret': ({ body }) => {
      updates.push(body as Record<string, string>);
      return updateSecret;
    },
  });
  signInAs(userInfo.loginRoleType, userInfo);
  return { ...renderRoute('/userCenter/uCenter'), userInfo, updates };
}

describe('user centre', () => {
  it("shows the current user's account from user-info", async () => {
    const { userInfo } = renderUserCenter();
    expect(await screen.findByText(userInfo.userCode)).toBeTruthy();
    expect(screen.getByText('企业用户')).toBeTruthy();
    expect(screen.getByText('13900001111')).toBeTruthy();
    expect(screen.getByText('杭州某某建设有限公司')).toBeTruthy();
  });

  it('checks the new password with the contract rule and the confirmation', async () => {
    const { user, updates } = renderUserCenter();
    await user.type(await screen.findByLabelText('原密码'), 'Old12345');
    await user.type(screen.getByLabelText('新密码'), 'onlyletters');
    await user.type(screen.getByLabelText('确认新密码'), 'different1');
    await user.click(screen.getByRole('button', { name: '修改密码' }));
    expect(await screen.findByText('密码须同时包含字母和数字')).toBeTruthy();
    expect(await screen.findByText('两次输入的新密码不一致')).toBeTruthy();
    expect(updates).toHaveLength(0);
  });

  it('changes the password sealed, then asks for a new login', async () => {
    const { user, updates, location } = renderUserCenter();
    await user.type(await screen.findByLabelText('原密码'), 'Old12345');
    await user.type(screen.getByLabelText('新密码'), 'New12345');
    await user.type(screen.getByLabelText('确认新密码'), 'New12345');
    await user.click(screen.getByRole('button', { name: '修改密码' }));

    expect(await screen.findByText('密码修改成功，请重新登录')).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/login'));
    expect(useSessionStore.getState().token).toBeNull();
    const [body] = updates;
    expect(body?.keyId).toBe('login-1');
    expect(open(body?.oldPassWord ?? '')).toBe('Old12345');
    expect(open(body?.newPassWord ?? '')).toBe('New12345');
  });

  it('keeps the session when the old password is wrong, and shows the server message', async () => {
    const { user, location } = renderUserCenter(failure(400, 400, '原密码错误'));
    await user.type(await screen.findByLabelText('原密码'), 'Wrong123');
    await user.type(screen.getByLabelText('新密码'), 'New12345');
    await user.type(screen.getByLabelText('确认新密码'), 'New12345');
    await user.click(screen.getByRole('button', { name: '修改密码' }));
    expect(await screen.findByText('原密码错误')).toBeTruthy();
    expect(location()).toBe('/userCenter/uCenter');
    expect(useSessionStore.getState().token).toBe('token-1');
  });
});
