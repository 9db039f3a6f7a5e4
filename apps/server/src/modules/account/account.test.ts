import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  codeIn,
  createUser,
  lastSmsText,
  loginAs,
  loginBody,
  seal,
  uniquePhone,
  useTestApp,
} from '../../../test/helper.ts';
import { enterprises, smsCodes, users } from '../../db/schema/identity.ts';

const getApp = useTestApp({ SMS_RESEND_SECONDS: '0' });

const post = (url: string, payload: object) => getApp().inject({ method: 'POST', url, payload });

/** Sends a registration code to a fresh phone and reads it from the local provider's outbox. */
async function registrationCode() {
  const phone = uniquePhone();
  const sent = await post('/ks/common/register/phone-code', { phone });
  expect(sent.json()).toMatchObject({ code: 200, message: '验证码已发送' });
  return { phone, smsCode: codeIn(await lastSmsText(getApp(), phone)) };
}

let serial = 0;
async function enterpriseRegistration(overrides: Record<string, unknown> = {}) {
  const { phone, smsCode } = await registrationCode();
  serial += 1;
  return {
    enterpriseName: `测试建设有限公司${serial}`,
    creditCode: creditCodeFor(serial),
    enterpriseType: '施工企业',
    account: `ent_${Date.now().toString(36)}${serial}`,
    contactName: '张三',
    phone,
    smsCode,
    ...(await seal(getApp(), { passWord: 'Regist3r99' })),
    ...overrides,
  };
}

/** Builds a valid unified social credit code (check character included) from a serial number. */
function creditCodeFor(n: number): string {
  const chars = '0123456789ABCDEFGHJKLMNPQRTUWXY';
  const weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  const base = `91320100MA${String(Date.now() % 1e5).padStart(5, '0')}${String(n % 100).padStart(2, '0')}`;
  const sum = weights.reduce((acc, w, i) => acc + chars.indexOf(base[i] as string) * w, 0);
  return base + chars[(31 - (sum % 31)) % 31];
}

const activationCodeIn = (text: string) => /activationCode=([0-9a-f]{32})/.exec(text)?.[1] ?? '';

