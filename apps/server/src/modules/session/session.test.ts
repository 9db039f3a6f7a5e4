import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, loginAs, loginBody, seal, useTestApp } from '../../../test/helper.ts';
import { operationLogs, sessions, users } from '../../db/schema/identity.ts';

const getApp = useTestApp({ LOGIN_CAPTCHA_AFTER: '2', LOGIN_LOCK_AFTER: '4' });

async function postLogin(body: object) {
  return getApp().inject({ method: 'POST', url: '/ks/common/login', payload: body });
}

describe('POST /ks/common/login', () => {
  it.each(['M', 'D', 'U', 'P'] as const)(
    'logs in a %s account and answers token, userCode, codeStatus, practicingStatus',
    async (role) => {
      const app = getApp();
      const user = await createUser(app, role, {
        practicingStatus: [{ region: '江苏省', status: 1, reason: '证书即将到期' }],
      });
      const response = await postLogin(await loginBody(app, user.account, user.password));
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.code).toBe(200);
      expect(body.data).toMatchObject({ userCode: user.userCode, codeStatus: '1' });
      expect(body.data.token).toMatch(/^[\w-]{43}$/);
      expect(body.data.practicingStatus).toEqual({
        abnormal: true,
        practiceDetails: [{ region: '江苏省', status: 1, reason: '证书即将到期' }],
      });

      const info = await app.inject({
        method: 'GET',
        url: '/ks/individual/user-info',
        headers: { authorization: `Bearer ${body.data.token}` },
      });
      const expectedRoles = { M: ['admin'], D: ['developer'], U: ['user'], P: ['user'] }[role];
      expect(info.json().data).toMatchObject({
        id: user.userCode,
        loginRoleType: role,
        roles: expectedRoles,
      });
      expect(info.json().data.phone).toMatch(/^1\d{2}\*{4}\d{4}$/);
    },
  );

  it('logs in by phone number too', async () => {
    const app = getApp();
    const user = await createUser(app, 'P');
    const response = await postLogin(await loginBody(app, user.phone, user.password));
    expect(response.json().code).toBe(200);
  });

  it('stores only the hash of the token', async () => {
    const app = getApp();
    const user = await createUser(app, 'U');
    const { token } = await loginAs(app, user);
    const rows = await app.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).not.toContain(token);
    expect(rows[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('rejects a wrong password with 账号或密码错误 and logs the failure', async () => {
    const app = getApp();
    const user = await createUser(app, 'U');
    const response = await postLogin(await loginBody(app, user.account, 'Wrong1234'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 400, data: { captchaRequired: false } });
    expect(response.json().message).toMatch(/^账号或密码错误/);
    const logs = await app.db.select().from(operationLogs).where(eq(operationLogs.targetId, user.account));
    expect(logs.map((l) => l.result)).toEqual(['账号或密码错误']);
  });

  it('answers an unknown account exactly like a wrong password', async () => {
    const app = getApp();
    const response = await postLogin(await loginBody(app, 'nobody_here', 'Whatever12'));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^账号或密码错误/);
  });

  it('rejects an inactive account with 账号未激活 and a disabled one with 账号已被停用', async () => {
    const app = getApp();
    const inactive = await createUser(app, 'P', { status: 'inactive' });
    const disabled = await createUser(app, 'P', { status: 'disabled' });
    expect((await postLogin(await loginBody(app, inactive.account, inactive.password))).json().message).toBe(
      '账号未激活，请先激活账号',
    );
    const response = await postLogin(await loginBody(app, disabled.account, disabled.password));
    expect(response.json()).toMatchObject({ code: 403, message: '账号已被停用，请联系管理员' });
  });

  it('refuses a role the account does not have when the login page asks for one', async () => {
    const app = getApp();
    const user = await createUser(app, 'P');
    const response = await postLogin(
      await loginBody(app, user.account, user.password, { loginRoleType: 'M' }),
    );
    expect(response.json().message).toBe('该账号不能以所选身份登录，请切换登录方式');
  });

  it('refuses a tampered ciphertext with 10022 and counts no failure', async () => {
    const app = getApp();
    const user = await createUser(app, 'U');
    const body = await loginBody(app, user.account, user.password);
    const bytes = Buffer.from(body.passWord, 'base64');
    bytes[10] = (bytes[10] ?? 0) ^ 0xff;
    const response = await postLogin({ ...body, passWord: bytes.toString('base64') });
    expect(response.json()).toMatchObject({ code: 10022, message: '登录请求已失效，请刷新页面后重试' });
    expect((await postLogin(await loginBody(app, user.account, user.password))).json().code).toBe(200);
  });

  it('refuses a replayed request: the nonce is burnt by the first use', async () => {
    const app = getApp();
    const user = await createUser(app, 'U');
    const body = await loginBody(app, user.account, user.password);
    expect((await postLogin(body)).json().code).toBe(200);
    expect((await postLogin(body)).json().code).toBe(10022);
  });

  it('refuses fields sealed with different nonces, a stale timestamp, or an unknown key', async () => {
    const app = getApp();
    const user = await createUser(app, 'U');
    const a = await seal(app, { logValue: user.account });
    const b = await seal(app, { passWord: user.password });
    expect((await postLogin({ ...a, ...b })).json().code).toBe(10022);
    const stale = await seal(
      app,
      { logValue: user.account, passWord: user.password },
      { t: Date.now() - 10 * 60 * 1000 },
    );
    expect((await postLogin(stale)).json().code).toBe(10022);
    const fresh = await loginBody(app, user.account, user.password);
    expect((await postLogin({ ...fresh, keyId: 'login-0' })).json().code).toBe(10022);
  });

  it('answers a body without the sealed fields with a field message', async () => {
    const response = await postLogin({ logValue: '', keyId: 'login-1' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(400);
    expect(response.json().data).toHaveProperty('logValue', '请输入账号和密码');
  });

  it('asks for the image captcha after 2 failures, checks it, then locks the account after 4', async () => {
    const app = getApp();
    const user = await createUser(app, 'U');
    const fail = async (extra: Record<string, string> = {}) =>
      postLogin(await loginBody(app, user.account, 'Wrong1234', extra));

    expect((await fail()).json().data.captchaRequired).toBe(false);
    expect((await fail()).json().data.captchaRequired).toBe(true);

    const withoutCaptcha = await postLogin(await loginBody(app, user.account, user.password));
    expect(withoutCaptcha.json()).toMatchObject({
      code: 10020,
      message: '请输入图形验证码',
      data: { captchaRequired: true },
    });

    const captcha = await app.inject({ method: 'GET', url: '/ks/common/captcha' });
    expect(captcha.json().data.image).toMatch(/^data:image\/svg\+xml;base64,/);
    const wrongCaptcha = await postLogin(
      await loginBody(app, user.account, user.password, {
        captchaId: captcha.json().data.captchaId,
        captchaCode: 'zzzz',
      }),
    );
    expect(wrongCaptcha.json()).toMatchObject({ code: 10020, message: '图形验证码错误，请重新输入' });

    // The answer is kept only as a hash; a test reads it by solving nothing: it plants a known one.
    const { createHash } = await import('node:crypto');
    const { captchas } = await import('../../db/schema/identity.ts');
    const planted = async () => {
      const [row] = await app.db
        .insert(captchas)
        .values({
          answerHash: createHash('sha256').update('ab12').digest('hex'),
          expiresAt: new Date(Date.now() + 60000),
        })
        .returning();
      return { captchaId: row?.id ?? '', captchaCode: 'AB12' };
    };
    expect((await fail(await planted())).json().code).toBe(400);
    const locked = await fail(await planted());
    expect(locked.statusCode).toBe(423);
    expect(locked.json().code).toBe(10021);
    expect(locked.json().message).toMatch(/^登录失败次数过多，账号已被临时锁定，请15分钟后再试$/);

    // Locked: even the right password is refused until the lock ends.
    const whileLocked = await postLogin(await loginBody(app, user.account, user.password, await planted()));
    expect(whileLocked.json().code).toBe(10021);
  });

  it('clears the failure count after a successful login', async () => {
    const app = getApp();
    const user = await createUser(app, 'U');
    await postLogin(await loginBody(app, user.account, 'Wrong1234'));
    await loginAs(app, user);
    const again = await postLogin(await loginBody(app, user.account, 'Wrong1234'));
    expect(again.json().data.captchaRequired).toBe(false);
  });
});

describe('session codes', () => {
  it('answers 10000 without a token, with an unknown token, and after logout', async () => {
    const app = getApp();
    const none = await app.inject({ method: 'GET', url: '/ks/individual/user-info' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 10000, message: '未登录或登录已失效，请重新登录' });
    const unknown = await app.inject({
      method: 'GET',
      url: '/ks/individual/user-info',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(unknown.json().code).toBe(10000);

    const user = await createUser(app, 'P');
    const { headers } = await loginAs(app, user);
    const logout = await app.inject({ method: 'GET', url: '/ks/common/logout', headers });
    expect(logout.json()).toMatchObject({ code: 200, message: '已退出登录' });
    expect((await app.inject({ method: 'GET', url: '/ks/individual/user-info', headers })).json().code).toBe(
      10000,
    );
  });

  it.each([
    ['M', '/system/pageConfig'],
    ['D', '/system/allSystem'],
    ['U', '/system/pageConfig'],
    ['P', '/userCenter/uCenter'],
  ] as const)('lands role %s on %s: the home URL, but for developers and personnel', async (role, home) => {
    const app = getApp();
    const { headers } = await loginAs(app, await createUser(app, role));
    const response = await app.inject({ method: 'GET', url: '/ks/individual/user-info', headers });
    expect(response.json().data.homeUrl).toBe(home);
  });

  it('answers 10001 once the session went unused past the idle limit', async () => {
    const app = getApp();
    const user = await createUser(app, 'P');
    const { headers } = await loginAs(app, user);
    await app.db
      .update(sessions)
      .set({ idleExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    const response = await app.inject({ method: 'GET', url: '/ks/individual/user-info', headers });
    expect(response.json()).toMatchObject({ code: 10001, message: '登录已过期，请重新登录' });
  });

  it('slides the idle expiry forward when the session is used', async () => {
    const app = getApp();
    const user = await createUser(app, 'P');
    const { headers } = await loginAs(app, user);
    const soon = new Date(Date.now() + 60 * 1000);
    await app.db
      .update(sessions)
      .set({ idleExpiresAt: soon, lastSeenAt: new Date(Date.now() - 5 * 60 * 1000) })
      .where(eq(sessions.userId, user.id));
    await app.inject({ method: 'GET', url: '/ks/individual/user-info', headers });
    const [row] = await app.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row?.idleExpiresAt.getTime()).toBeGreaterThan(soon.getTime() + 60 * 60 * 1000);
  });

  it('reads a cached session again once its cached idle limit passes: another instance may have slid it', async () => {
    const app = getApp();
    const user = await createUser(app, 'P');
    const { headers } = await loginAs(app, user);
    const userInfo = async () =>
      (await app.inject({ method: 'GET', url: '/ks/individual/user-info', headers })).json().code;
    await app.db
      .update(sessions)
      .set({ idleExpiresAt: new Date(Date.now() + 1500), lastSeenAt: new Date() })
      .where(eq(sessions.userId, user.id));
    expect(await userInfo()).toBe(200); // cached with that idle limit
    // Another instance slides it (no announcement: a slide ends nothing).
    await app.db
      .update(sessions)
      .set({ idleExpiresAt: new Date(Date.now() + 60 * 60 * 1000) })
      .where(eq(sessions.userId, user.id));
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect(await userInfo()).toBe(200);
  });

  it('answers 10001 once a cached session passes its idle limit unused', async () => {
    const app = getApp();
    const user = await createUser(app, 'P');
    const { headers } = await loginAs(app, user);
    await app.db
      .update(sessions)
      .set({ idleExpiresAt: new Date(Date.now() + 1500), lastSeenAt: new Date() })
      .where(eq(sessions.userId, user.id));
    const userInfo = async () =>
      (await app.inject({ method: 'GET', url: '/ks/individual/user-info', headers })).json();
    expect((await userInfo()).code).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect(await userInfo()).toMatchObject({ code: 10001, message: '登录已过期，请重新登录' });
  });

  it('answers 10017 after an administrator ends the sessions, and only administrators may', async () => {
    const app = getApp();
    const admin = await loginAs(app, await createUser(app, 'M'));
    const user = await createUser(app, 'U');
    const victim = await loginAs(app, user);

    const asDeveloper = await loginAs(app, await createUser(app, 'D'));
    const refused = await app.inject({
      method: 'POST',
      url: '/ks/admin/sessions/kick',
      headers: asDeveloper.headers,
      payload: { userCode: user.userCode },
    });
    expect(refused.json()).toMatchObject({ code: 403, message: '无权限访问' });

    const kicked = await app.inject({
      method: 'POST',
      url: '/ks/admin/sessions/kick',
      headers: admin.headers,
      payload: { userCode: user.userCode },
    });
    expect(kicked.json()).toMatchObject({ code: 200, data: { ended: 1 } });
    const after = await app.inject({
      method: 'GET',
      url: '/ks/individual/user-info',
      headers: victim.headers,
    });
    expect(after.json().code).toBe(10017);

    const missing = await app.inject({
      method: 'POST',
      url: '/ks/admin/sessions/kick',
      headers: admin.headers,
      payload: { userCode: 'NOPE' },
    });
    expect(missing.json()).toMatchObject({ code: 404, message: '用户不存在' });
  });

  it('answers 10017 once the password was changed', async () => {
    const app = getApp();
    const user = await createUser(app, 'U');
    const first = await loginAs(app, user);
    const second = await loginAs(app, user);
    const change = await app.inject({
      method: 'PUT',
      url: '/ks/individual/login/update-secret',
      headers: first.headers,
      payload: await seal(app, { oldPassWord: user.password, newPassWord: 'NewSecret42' }),
    });
    expect(change.json()).toMatchObject({ code: 200, message: '密码修改成功，请重新登录' });
    for (const session of [first, second]) {
      const response = await app.inject({
        method: 'GET',
        url: '/ks/individual/user-info',
        headers: session.headers,
      });
      expect(response.json().code).toBe(10017);
    }
    await loginAs(app, { account: user.account, password: 'NewSecret42' });
  });
});

describe('single-session mode', () => {
  const getSingleApp = useTestApp({ SESSION_SINGLE: 'true' });

  it('answers 10017 to the older session after a login on another device', async () => {
    const app = getSingleApp();
    const user = await createUser(app, 'U');
    const older = await loginAs(app, user);
    const newer = await loginAs(app, user);
    expect(
      (await app.inject({ method: 'GET', url: '/ks/individual/user-info', headers: older.headers })).json()
        .code,
    ).toBe(10017);
    expect(
      (await app.inject({ method: 'GET', url: '/ks/individual/user-info', headers: newer.headers })).json()
        .code,
    ).toBe(200);
  });
});

describe('PUT /ks/individual/login/update-secret', () => {
  it.each([
    ['a wrong old password', 'Wrong9999', 'NewSecret42', '原密码错误', 'oldPassWord'],
    ['a short new password', null, 'Ab1', '密码长度为8到20位', 'newPassWord'],
    ['a new password without digits', null, 'abcdefghij', '密码须同时包含字母和数字', 'newPassWord'],
    ['the same password again', null, null, '新密码不能与原密码相同', 'newPassWord'],
  ])('rejects %s and changes nothing', async (_case, oldPassword, newPassword, message, field) => {
    const app = getApp();
    const user = await createUser(app, 'P');
    const { headers } = await loginAs(app, user);
    const [before] = await app.db.select().from(users).where(eq(users.id, user.id));
    const response = await app.inject({
      method: 'PUT',
      url: '/ks/individual/login/update-secret',
      headers,
      payload: await seal(app, {
        oldPassWord: oldPassword ?? user.password,
        newPassWord: newPassword ?? user.password,
      }),
    });
    expect(response.json()).toMatchObject({ code: 400, message, data: { [field]: message } });
    const [after] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(after?.passwordHash).toBe(before?.passwordHash);
    expect((await app.inject({ method: 'GET', url: '/ks/individual/user-info', headers })).json().code).toBe(
      200,
    );
  });
});

describe('/ks/auth/v1/authorization', () => {
  it('check-login answers the expiry of a live token', async () => {
    const app = getApp();
    const { headers } = await loginAs(app, await createUser(app, 'D'));
    const response = await app.inject({
      method: 'GET',
      url: '/ks/auth/v1/authorization/check-login',
      headers,
    });
    expect(response.json().data.valid).toBe(true);
    expect(new Date(response.json().data.expiresAt).getTime()).toBeGreaterThan(Date.now());
  });

  it('refresh issues a new token and retires the old one with 10000', async () => {
    const app = getApp();
    const old = await loginAs(app, await createUser(app, 'D'));
    const response = await app.inject({
      method: 'POST',
      url: '/ks/auth/v1/authorization/refresh',
      headers: old.headers,
    });
    const { token } = response.json().data;
    expect(token).not.toBe(old.token);
    const fresh = await app.inject({
      method: 'GET',
      url: '/ks/individual/user-info',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(fresh.json().code).toBe(200);
    expect(
      (await app.inject({ method: 'GET', url: '/ks/individual/user-info', headers: old.headers })).json()
        .code,
    ).toBe(10000);
  });
});

describe('login rate limit', () => {
  const getLimitedApp = useTestApp({ LOGIN_RATE_PER_MINUTE: '3' });

  it('answers 429 操作过于频繁 past the per-minute limit of one address', async () => {
    const app = getLimitedApp();
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await app.inject({ method: 'POST', url: '/ks/common/login', payload: { keyId: 'x' } });
      codes.push(response.json().code);
    }
    expect(codes).toEqual([400, 400, 400, 429]);
    const last = await app.inject({ method: 'POST', url: '/ks/common/login', payload: {} });
    expect(last.statusCode).toBe(429);
    expect(last.json().message).toBe('操作过于频繁，请稍后再试');
  });
});
