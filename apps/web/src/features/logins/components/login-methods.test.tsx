import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '@/lib/session-store.ts';
import { makeDeployConfig, makeKeyPair, makePlatformInfo, makeUserInfo } from '@/test/factories.ts';
import { failure, type MockAnswer, type MockHandler, mockFetch, ok } from '@/test/fetch-mock.ts';
import { renderRoute } from '@/test/render-route.tsx';
import { renderWidget } from '@/test/render-widget.tsx';
import { LocalScanPanel, WechatLoginPanel } from './wechat-login-panel.tsx';

const LOGIN = {
  token: 'token-sms',
  userCode: 'U123',
  codeStatus: '1',
  practicingStatus: { abnormal: false, practiceDetails: [] },
  expiresAt: '2099-01-01T00:00:00Z',
};

function mockLoginPage(routes: Record<string, MockHandler | MockAnswer>) {
  const calls: { key: string; body: unknown }[] = [];
  mockFetch({
    'GET /ks/common/deploy-config': ok(makeDeployConfig({ loginVariant: 'plain' })),
    'GET /ks/common/platform-info': ok(makePlatformInfo()),
    'GET /ks/individual/user-info': ok(makeUserInfo({ homeUrl: '/userCenter/uCenter' })),
    ...Object.fromEntries(
      Object.entries(routes).map(([key, answer]): [string, MockHandler] => [
        key,
        async (request) => {
          calls.push({ key, body: request.body });
          return typeof answer === 'function' ? answer(request) : answer;
        },
      ]),
    ),
  });
  return (key: string) => calls.filter((call) => call.key === key).map((call) => call.body);
}

type User = ReturnType<typeof renderRoute>['user'];

async function fillSms(user: User, code = '246810') {
  await user.click(await screen.findByRole('tab', { name: '短信登录' }));
  await user.type(await screen.findByLabelText('手机号'), '13800138000');
  await user.click(screen.getByRole('button', { name: '获取验证码' }));
  expect(await screen.findByText('如该手机号已绑定账号，验证码已发送')).toBeTruthy();
  await user.type(screen.getByLabelText('短信验证码'), code);
  await user.click(screen.getByRole('button', { name: /登\s*录/ }));
}

describe('login methods on the login page', () => {
  it('offers 账号登录, 短信登录 and 微信扫码, the password form first', async () => {
    mockLoginPage({});
    renderRoute('/login');
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['账号登录', '短信登录', '微信扫码']);
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByLabelText('账号')).toBeTruthy();
  });

  it('keeps the business-handling variant to its role tabs', async () => {
    mockFetch({
      'GET /ks/common/deploy-config': ok(makeDeployConfig({ loginVariant: 'business-handling' })),
      'GET /ks/common/platform-info': ok(makePlatformInfo()),
    });
    renderRoute('/login');
    expect(await screen.findByRole('heading', { name: '业务办理登录' })).toBeTruthy();
    expect(await screen.findByLabelText('账号')).toBeTruthy();
    expect(screen.queryByRole('tab', { name: '短信登录' })).toBeNull();
  });

  it('signs in by SMS and enters the session like a password login', async () => {
    const callsTo = mockLoginPage({
      'POST /ks/common/login/phone/send-sms': ok(null),
      'POST /ks/common/login/phone': ok(LOGIN),
    });
    const { user, location } = renderRoute('/login');
    await fillSms(user);
    expect(await screen.findByRole('heading', { name: '个人中心' })).toBeTruthy();
    expect(location()).toBe('/userCenter/uCenter');
    expect(callsTo('POST /ks/common/login/phone/send-sms')).toEqual([{ phone: '13800138000' }]);
    expect(callsTo('POST /ks/common/login/phone')).toEqual([{ phone: '13800138000', smsCode: '246810' }]);
    expect(useSessionStore.getState().token).toBe('token-sms');
  });

  it('shows a wrong code under its field, and a refusal without a field in the prompt', async () => {
    let answer: MockAnswer = failure(400, 400, '验证码错误', { smsCode: '验证码错误' });
    mockLoginPage({
      'POST /ks/common/login/phone/send-sms': ok(null),
      'POST /ks/common/login/phone': () => answer,
    });
    const { user, location } = renderRoute('/login');
    await fillSms(user, '000000');
    expect(await screen.findByText('验证码错误')).toBeTruthy();
    expect(location()).toBe('/login');

    answer = failure(403, 403, '账号已被停用，请联系管理员');
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('账号已被停用，请联系管理员')).toBeTruthy();
    expect(useSessionStore.getState().token).toBeFalsy();
  });

  it('checks the phone before asking for a code', async () => {
    const callsTo = mockLoginPage({});
    const { user } = renderRoute('/login');
    await user.click(await screen.findByRole('tab', { name: '短信登录' }));
    await user.type(await screen.findByLabelText('手机号'), '12345');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('请输入正确的手机号码')).toBeTruthy();
    expect(callsTo('POST /ks/common/login/phone/send-sms')).toHaveLength(0);
  });

  it("resumes the WeChat login when WeChat's callback comes back to /login", async () => {
    const callsTo = mockLoginPage({
      'POST /ks/common/wechat/scan-status': ok({ status: 'signedIn', message: '登录成功', login: LOGIN }),
    });
    const { location } = renderRoute('/login?wechatState=state-0123456789abcdef');
    expect((await screen.findByRole('tab', { name: '微信扫码' })).getAttribute('aria-selected')).toBe('true');
    // The real poll runs every two seconds.
    expect(await screen.findByRole('heading', { name: '个人中心' }, { timeout: 5000 })).toBeTruthy();
    expect(location()).toBe('/userCenter/uCenter');
    expect(callsTo('POST /ks/common/wechat/scan-status')).toEqual([{ state: 'state-0123456789abcdef' }]);
  }, 15000);

  it('opens the WeChat tab with the local provider, which says it is not WeChat', async () => {
    mockLoginPage({
      'GET /ks/common/wechat/qr-code': ok({
        state: 'state-0123456789abcdef',
        qrUrl: 'http://localhost:8080/login?wechatLocalState=state-0123456789abcdef',
        provider: 'local',
        providerLabel: '本地模拟（非真实微信，仅供开发测试）',
        expiresAt: '2099-01-01T00:05:00Z',
      }),
      'POST /ks/common/wechat/scan-status': ok({
        status: 'waiting',
        message: '请使用微信扫描二维码',
        login: null,
      }),
    });
    const { user } = renderRoute('/login');
    await user.click(await screen.findByRole('tab', { name: '微信扫码' }));
    expect(await screen.findByText('本地模拟（非真实微信，仅供开发测试）')).toBeTruthy();
    expect(screen.getByRole('link', { name: '打开本地模拟扫码页' }).getAttribute('href')).toContain(
      'wechatLocalState=state-0123456789abcdef',
    );
  });
});

