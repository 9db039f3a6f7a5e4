import { describe, expect, it } from 'vitest';
import { createUser, loginAs, useTestApp } from '../../../test/helper.ts';
import { recordOperation } from '../../platform/operation-log.ts';

const getApp = useTestApp();
const fetchLog = (headers: Record<string, string>, payload: object) =>
  getApp().inject({ method: 'POST', url: '/ks/common/common/logHistory', headers, payload });

describe('POST /ks/common/common/logHistory', () => {
  it("shows a user their own account's log: logins and a password change, mapped to the drawer's fields", async () => {
    const app = getApp();
    const user = await createUser(app, 'U');
    const { headers } = await loginAs(app, user);
    const response = await fetchLog(headers, { gnCoding: 'account', id: user.userCode });
    expect(response.json().code).toBe(200);
    const entries = response.json().data;
    expect(entries[0]).toMatchObject({
      glName: '登录',
      czrClassification: '企业用户',
      logbook: '登录',
      failInfo: 'ok',
    });
    expect(entries[0].czrName).toMatch(/^用户/);
    expect(Number.isNaN(Date.parse(entries[0].czTime))).toBe(false);
  });

  it('lets an administrator read any target, with failures and details', async () => {
    const app = getApp();
    await recordOperation(app.db, {
      action: '审核',
      targetType: 'credit_change',
      targetId: 'rec-1',
      targetName: '某某建设有限公司',
      detail: '材料不全',
      result: '未通过',
    });
    const { headers } = await loginAs(app, await createUser(app, 'M'));
    const entries = (await fetchLog(headers, { gnCoding: 'credit_change', id: 'rec-1' })).json().data;
    expect(entries).toEqual([
      expect.objectContaining({ glName: '某某建设有限公司', logbook: '审核：材料不全', failInfo: '未通过' }),
    ]);
  });

  it("refuses someone else's account and records they never acted on: 无权查看该操作日志", async () => {
    const app = getApp();
    const owner = await createUser(app, 'U');
    const other = await createUser(app, 'P');
    await loginAs(app, owner);
    const { headers } = await loginAs(app, other);
    for (const body of [
      { gnCoding: 'account', id: owner.userCode },
      { gnCoding: 'credit_change', id: 'rec-1' },
    ]) {
      const response = await fetchLog(headers, body);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 403, message: '无权查看该操作日志' });
    }
  });

  it('lets a non-administrator read a record they acted on', async () => {
    const app = getApp();
    const actor = await createUser(app, 'P');
    await recordOperation(app.db, {
      user: { id: actor.id, userName: '申报人', loginRoleType: 'P' },
      action: '提交',
      targetType: 'apply',
      targetId: 'a-7',
    });
    const { headers } = await loginAs(app, actor);
    const response = await fetchLog(headers, { gnCoding: 'apply', id: 'a-7' });
    expect(response.json().data).toEqual([expect.objectContaining({ czrName: '申报人', logbook: '提交' })]);
  });

  it.each([
    [{ gnCoding: '', id: 'x' }, '请指定功能编码'],
    [{ gnCoding: '1abc', id: 'x' }, '功能编码须以字母开头，由字母、数字和下划线组成'],
    [{ gnCoding: 'account', id: '' }, '请指定数据编号'],
  ])('refuses bad input %o: %s', async (body, message) => {
    const app = getApp();
    const { headers } = await loginAs(app, await createUser(app, 'M'));
    expect((await fetchLog(headers, body)).json()).toMatchObject({ code: 400, message });
  });

  it('needs a session: 10000', async () => {
    expect((await fetchLog({}, { gnCoding: 'account', id: 'x' })).json().code).toBe(10000);
  });
});
