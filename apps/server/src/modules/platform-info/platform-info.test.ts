import { describe, expect, it } from 'vitest';
import { createUser, loginAs, useTestApp } from '../../../test/helper.ts';

const getApp = useTestApp({
  LOGIN_VARIANT: 'business-handling',
  DEPLOYMENT_TYPE: 'province',
  SUPPORT_CHANNEL_KEY: 'kf-1',
  BID_HALL_URL: 'https://hall.example.test/open',
});

const current = async () =>
  (await getApp().inject({ method: 'GET', url: '/ks/common/platform-info' })).json().data;

describe('GET /ks/common/platform-info', () => {
  it('answers without a session, with the server version', async () => {
    const info = await current();
    expect(info.platformName).toBe('KS建设工程与公共资源交易平台');
    expect(info.version).toMatch(/^\d+\.\d+\.\d+$/);
  });
});

describe('GET /ks/common/deploy-config', () => {
  it('answers the deployment configuration from the environment', async () => {
    const response = await getApp().inject({ method: 'GET', url: '/ks/common/deploy-config' });
    expect(response.json().data).toEqual({
      loginVariant: 'business-handling',
      deploymentType: 'province',
      supportChannelKey: 'kf-1',
      bidHallUrl: 'https://hall.example.test/open',
    });
  });
});

describe('PUT /ks/common/platform-info', () => {
  const edit = (revision: number, overrides: object = {}) => ({
    platformName: '某市公共资源交易平台',
    describe: '<p>主办：某市公共资源交易中心</p><script>alert(1)</script><a href="javascript:alert(1)">x</a>',
    filingsCoding: '苏ICP备12345678号',
    supportPhone: '025-12345678',
    revision,
    ...overrides,
  });

  it('lets an administrator edit it, sanitising the describe HTML', async () => {
    const app = getApp();
    const { headers } = await loginAs(app, await createUser(app, 'M'));
    const before = await current();
    const response = await app.inject({
      method: 'PUT',
      url: '/ks/common/platform-info',
      headers,
      payload: edit(before.revision),
    });
    expect(response.json()).toMatchObject({ code: 200, message: '保存成功' });
    const after = await current();
    expect(after).toMatchObject({
      platformName: '某市公共资源交易平台',
      filingsCoding: '苏ICP备12345678号',
      revision: before.revision + 1,
    });
    expect(after.describe).toBe('<p>主办：某市公共资源交易中心</p><a rel="noopener noreferrer">x</a>');
  });

  it('refuses a stale revision with 409 and changes nothing', async () => {
    const app = getApp();
    const { headers } = await loginAs(app, await createUser(app, 'M'));
    const before = await current();
    const response = await app.inject({
      method: 'PUT',
      url: '/ks/common/platform-info',
      headers,
      payload: edit(before.revision - 1, { platformName: '不应保存' }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('数据已被他人修改，请刷新后重试');
    expect(await current()).toEqual(before);
  });

  it('refuses an empty name with 请输入平台名称', async () => {
    const app = getApp();
    const { headers } = await loginAs(app, await createUser(app, 'M'));
    const before = await current();
    const response = await app.inject({
      method: 'PUT',
      url: '/ks/common/platform-info',
      headers,
      payload: edit(before.revision, { platformName: '  ' }),
    });
    expect(response.json()).toMatchObject({
      code: 400,
      message: '请输入平台名称',
      data: { platformName: '请输入平台名称' },
    });
  });

  it.each(['D', 'U', 'P'] as const)('refuses role %s with 403', async (role) => {
    const app = getApp();
    const { headers } = await loginAs(app, await createUser(app, role));
    const before = await current();
    const response = await app.inject({
      method: 'PUT',
      url: '/ks/common/platform-info',
      headers,
      payload: edit(before.revision),
    });
    expect(response.statusCode).toBe(403);
    expect(await current()).toEqual(before);
  });
});

describe('PUT /ks/common/platform-info: field rules', () => {
  const save = async (overrides: object) => {
    const app = getApp();
    const { headers } = await loginAs(app, await createUser(app, 'M'));
    const before = await current();
    const response = await app.inject({
      method: 'PUT',
      url: '/ks/common/platform-info',
      headers,
      payload: {
        platformName: before.platformName,
        describe: before.describe,
        filingsCoding: before.filingsCoding,
        supportPhone: before.supportPhone,
        revision: before.revision,
        ...overrides,
      },
    });
    return { response, before };
  };

  it.each([
    '025-12345678',
    '0571-8765432',
    '13800000000',
    '400-123-4567',
    '4001234567',
    '12345',
    '+86 13800000000',
    '025-12345678-801',
    '025-12345678转801',
    '',
  ])('takes the support phone %j', async (supportPhone) => {
    const { response } = await save({ supportPhone });
    expect(response.json()).toMatchObject({ code: 200, data: { supportPhone } });
  });

  it.each([
    ['supportPhone', 'call us', '技术支持电话格式不正确，例如 025-12345678、13800000000 或 400-123-4567'],
    ['supportPhone', '025-1234', '技术支持电话格式不正确，例如 025-12345678、13800000000 或 400-123-4567'],
    ['supportPhone', '1380000000012345678901234567890', '技术支持电话不能超过30个字符'],
    // Control characters other than tab and line breaks meet the platform's input guard first
    // (every route, decision 0023); a line break in a one-line field meets the field's own rule.
    ['supportPhone', '025-1234\u000b5678', '不能包含控制字符'],
    ['platformName', '平台\u0000名称', '不能包含控制字符'],
    ['platformName', '平'.repeat(61), '平台名称不能超过60个字符'],
    ['filingsCoding', '苏ICP备\n12345678号', '备案号不能包含控制字符'],
    ['filingsCoding', '备'.repeat(61), '备案号不能超过60个字符'],
    ['describe', '<p>a\u0007b</p>', '不能包含控制字符'],
  ])('refuses %s %j with %s and changes nothing', async (field, value, message) => {
    const { response, before } = await save({ [field]: value });
    expect(response.json()).toMatchObject({ code: 400, message, data: { [field]: message } });
    expect(await current()).toEqual(before);
  });

  it('keeps line breaks in the describe HTML', async () => {
    const { response } = await save({ describe: '<p>主办：某市\n公共资源交易中心</p>' });
    expect(response.json().code).toBe(200);
  });
});