describe('enterprise registration and activation', () => {
  it('registers an inactive enterprise account, activates it from the SMS link, then it logs in', async () => {
    const app = getApp();
    const body = await enterpriseRegistration();
    const verify = await post('/ks/common/register/enterprise-verify', {
      enterpriseName: body.enterpriseName,
      creditCode: body.creditCode,
    });
    expect(verify.json().data).toEqual({ registered: false });

    const registered = await post('/ks/common/register/registration', body);
    expect(registered.json()).toMatchObject({
      code: 200,
      message: '注册成功，激活链接已发送至您的手机',
      data: { activationRequired: true },
    });
    expect(registered.json().data.userCode).toMatch(/^U/);

    const notYet = await post('/ks/common/login', await loginBody(app, body.account, 'Regist3r99'));
    expect(notYet.json().message).toBe('账号未激活，请先激活账号');

    const activationCode = activationCodeIn(await lastSmsText(app, body.phone));
    const check = await app.inject({
      method: 'GET',
      url: `/ks/common/activate/verify?activationCode=${activationCode}`,
    });
    expect(check.json().data).toMatchObject({ account: body.account, userName: '张三' });
    expect((await post('/ks/common/activate', { activationCode })).json()).toMatchObject({
      code: 200,
      message: '账号已激活，请登录',
    });
    expect((await post('/ks/common/activate', { activationCode })).json().message).toBe(
      '账号已激活，请直接登录',
    );

    const { headers } = await loginAs(app, { account: body.account, password: 'Regist3r99' });
    const info = await app.inject({ method: 'GET', url: '/ks/individual/user-info', headers });
    expect(info.json().data).toMatchObject({
      loginRoleType: 'U',
      enterprise: { name: body.enterpriseName, creditCode: body.creditCode, enterpriseType: '施工企业' },
    });

    const again = await post('/ks/common/register/enterprise-verify', {
      enterpriseName: body.enterpriseName,
      creditCode: body.creditCode,
    });
    expect(again.json().data).toEqual({ registered: true });
  });

  it.each([
    [
      'a credit code with a wrong check character',
      { creditCode: '91320100MA1KS2026X' },
      'creditCode',
      '请输入正确的统一社会信用代码',
    ],
    ['a malformed phone', { phone: '12345' }, 'phone', '请输入正确的手机号码'],
    [
      'an account starting with a digit',
      { account: '9abc' },
      'account',
      '账号须以字母开头，由4到30位字母、数字或下划线组成',
    ],
    ['an unknown enterprise type', { enterpriseType: '外星企业' }, 'enterpriseType', '请选择企业类型'],
    ['a 5-digit SMS code', { smsCode: '12345' }, 'smsCode', '请输入6位短信验证码'],
  ])('rejects %s with its message and creates nothing', async (_case, override, field, message) => {
    const app = getApp();
    const body = await enterpriseRegistration(override);
    const response = await post('/ks/common/register/registration', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().data[field]).toBe(message);
    expect(await app.db.select().from(users).where(eq(users.phone, body.phone))).toHaveLength(0);
  });

  it('rejects a wrong SMS code and refuses even the right one after 5 wrong tries', async () => {
    const app = getApp();
    const body = await enterpriseRegistration();
    const wrong = body.smsCode === '000000' ? '111111' : '000000';
    // Each attempt is sealed anew: the browser seals every request, and a re-sent body is a replay.
    const attempt = async (smsCode: string) =>
      post('/ks/common/register/registration', {
        ...body,
        smsCode,
        ...(await seal(app, { passWord: 'Regist3r99' })),
      });
    const first = await attempt(wrong);
    expect(first.json()).toMatchObject({ code: 400, message: '验证码错误', data: { smsCode: '验证码错误' } });
    for (let i = 0; i < 4; i++) await attempt(wrong);
    expect((await attempt(body.smsCode)).json().message).toBe('验证码错误次数过多，请重新获取');
    expect(
      await app.db.select().from(enterprises).where(eq(enterprises.creditCode, body.creditCode)),
    ).toHaveLength(0);
  });

  it('rejects a weak password, a taken account, a registered phone and a registered enterprise', async () => {
    const app = getApp();
    const existing = await createUser(app, 'P');
    const weak = await enterpriseRegistration(await seal(app, { passWord: 'short1' }));
    expect((await post('/ks/common/register/registration', weak)).json().data).toEqual({
      passWord: '密码长度为8到20位',
    });

    const taken = await enterpriseRegistration({ account: existing.account });
    expect((await post('/ks/common/register/registration', taken)).json().message).toBe('该账号已被使用');

    const body = await enterpriseRegistration();
    expect((await post('/ks/common/register/registration', body)).json().code).toBe(200);
    const samePhone = { ...(await enterpriseRegistration()), phone: body.phone };
    expect((await post('/ks/common/register/registration', samePhone)).json().message).toBe('该手机号已注册');

    const sameEnterprise = await enterpriseRegistration({ creditCode: body.creditCode });
    const conflict = await post('/ks/common/register/registration', sameEnterprise);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().message).toBe('该统一社会信用代码的企业已注册，请直接登录或联系企业管理员');
  });

  it('uses an SMS code once only', async () => {
    const app = getApp();
    const body = await enterpriseRegistration();
    expect((await post('/ks/common/register/registration', body)).json().code).toBe(200);
    const reuse = await post('/ks/common/register/registration', {
      ...(await enterpriseRegistration()),
      phone: body.phone,
      smsCode: body.smsCode,
      account: `${body.account}x`,
    });
    expect(reuse.json().code).toBe(400);
    const rows = await app.db.select().from(smsCodes).where(eq(smsCodes.phone, body.phone));
    expect(rows.every((r) => r.usedAt !== null)).toBe(true);
  });

  it('rejects an unknown activation code', async () => {
    const response = await getApp().inject({
      method: 'GET',
      url: `/ks/common/activate/verify?activationCode=${'a'.repeat(32)}`,
    });
    expect(response.json()).toMatchObject({ code: 400, message: '激活链接无效或已过期，请联系管理员' });
    const malformed = await post('/ks/common/activate', { activationCode: 'short' });
    expect(malformed.json().message).toBe('激活码无效');
  });
});