describe('binding a first scan by password', () => {
  it('logs in with the password form, then binds the scanned identity with the new session', async () => {
    const { publicKey } = makeKeyPair();
    const callsTo = mockLoginPage({
      'GET /ks/common/wechat/qr-code': ok(QR),
      'POST /ks/common/wechat/scan-status': ok({
        status: 'unbound',
        message: '该微信尚未绑定账号，请验证手机号后绑定',
        login: null,
      }),
      'GET /ks/common/public-key': ok({ keyId: 'login-1', publicKey, algorithm: 'RSA-OAEP-256' }),
      'POST /ks/common/login': ok({ ...LOGIN, token: 'token-password' }),
      'POST /ks/common/wechat/bind-session': ({ init }) => {
        expect(new Headers(init.headers).get('authorization')).toBe('Bearer token-password');
        return ok(null);
      },
    });
    const { user, location } = renderRoute('/login');
    await user.click(await screen.findByRole('tab', { name: '微信扫码' }));
    // The real poll runs every two seconds.
    await user.click(
      await screen.findByRole('button', { name: '使用账号密码登录后绑定' }, { timeout: 5000 }),
    );
    expect(screen.getByText('登录后将绑定刚才扫码的微信')).toBeTruthy();
    await user.type(await screen.findByLabelText('账号'), 'enterprise');
    await user.type(screen.getByLabelText('密码'), 'Ent2026ks');
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByRole('heading', { name: '个人中心' })).toBeTruthy();
    expect(location()).toBe('/userCenter/uCenter');
    expect(callsTo('POST /ks/common/wechat/bind-session')).toEqual([{ state: QR.state }]);
  }, 15000);
});

const QR = {
  state: 'state-0123456789abcdef',
  qrUrl: 'http://localhost:8080/login?wechatLocalState=state-0123456789abcdef',
  provider: 'local',
  providerLabel: '本地模拟（非真实微信，仅供开发测试）',
  expiresAt: '2099-01-01T00:05:00Z',
};

