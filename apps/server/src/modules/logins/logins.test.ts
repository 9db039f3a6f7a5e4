import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { codeIn, createUser, lastSmsText, loginAs, uniquePhone, useTestApp } from '../../../test/helper.ts';
import { operationLogs, smsOutbox, users } from '../../db/schema/identity.ts';
import { wechatBindings } from '../../db/schema/logins.ts';
import { LOGINS_MODULE } from './index.ts';

const getApp = useTestApp({ SMS_RESEND_SECONDS: '0' });

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  getApp().inject({ method: 'POST', url, payload, headers });
const get = (url: string, headers: Record<string, string> = {}) =>
  getApp().inject({ method: 'GET', url, headers });

async function smsLoginCode(phone: string) {
  const sent = await post('/ks/common/login/phone/send-sms', { phone });
  expect(sent.json()).toMatchObject({ code: 200, message: '如该手机号已绑定账号，验证码已发送' });
  return codeIn(await lastSmsText(getApp(), phone));
}

async function sessionWorks(token: string) {
  const info = await getApp().inject({
    method: 'GET',
    url: '/ks/individual/user-info',
    headers: { authorization: `Bearer ${token}` },
  });
  return info.statusCode;
}

describe('SMS login', () => {
  it('signs in the account that holds the phone, with the session of a password login', async () => {
    const user = await createUser(getApp(), 'U');
    const smsCode = await smsLoginCode(user.phone);
    expect(smsCode).toMatch(/^\d{6}$/);
    expect(await lastSmsText(getApp(), user.phone)).toContain('短信验证码登录');

    const login = await post('/ks/common/login/phone', { phone: user.phone, smsCode });
    expect(login.json()).toMatchObject({ code: 200, message: '登录成功', data: { userCode: user.userCode } });
    expect(await sessionWorks(login.json().data.token)).toBe(200);

    const logged = await getApp()
      .db.select()
      .from(operationLogs)
      .where(eq(operationLogs.targetId, user.userCode));
    expect(logged.map((row) => row.action)).toContain('登录（短信验证码）');

    // The code is used up.
    const again = await post('/ks/common/login/phone', { phone: user.phone, smsCode });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('验证码已失效，请重新获取');
  });

  it('answers a phone no account holds exactly as one that exists, and sends nothing', async () => {
    const phone = uniquePhone();
    const sent = await post('/ks/common/login/phone/send-sms', { phone });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ code: 200, message: '如该手机号已绑定账号，验证码已发送' });
    const rows = await getApp().db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone));
    expect(rows).toHaveLength(0);
    const login = await post('/ks/common/login/phone', { phone, smsCode: '123456' });
    expect(login.statusCode).toBe(400);
    expect(login.json().message).toBe('验证码已失效，请重新获取');
  });

  it('answers the same when the per-phone limits refuse a send (a 429 would reveal the phone)', async () => {
    const user = await createUser(getApp(), 'U');
    // SMS_DAILY_LIMIT is 10: the eleventh send is refused by the limit, and answered the same.
    for (let i = 0; i < 11; i += 1) {
      const sent = await post('/ks/common/login/phone/send-sms', { phone: user.phone });
      expect(sent.statusCode).toBe(200);
      expect(sent.json().message).toBe('如该手机号已绑定账号，验证码已发送');
    }
    const rows = await getApp().db.select().from(smsOutbox).where(eq(smsOutbox.phone, user.phone));
    expect(rows).toHaveLength(10);
  });

  it('refuses a wrong code, a malformed phone and a malformed code, signing in nobody', async () => {
    const user = await createUser(getApp(), 'P');
    const smsCode = await smsLoginCode(user.phone);
    const wrong = smsCode === '000000' ? '111111' : '000000';
    const refused = await post('/ks/common/login/phone', { phone: user.phone, smsCode: wrong });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: '验证码错误', data: { smsCode: '验证码错误' } });

    const badPhone = await post('/ks/common/login/phone/send-sms', { phone: '12345' });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().message).toContain('请输入正确的手机号码');
    const badCode = await post('/ks/common/login/phone', { phone: user.phone, smsCode: '12' });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().message).toContain('请输入6位短信验证码');

    // The right code still works after one wrong try.
    const login = await post('/ks/common/login/phone', { phone: user.phone, smsCode });
    expect(login.json().code).toBe(200);
  });

  it('refuses a disabled account and an inactive one with their messages', async () => {
    const disabled = await createUser(getApp(), 'U', { status: 'disabled' });
    const refused = await post('/ks/common/login/phone', {
      phone: disabled.phone,
      smsCode: await smsLoginCode(disabled.phone),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('账号已被停用，请联系管理员');

    const inactive = await createUser(getApp(), 'P', { status: 'inactive' });
    const notYet = await post('/ks/common/login/phone', {
      phone: inactive.phone,
      smsCode: await smsLoginCode(inactive.phone),
    });
    expect(notYet.statusCode).toBe(400);
    expect(notYet.json().message).toBe('账号未激活，请先激活账号');
  });

  it('refuses a phone two accounts share, after the code is proven', async () => {
    const phone = uniquePhone();
    await createUser(getApp(), 'U', { phone });
    await createUser(getApp(), 'P', { phone });
    const refused = await post('/ks/common/login/phone', { phone, smsCode: await smsLoginCode(phone) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('该手机号绑定了多个账号，请使用账号密码登录');
  });
});

async function newQr() {
  const qr = await get('/ks/common/wechat/qr-code');
  expect(qr.statusCode).toBe(200);
  return qr.json().data as { state: string; qrUrl: string; provider: string; providerLabel: string };
}

const status = (state: string) => post('/ks/common/wechat/scan-status', { state });

describe('WeChat QR login with the local provider', () => {
  it('says it is local, binds a first scan after the SMS check, signs later scans in directly', async () => {
    const user = await createUser(getApp(), 'U');
    const identity = `dev${Date.now().toString(36)}`;

    const first = await newQr();
    expect(first.provider).toBe('local');
    expect(first.providerLabel).toContain('非真实微信');
    expect(first.qrUrl).toContain(`/login?wechatLocalState=${first.state}`);
    expect((await status(first.state)).json().data).toMatchObject({ status: 'waiting', login: null });

    const scanned = await post('/ks/common/wechat/local-scan', { state: first.state, identity });
    expect(scanned.json()).toMatchObject({ code: 200, message: '已扫码' });
    expect((await status(first.state)).json().data).toMatchObject({
      status: 'unbound',
      message: '该微信尚未绑定账号，请验证手机号后绑定',
      login: null,
    });

    // A wrong code binds nothing.
    const smsCode = await smsLoginCode(user.phone);
    const wrong = await post('/ks/common/wechat/bind', {
      state: first.state,
      phone: user.phone,
      smsCode: smsCode === '000000' ? '111111' : '000000',
    });
    expect(wrong.json().message).toBe('验证码错误');
    expect(
      await getApp().db.select().from(wechatBindings).where(eq(wechatBindings.userId, user.id)),
    ).toHaveLength(0);

    const bound = await post('/ks/common/wechat/bind', { state: first.state, phone: user.phone, smsCode });
    expect(bound.json()).toMatchObject({
      code: 200,
      message: '微信已绑定，登录成功',
      data: { userCode: user.userCode },
    });
    expect(await sessionWorks(bound.json().data.token)).toBe(200);
    // The attempt is used up.
    expect((await status(first.state)).json().data.status).toBe('expired');

    const second = await newQr();
    await post('/ks/common/wechat/local-scan', { state: second.state, identity });
    const signedIn = (await status(second.state)).json().data;
    expect(signedIn).toMatchObject({
      status: 'signedIn',
      message: '登录成功',
      login: { userCode: user.userCode },
    });
    expect(await sessionWorks(signedIn.login.token)).toBe(200);
    // A second poll gets no second session.
    expect((await status(second.state)).json().data).toMatchObject({ status: 'expired', login: null });
    const logged = await getApp()
      .db.select()
      .from(operationLogs)
      .where(eq(operationLogs.targetId, user.userCode));
    expect(logged.map((row) => row.action)).toEqual(expect.arrayContaining(['绑定微信', '登录（微信扫码）']));
  });

  it('refuses an unknown state, a second scan of one code, and a bad identity', async () => {
    expect((await status('x'.repeat(32))).json().data.status).toBe('expired');
    const malformed = await status('bad state!');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain('二维码已失效，请刷新');
    const unknownScan = await post('/ks/common/wechat/local-scan', {
      state: 'y'.repeat(32),
      identity: 'abc',
    });
    expect(unknownScan.json().message).toBe('二维码已失效，请刷新');

    const qr = await newQr();
    const badIdentity = await post('/ks/common/wechat/local-scan', { state: qr.state, identity: '中文' });
    expect(badIdentity.statusCode).toBe(400);
    expect(badIdentity.json().message).toContain('模拟身份须为2到40位');
    await post('/ks/common/wechat/local-scan', { state: qr.state, identity: 'first' });
    const twice = await post('/ks/common/wechat/local-scan', { state: qr.state, identity: 'second' });
    expect(twice.json().message).toBe('二维码已被扫描，请刷新后重试');
  });

  it('takes a local scan only from this machine', async () => {
    const qr = await newQr();
    const remote = await getApp().inject({
      method: 'POST',
      url: '/ks/common/wechat/local-scan',
      payload: { state: qr.state, identity: 'remote1' },
      remoteAddress: '203.0.113.7',
    });
    expect(remote.statusCode).toBe(403);
    expect(remote.json().message).toBe('本地模拟扫码只接受本机的请求');
    expect((await status(qr.state)).json().data.status).toBe('waiting');
  });

  it('refuses binding an unscanned code, and a second WeChat to a bound account', async () => {
    const user = await createUser(getApp(), 'P');
    const unscanned = await newQr();
    const early = await post('/ks/common/wechat/bind', {
      state: unscanned.state,
      phone: user.phone,
      smsCode: '123456',
    });
    expect(early.json().message).toBe('二维码已失效，请刷新');

    const one = await newQr();
    await post('/ks/common/wechat/local-scan', { state: one.state, identity: `a${Date.now().toString(36)}` });
    const bound = await post('/ks/common/wechat/bind', {
      state: one.state,
      phone: user.phone,
      smsCode: await smsLoginCode(user.phone),
    });
    expect(bound.json().code).toBe(200);

    const other = await newQr();
    await post('/ks/common/wechat/local-scan', {
      state: other.state,
      identity: `b${Date.now().toString(36)}`,
    });
    const refused = await post('/ks/common/wechat/bind', {
      state: other.state,
      phone: user.phone,
      smsCode: await smsLoginCode(user.phone),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('该账号已绑定其他微信，请先使用账号密码登录后解除绑定');
  });

  it('binds a first scan with the session of a password login instead of an SMS code', async () => {
    const user = await createUser(getApp(), 'P');
    const identity = `p${Date.now().toString(36)}`;
    const qr = await newQr();
    const bindSession = (headers: Record<string, string> = {}) =>
      post('/ks/common/wechat/bind-session', { state: qr.state }, headers);

    const { headers } = await loginAs(getApp(), user);
    const unscanned = await bindSession(headers);
    expect(unscanned.json().message).toBe('二维码已失效，请刷新');

    await post('/ks/common/wechat/local-scan', { state: qr.state, identity });
    const anonymous = await bindSession();
    expect(anonymous.statusCode).toBe(401);
    expect((await status(qr.state)).json().data.status).toBe('unbound');

    const bound = await bindSession(headers);
    expect(bound.json()).toMatchObject({ code: 200, message: '微信已绑定' });
    expect((await bindSession(headers)).json().message).toBe('二维码已失效，请刷新');

    const next = await newQr();
    await post('/ks/common/wechat/local-scan', { state: next.state, identity });
    expect((await status(next.state)).json().data).toMatchObject({
      status: 'signedIn',
      login: { userCode: user.userCode },
    });
  });

  it('refuses a bound but disabled account at the scan', async () => {
    const user = await createUser(getApp(), 'U');
    const identity = `d${Date.now().toString(36)}`;
    const one = await newQr();
    await post('/ks/common/wechat/local-scan', { state: one.state, identity });
    await post('/ks/common/wechat/bind', {
      state: one.state,
      phone: user.phone,
      smsCode: await smsLoginCode(user.phone),
    });
    await getApp().db.update(users).set({ status: 'disabled' }).where(eq(users.id, user.id));
    const two = await newQr();
    await post('/ks/common/wechat/local-scan', { state: two.state, identity });
    const refused = await status(two.state);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('账号已被停用，请联系管理员');
  });

  it('takes the callback back to the login page, with the error when the code is spent', async () => {
    const qr = await newQr();
    const back = await get(`/ks/common/wechat/callback?code=cb${Date.now().toString(36)}&state=${qr.state}`);
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe(`/login?wechatState=${qr.state}`);
    expect((await status(qr.state)).json().data.status).toBe('unbound');
    const again = await get(`/ks/common/wechat/callback?code=other&state=${qr.state}`);
    expect(again.headers.location).toContain('wechatError=');
  });
});

describe('real-name and credit-code checks', () => {
  it('checks the ID number check digit first, then answers through the local provider, which says so', async () => {
    const ok = await post('/ks/auth/v1/authorization/real-name', {
      name: '张三',
      idNumber: '11010519491231002x',
    });
    expect(ok.json()).toMatchObject({ code: 200, data: { matched: true, provider: 'local' } });
    expect(ok.json().data.providerLabel).toContain('未连接权威数据源');

    const badDigit = await post('/ks/auth/v1/authorization/real-name', {
      name: '张三',
      idNumber: '110105194912310021',
    });
    expect(badDigit.statusCode).toBe(400);
    expect(badDigit.json().message).toContain('身份证号码校验位不正确');
    const noName = await post('/ks/auth/v1/authorization/real-name', {
      name: ' ',
      idNumber: '11010519491231002X',
    });
    expect(noName.json().message).toContain('请输入姓名');
  });

  it('checks the credit code check character first', async () => {
    const ok = await post('/ks/auth/v1/authorization/credit-code', {
      enterpriseName: '江苏示范建设有限公司',
      creditCode: '91320100MA1K520269',
    });
    expect(ok.json()).toMatchObject({ code: 200, data: { matched: true, provider: 'local' } });
    const bad = await post('/ks/auth/v1/authorization/credit-code', {
      enterpriseName: '江苏示范建设有限公司',
      creditCode: '91320100MA1K52026X',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('统一社会信用代码校验位不正确');
    const badChars = await post('/ks/auth/v1/authorization/credit-code', {
      enterpriseName: '江苏示范建设有限公司',
      creditCode: '91320100MA1K52026I',
    });
    expect(badChars.json().message).toContain('统一社会信用代码须为18位');
  });
});

describe('demo', () => {
  it('binds the local identity `enterprise` to the demo enterprise, so its scan signs in at once', async () => {
    const user = await createUser(getApp(), 'U');
    const actor = { ...user, userName: '演示企业', enterpriseId: null, sessionId: 'demo' };
    const db = getApp().db;
    await db.transaction(async (tx) => {
      // biome-ignore lint/suspicious/noExplicitAny: the demo reads only db, actors.enterprise and ip.
      await LOGINS_MODULE.demo?.({ db: tx, ip: '127.0.0.1', actors: { enterprise: actor } } as any);
    });
    const qr = await newQr();
    await post('/ks/common/wechat/local-scan', { state: qr.state, identity: 'enterprise' });
    expect((await status(qr.state)).json().data).toMatchObject({
      status: 'signedIn',
      login: { userCode: user.userCode },
    });
  });
});