describe('personnel registration', () => {
  it('registers an inactive personnel account (P)', async () => {
    const app = getApp();
    const { phone, smsCode } = await registrationCode();
    const account = `per_${Date.now().toString(36)}`;
    const response = await post('/ks/common/register/user-register', {
      account,
      userName: '李四',
      phone,
      smsCode,
      ...(await seal(app, { passWord: 'Person4l99' })),
    });
    expect(response.json().data.userCode).toMatch(/^P/);
    const [row] = await app.db.select().from(users).where(eq(users.account, account));
    expect(row).toMatchObject({
      loginRoleType: 'P',
      status: 'inactive',
      userName: '李四',
      enterpriseId: null,
    });
  });
});

describe('SMS codes', () => {
  const getStrictApp = useTestApp({ SMS_RESEND_SECONDS: '60', SMS_DAILY_LIMIT: '2' });

  it('refuses a second code to one phone within the resend interval', async () => {
    const app = getStrictApp();
    const phone = uniquePhone();
    const send = () =>
      app.inject({ method: 'POST', url: '/ks/common/sms/send-sms', payload: { phone, purpose: 'verify' } });
    expect((await send()).json().code).toBe(200);
    const again = await send();
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(/^验证码发送过于频繁，请\d+秒后再试$/);
  });

  it('verify-phone checks a code without using it up, and rejects expired codes', async () => {
    const app = getApp();
    const phone = uniquePhone();
    await post('/ks/common/sms/send-sms', { phone, purpose: 'verify' });
    const smsCode = codeIn(await lastSmsText(app, phone));
    const check = () => post('/ks/common/sms/verify-phone', { phone, smsCode, purpose: 'verify' });
    expect((await check()).json()).toMatchObject({ code: 200, message: '验证通过' });
    expect((await check()).json().code).toBe(200);
    await app.db
      .update(smsCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(smsCodes.phone, phone));
    expect((await check()).json().message).toBe('验证码已失效，请重新获取');
  });

  it('lets only administrators read the local outbox', async () => {
    const app = getApp();
    for (const role of ['D', 'U', 'P'] as const) {
      const { headers } = await loginAs(app, await createUser(app, role));
      const response = await app.inject({ method: 'GET', url: '/ks/admin/sms/outbox', headers });
      expect(response.json().code).toBe(403);
    }
    const { headers } = await loginAs(app, await createUser(app, 'M'));
    const response = await app.inject({ method: 'GET', url: '/ks/admin/sms/outbox?pageSize=5', headers });
    expect(response.json().data.records.length).toBeGreaterThan(0);
    expect(response.json().data.records[0]).toMatchObject({ provider: 'local' });
  });
});

describe('POST /ks/individual/login/reset-secret', () => {
  it('sets a new password with the code sent to the phone and ends every session', async () => {
    const app = getApp();
    const user = await createUser(app, 'U');
    const session = await loginAs(app, user);
    await post('/ks/common/sms/send-sms', { phone: user.phone, purpose: 'reset' });
    const smsCode = codeIn(await lastSmsText(app, user.phone));
    const response = await post('/ks/individual/login/reset-secret', {
      phone: user.phone,
      smsCode,
      ...(await seal(app, { newPassWord: 'Reset2026x' })),
    });
    expect(response.json()).toMatchObject({ code: 200, message: '密码已重置，请使用新密码登录' });
    const old = await app.inject({
      method: 'GET',
      url: '/ks/individual/user-info',
      headers: session.headers,
    });
    expect(old.json().code).toBe(10017);
    await loginAs(app, { account: user.account, password: 'Reset2026x' });
  });

  it('rejects a weak new password before spending the code', async () => {
    const app = getApp();
    const user = await createUser(app, 'U');
    await post('/ks/common/sms/send-sms', { phone: user.phone, purpose: 'reset' });
    const smsCode = codeIn(await lastSmsText(app, user.phone));
    const weak = await post('/ks/individual/login/reset-secret', {
      phone: user.phone,
      smsCode,
      ...(await seal(app, { newPassWord: 'onlyletters' })),
    });
    expect(weak.json().message).toBe('密码须同时包含字母和数字');
    await loginAs(app, user);
  });
});