describe('WeChat QR panel', () => {
  it('polls scan-status and enters the session when signed in', async () => {
    const answers = [
      ok({ status: 'waiting', message: '请使用微信扫描二维码', login: null }),
      ok({ status: 'signedIn', message: '登录成功', login: LOGIN }),
    ];
    const polls: unknown[] = [];
    mockFetch({
      'GET /ks/common/wechat/qr-code': ok(QR),
      'POST /ks/common/wechat/scan-status': ({ body }) => {
        polls.push(body);
        return answers.shift() ?? ok({ status: 'expired', message: '二维码已失效，请刷新', login: null });
      },
    });
    const entered: unknown[] = [];
    renderWidget(
      <WechatLoginPanel onLogin={async (result) => void entered.push(result)} pollMs={20} />,
      '/login',
    );
    await waitFor(() => expect(entered).toEqual([LOGIN]));
    expect(polls[0]).toEqual({ state: QR.state });
  });

  it('binds a first scan after the SMS check', async () => {
    const binds: unknown[] = [];
    mockFetch({
      'GET /ks/common/wechat/qr-code': ok(QR),
      'POST /ks/common/wechat/scan-status': ok({
        status: 'unbound',
        message: '该微信尚未绑定账号，请验证手机号后绑定',
        login: null,
      }),
      'POST /ks/common/login/phone/send-sms': ok(null),
      'POST /ks/common/wechat/bind': ({ body }) => {
        binds.push(body);
        return ok(LOGIN);
      },
    });
    const entered: unknown[] = [];
    const { user } = renderWidget(
      <WechatLoginPanel onLogin={async (result) => void entered.push(result)} pollMs={20} />,
      '/login',
    );
    expect(await screen.findByText('该微信尚未绑定账号，请验证账号绑定的手机号后绑定')).toBeTruthy();
    await user.type(screen.getByLabelText('手机号'), '13800138000');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    await user.type(screen.getByLabelText('短信验证码'), '135790');
    await user.click(screen.getByRole('button', { name: '绑定并登录' }));
    await waitFor(() => expect(entered).toEqual([LOGIN]));
    expect(binds).toEqual([{ state: QR.state, phone: '13800138000', smsCode: '135790' }]);
  });

  it('offers a new code once the old one expired, and shows the callback error', async () => {
    let qrFetches = 0;
    mockFetch({
      'GET /ks/common/wechat/qr-code': () => {
        qrFetches += 1;
        return ok(QR);
      },
      'POST /ks/common/wechat/scan-status': ok({
        status: 'expired',
        message: '二维码已失效，请刷新',
        login: null,
      }),
    });
    const { user } = renderWidget(
      <WechatLoginPanel onLogin={async () => {}} pollMs={20} callbackError="微信授权已失效，请重新扫码" />,
      '/login',
    );
    expect(screen.getByText('微信授权已失效，请重新扫码')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: '刷新二维码' }));
    await waitFor(() => expect(qrFetches).toBe(2));
  });

  it("sends the browser to WeChat's own QR page under the wechat provider", async () => {
    const qrconnect =
      'https://open.weixin.qq.com/connect/qrconnect?appid=wx1&redirect_uri=x&response_type=code&scope=snsapi_login&state=s#wechat_redirect';
    mockFetch({
      'GET /ks/common/wechat/qr-code': ok({
        ...QR,
        provider: 'wechat',
        providerLabel: '微信开放平台',
        qrUrl: qrconnect,
      }),
      'POST /ks/common/wechat/scan-status': ok({
        status: 'waiting',
        message: '请使用微信扫描二维码',
        login: null,
      }),
    });
    renderWidget(<WechatLoginPanel onLogin={async () => {}} pollMs={20} />, '/login');
    const open = await screen.findByRole('link', { name: '打开微信扫码页' });
    expect(open.getAttribute('href')).toBe(qrconnect);
    expect(screen.queryByText(/非真实微信/)).toBeNull();
  });

  it("lets a developer scan as a chosen identity on the local provider's page", async () => {
    const scans: unknown[] = [];
    mockFetch({
      'POST /ks/common/wechat/local-scan': ({ body }) => {
        scans.push(body);
        return ok(null);
      },
    });
    const { user } = renderWidget(<LocalScanPanel state={QR.state} />, '/login');
    expect(screen.getByText('本地模拟扫码（非真实微信，仅供开发测试）')).toBeTruthy();
    const identity = screen.getByLabelText('模拟微信身份');
    await user.clear(identity);
    await user.type(identity, '中文');
    await user.click(screen.getByRole('button', { name: '确认扫码' }));
    expect(await screen.findByText('模拟身份须为2到40位字母、数字、下划线或短横线')).toBeTruthy();
    await user.clear(identity);
    await user.type(identity, 'dev2');
    await user.click(screen.getByRole('button', { name: '确认扫码' }));
    expect(await screen.findByText('已扫码，请回到显示二维码的页面继续')).toBeTruthy();
    expect(scans).toEqual([{ state: QR.state, identity: 'dev2' }]);
  });
});
