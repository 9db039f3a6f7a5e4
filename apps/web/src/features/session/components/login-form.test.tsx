import { constants, privateDecrypt } from 'node:crypto';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SESSION_STORAGE_KEY, useSessionStore } from '@/lib/session-store.ts';
import { makeDeployConfig, makeKeyPair, makePlatformInfo, makeUserInfo } from '@/test/factories.ts';
import { failure, type MockHandler, mockFetch, ok } from '@/test/fetch-mock.ts';
import { renderRoute } from '@/test/render-route.tsx';

const { publicKey, privateKey } = makeKeyPair();
const CAPTCHA_IMAGE = 'data:image/svg+xml;base64,PHN2Zy8+';

const openField = (cipherText: string) =>
  JSON.parse(
    privateDecrypt(
      { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(cipherText, 'base64'),
    ).toString('utf8'),
  ) as { v: string; n: string; t: number };

type LoginBody = {
  logValue: string;
  passWord: string;
  keyId: string;
  loginRoleType?: string;
  captchaId?: string;
  captchaCode?: string;
};

function mockLoginApi(
  login: MockHandler,
  variant: 'plain' | 'public-service' | 'business-handling' = 'plain',
) {
  const userInfo = makeUserInfo({ homeUrl: '/userCenter/uCenter' });
  const logins: LoginBody[] = [];
  let keyFetches = 0;
  let captchaFetches = 0;
  const fetchMock = mockFetch({
    'GET /ks/common/deploy-config': ok(makeDeployConfig({ loginVariant: variant })),
    'GET /ks/common/platform-info': ok(makePlatformInfo({ platformName: '建设工程交易平台' })),
    'GET /ks/common/public-key': () => {
      keyFetches += 1;
      return ok({ keyId: 'login-1', publicKey, algorithm: 'RSA-OAEP-256' });
    },
    'GET /ks/common/captcha': () => {
      captchaFetches += 1;
      return ok({ captchaId: `captcha-${captchaFetches}`, image: CAPTCHA_IMAGE });
    },
    'POST /ks/common/login': (request) => {
      logins.push(request.body as LoginBody);
      return login(request);
    },
    'GET /ks/individual/user-info': ok(userInfo),
  });
  return {
    fetchMock,
    userInfo,
    logins,
    keyFetches: () => keyFetches,
    captchaFetches: () => captchaFetches,
  };
}

const loginAnswer = (codeStatus: '1' | '2') =>
  ok({
    token: 'token-abc',
    userCode: 'admin',
    codeStatus,
    practicingStatus: { abnormal: false, practiceDetails: [] },
    expiresAt: '2099-01-01T00:00:00Z',
  });
const loginResult = () => loginAnswer('1');

async function fillAndSubmit(
  user: ReturnType<typeof renderRoute>['user'],
  account = 'admin',
  password = 'Secret123',
) {
  await user.type(await screen.findByLabelText('账号'), account);
  await user.type(screen.getByLabelText('密码'), password);
  await user.click(screen.getByRole('button', { name: /登\s*录/ }));
}

describe('login form', () => {
  it('asks for account and password: 请输入账号, 请输入密码', async () => {
    const api = mockLoginApi(loginResult);
    const { user } = renderRoute('/login');
    await screen.findByLabelText('账号');
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('请输入账号')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();
    expect(api.logins).toHaveLength(0);
  });

  it('sends both fields sealed with one nonce, stores the session and goes to the remembered page', async () => {
    const api = mockLoginApi(loginResult);
    const { user, location } = renderRoute(
      `/?redirect=${encodeURIComponent('/expertExtraction/extractList')}`,
    );
    await fillAndSubmit(user);

    expect(await screen.findByRole('heading', { name: '抽取列表' })).toBeTruthy();
    expect(location()).toBe('/expertExtraction/extractList');
    const [body] = api.logins;
    expect(body?.keyId).toBe('login-1');
    const logValue = openField(body?.logValue ?? '');
    const passWord = openField(body?.passWord ?? '');
    expect([logValue.v, passWord.v]).toEqual(['admin', 'Secret123']);
    expect(passWord.n).toBe(logValue.n);
    const stored = JSON.parse(sessionStorage.getItem(SESSION_STORAGE_KEY) ?? '{}');
    expect(stored.state).toMatchObject({ token: 'token-abc', roles: ['user'], isAdmin: false, isDev: false });
    expect(stored.state.userInfo.userCode).toBe(api.userInfo.userCode);
  });

  it("goes to the user's home URL without a remembered page", async () => {
    mockLoginApi(loginResult);
    const { user, location } = renderRoute('/login');
    await fillAndSubmit(user);
    expect(await screen.findByRole('heading', { name: '个人中心' })).toBeTruthy();
    expect(location()).toBe('/userCenter/uCenter');
  });

  it("sends an account with an initial password (codeStatus '2') to change it first", async () => {
    mockLoginApi(() => loginAnswer('2'));
    const { user, location } = renderRoute(
      `/?redirect=${encodeURIComponent('/expertExtraction/extractList')}`,
    );
    await fillAndSubmit(user);
    expect(await screen.findByText('首次登录请修改初始密码')).toBeTruthy();
    expect(location()).toBe('/userCenter/uCenter');
    expect(screen.getByRole('form', { name: '修改密码' })).toBeTruthy();
    expect(useSessionStore.getState().mustChangePassword).toBe(true);
  });

  it('links to registration and the forgotten password page', async () => {
    mockLoginApi(loginResult);
    renderRoute('/login');
    expect((await screen.findByRole('link', { name: '注册账号' })).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: '忘记密码' }).getAttribute('href')).toBe('/forgetPassword');
  });

  it('shows a failure in the login prompt, not in a dialog', async () => {
    mockLoginApi(() => failure(400, 400, '账号或密码错误'));
    const { user } = renderRoute('/login');
    await fillAndSubmit(user);
    const prompt = await screen.findByRole('alert');
    expect(prompt.textContent).toContain('账号或密码错误');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the captcha on 10020, refreshes it on click, sends it, and draws a new one after a failure', async () => {
    let attempt = 0;
    const api = mockLoginApi(() => {
      attempt += 1;
      return attempt === 1
        ? failure(400, 10020, '请输入图形验证码', { captchaRequired: true })
        : failure(400, 400, '账号或密码错误', { captchaRequired: true });
    });
    const { user } = renderRoute('/login');
    await fillAndSubmit(user);

    expect((await screen.findByRole('alert')).textContent).toContain('请输入图形验证码');
    const image = await screen.findByRole('img', { name: '图形验证码' });
    expect(image.getAttribute('src')).toBe(CAPTCHA_IMAGE);
    // Clicking the image draws a new captcha.
    await user.click(image);
    await waitFor(() => expect(api.captchaFetches()).toBe(2));

    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('请输入验证码')).toBeTruthy();

    await user.type(screen.getByLabelText('验证码'), 'ab12');
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    await waitFor(() => expect(api.logins).toHaveLength(2));
    expect(api.logins[1]).toMatchObject({ captchaId: 'captcha-2', captchaCode: 'ab12' });
    expect((await screen.findByRole('alert')).textContent).toContain('账号或密码错误');
    await waitFor(() => expect(api.captchaFetches()).toBe(3));
  });

  it('tells a locked account (10021) in the prompt', async () => {
    mockLoginApi(() => failure(429, 10021, '登录失败次数过多，账号已被临时锁定，请稍后再试'));
    const { user } = renderRoute('/login');
    await fillAndSubmit(user);
    expect((await screen.findByRole('alert')).textContent).toContain('账号已被临时锁定');
  });

  it('retries once with a fresh key when the payload is stale (10022), without telling anyone', async () => {
    let attempt = 0;
    const api = mockLoginApi(() => {
      attempt += 1;
      return attempt === 1 ? failure(400, 10022, '登录请求已失效，请刷新页面后重试') : loginResult();
    });
    const { user, location } = renderRoute('/login');
    await fillAndSubmit(user);
    await waitFor(() => expect(location()).toBe('/userCenter/uCenter'));
    expect(api.logins).toHaveLength(2);
    expect(api.keyFetches()).toBe(2);
    expect(openField(api.logins[1]?.logValue ?? '').n).not.toBe(openField(api.logins[0]?.logValue ?? '').n);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('login variants', () => {
  it('business-handling sends the chosen role as loginRoleType', async () => {
    const api = mockLoginApi(loginResult, 'business-handling');
    const { user } = renderRoute('/login');
    expect(await screen.findByRole('heading', { name: '业务办理登录' })).toBeTruthy();
    await user.click(await screen.findByRole('tab', { name: '个人用户' }));
    await fillAndSubmit(user);
    await waitFor(() => expect(api.logins).toHaveLength(1));
    expect(api.logins[0]?.loginRoleType).toBe('P');
  });

  it('public-service shows its own portal layout', async () => {
    mockLoginApi(loginResult, 'public-service');
    renderRoute('/');
    expect(await screen.findByRole('heading', { name: '公共服务登录' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '建设工程交易平台' })).toBeTruthy();
  });

  it('plain shows the ordinary login', async () => {
    mockLoginApi(loginResult, 'plain');
    renderRoute('/login');
    expect(await screen.findByRole('heading', { name: '用户登录' })).toBeTruthy();
  });
});
