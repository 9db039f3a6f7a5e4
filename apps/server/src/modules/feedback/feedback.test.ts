import { describe, expect, it } from 'vitest';
import { createUser, loginAs, useTestApp } from '../../../test/helper.ts';

const getApp = useTestApp();

const send = async (headers: Record<string, string>, payload: unknown) =>
  getApp().inject({ method: 'POST', url: '/ks/feedback/add', headers, payload: payload as object });

describe('POST /ks/feedback/add', () => {
  it('stores a rating, survey answers and text, answering code 200 with the thank-you text', async () => {
    const app = getApp();
    const { headers } = await loginAs(app, await createUser(app, 'U'));
    const response = await send(headers, [
      { evaluateType: 'rating', question: '4' },
      { evaluateType: 'product_1', question: '满意' },
      { evaluateType: 'service_10', question: '一般' },
      { evaluateType: 'text', question: '  希望增加导出功能  ' },
    ]);
    expect(response.json()).toEqual({
      code: 200,
      data: null,
      message: '感谢您的反馈，您的意见将会是我们不断进步的动力！',
    });
  });

  it.each([
    ['empty text: 请填写反馈内容', [{ evaluateType: 'text', question: '   ' }], '请填写反馈内容'],
    ['no text: 请填写反馈内容', [{ evaluateType: 'rating', question: '5' }], '请填写反馈内容'],
    ['an empty array', [], '请填写反馈内容'],
    [
      'a rating outside 1–5',
      [
        { evaluateType: 'rating', question: '6' },
        { evaluateType: 'text', question: '好' },
      ],
      '评分须为1至5',
    ],
    [
      'an unknown type',
      [
        { evaluateType: 'product_6', question: '满意' },
        { evaluateType: 'text', question: '好' },
      ],
      '未知的反馈类型',
    ],
    [
      'a survey answer outside the options',
      [
        { evaluateType: 'service_1', question: '很好' },
        { evaluateType: 'text', question: '好' },
      ],
      '请选择满意、一般、不满意之一',
    ],
    [
      'a repeated type',
      [
        { evaluateType: 'text', question: '好' },
        { evaluateType: 'text', question: '好' },
      ],
      '反馈类型重复',
    ],
  ])('refuses %s and stores nothing', async (_name, payload, message) => {
    const app = getApp();
    const { headers: admin } = await loginAs(app, await createUser(app, 'M'));
    const before = (
      await app.inject({ method: 'GET', url: '/ks/feedback/admin/stats', headers: admin })
    ).json().data.total;
    const { headers } = await loginAs(app, await createUser(app, 'P'));
    const response = await send(headers, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 400, message });
    const after = (
      await app.inject({ method: 'GET', url: '/ks/feedback/admin/stats', headers: admin })
    ).json().data.total;
    expect(after).toBe(before);
  });

  it('needs a session: 10000', async () => {
    const response = await send({}, [{ evaluateType: 'text', question: '好' }]);
    expect(response.json().code).toBe(10000);
  });
});

describe('GET /ks/feedback/admin/list and /stats', () => {
  it('lists feedback newest first with survey questions, and counts ratings per label', async () => {
    const app = getApp();
    const user = await createUser(app, 'U');
    const { headers } = await loginAs(app, user);
    await send(headers, [
      { evaluateType: 'rating', question: '2' },
      { evaluateType: 'text', question: '第一条反馈' },
    ]);
    await send(headers, [
      { evaluateType: 'rating', question: '5' },
      { evaluateType: 'product_2', question: '不满意' },
      { evaluateType: 'text', question: '第二条反馈' },
    ]);
    const { headers: admin } = await loginAs(app, await createUser(app, 'M'));
    const list = (
      await app.inject({ method: 'GET', url: '/ks/feedback/admin/list?pageSize=2', headers: admin })
    ).json().data;
    expect(list.records[0]).toMatchObject({
      text: '第二条反馈',
      rating: 5,
      roleType: '企业用户',
      answers: [{ evaluateType: 'product_2', question: '页面操作是否简单易懂？', answer: '不满意' }],
    });
    expect(list.records[1]).toMatchObject({ text: '第一条反馈', rating: 2 });
    expect(list.total).toBeGreaterThanOrEqual(2);

    const stats = (
      await app.inject({ method: 'GET', url: '/ks/feedback/admin/stats', headers: admin })
    ).json().data;
    expect(stats.ratings.map((r: { label: string }) => r.label)).toEqual([
      '不满意',
      '一般般',
      '还可以',
      '完美',
      '非常完美',
    ]);
    expect(stats.ratings[1].count).toBeGreaterThanOrEqual(1);
    expect(stats.ratings[4].count).toBeGreaterThanOrEqual(1);
  });

  it.each(['U', 'P', 'D'] as const)('refuses role %s: 403', async (role) => {
    const app = getApp();
    const { headers } = await loginAs(app, await createUser(app, role));
    for (const url of ['/ks/feedback/admin/list', '/ks/feedback/admin/stats']) {
      const response = await app.inject({ method: 'GET', url, headers });
      expect(response.json().code).toBe(403);
    }
  });
});
