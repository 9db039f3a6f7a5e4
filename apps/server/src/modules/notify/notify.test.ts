import type { LoginRoleType } from '@ks/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  loginAs,
  seal,
  type TestApp,
  type TestUser,
  unique,
  useTestApp,
} from '../../../test/helper.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { sessions } from '../../db/schema/identity.ts';
import { PUSH_CHANNEL } from './push-bus.ts';
import { createRejectedMessage } from './service.ts';
import { TodoService } from './todo-service.ts';

// A short heartbeat, so the comment line can be observed without waiting 15 s.
// Jobs started: the sweep of ended sessions' streams is a scheduled job (decision 0018).
const getApp = useTestApp({ PUSH_HEARTBEAT_SECONDS: '0.3', JOBS_POLL_SECONDS: '0.5' }, { startJobs: true });

type SseEvent = { id?: string; event: string; data: string };

/**
 * A real SSE client over fetch (as the browser's), collecting events and comment lines. The server
 * adds a stream to its hub in the tick it writes the headers, so once this resolves a publish reaches
 * the stream: no wait is needed before publishing.
 */
async function subscribe(baseUrl: string, token: string | null, lastEventId?: number) {
  const controller = new AbortController();
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (lastEventId !== undefined) headers['last-event-id'] = String(lastEventId);
  const response = await fetch(`${baseUrl}/ks/message/v1/subscribe`, { headers, signal: controller.signal });
  const events: SseEvent[] = [];
  const comments: string[] = [];
  const state = { ended: false };
  if (response.ok && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) {
            state.ended = true;
            return;
          }
          buffer += value;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event: SseEvent = { event: 'message', data: '' };
            let hasData = false;
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) comments.push(line);
              else if (line.startsWith('id: ')) event.id = line.slice(4);
              else if (line.startsWith('event: ')) event.event = line.slice(7);
              else if (line.startsWith('data: ')) {
                event.data = line.slice(6);
                hasData = true;
              }
            }
            if (hasData) events.push(event);
            end = buffer.indexOf('\n\n');
          }
        }
      } catch {
        // Aborted by the test.
      }
    })();
  }
  const messages = () => events.filter((e) => e.event === 'message').map((e) => JSON.parse(e.data));
  return {
    response,
    events,
    comments,
    messages,
    /** Whether the server ended the stream. */
    ended: () => state.ended,
    close: () => controller.abort(),
    /**
     * Resolves once `predicate` holds, or fails after `timeoutMs`. The ceiling is generous because
     * server and client share this process on a loaded 2-core machine, where a timer can run seconds
     * late (CI once saw fewer than two 0.3 s heartbeats in 3 s); a passing wait returns at once.
     */
    async waitFor(predicate: () => boolean, timeoutMs = 15000) {
      const start = Date.now();
      while (!predicate()) {
        if (Date.now() - start > timeoutMs) {
          throw new Error(
            `timed out; ended: ${state.ended}; comments: ${comments.length}; events: ${JSON.stringify(events)}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}

/** A multipart body as a browser's FormData sends it. */
function noticeForm(fields: Record<string, string>, file?: { name: string; type: string; body: string }) {
  const boundary = `----ks${Date.now()}`;
  const parts: string[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  }
  if (file) {
    parts.push(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\ncontent-type: ${file.type}\r\n\r\n${file.body}\r\n`,
    );
  }
  parts.push(`--${boundary}--\r\n`);
  return {
    payload: Buffer.from(parts.join(''), 'utf8'),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

let baseUrl = '';
let adminHeaders: Record<string, string> = {};

beforeAll(async () => {
  const app = getApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  adminHeaders = (await loginAs(app, await createUser(app, 'M'))).headers;
});

async function publish(
  app: TestApp,
  fields: Record<string, string>,
  file?: { name: string; type: string; body: string },
  headers = adminHeaders,
) {
  const form = noticeForm(fields, file);
  return app.inject({
    method: 'POST',
    url: '/ks/message/v1/publish/upload-notice',
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
}

async function userOf(role: LoginRoleType) {
  const app = getApp();
  const user = await createUser(app, role);
  const session = await loginAs(app, user);
  return { user, ...session };
}

const post = (url: string, headers: Record<string, string>, payload: object) =>
  getApp().inject({ method: 'POST', url, headers, payload });

const publishedTotal = async () =>
  (await post('/ks/message/v1/publish/list', adminHeaders, { curPage: 1, pageSize: 1 })).json().data.total;

describe('POST /ks/message/v1/publish/upload-notice', () => {
  it.each(['U', 'P', 'D'] as const)('refuses role %s with 403', async (role) => {
    const { headers } = await userOf(role);
    const response = await publish(getApp(), { msgType: '1', messages: '越权发布' }, undefined, headers);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe(403);
  });

  it('refuses a caller without a session with 10000', async () => {
    const response = await publish(getApp(), { msgType: '1', messages: '无会话' }, undefined, {});
    expect(response.json().code).toBe(10000);
  });

  it.each([
    [{ msgType: '1', messages: '' }, 'messages', '请输入通知内容'],
    [{ msgType: '3', messages: '内容' }, 'msgType', '请选择通知类型'],
    [{ msgType: '2', messages: '内容' }, 'title', '请输入通知标题'],
    [{ msgType: '1', messages: '内容', audience: 'roles' }, 'roles', '请选择接收角色'],
    [{ msgType: '1', messages: '内容', audience: 'roles', roles: 'X' }, 'roles', '接收角色无效'],
    [{ msgType: '1', messages: 'x'.repeat(2001) }, 'messages', '通知内容不能超过2000个字符'],
  ])('refuses %j: %s %s, and stores nothing', async (fields, field, message) => {
    const before = await publishedTotal();
    const response = await publish(getApp(), fields);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 400, message, data: { [field]: message } });
    expect(await publishedTotal()).toBe(before);
  });

  it('refuses an attachment on a banner notice: 横幅通知不能带附件', async () => {
    const before = await publishedTotal();
    const response = await publish(
      getApp(),
      { msgType: '1', messages: '横幅' },
      { name: 'a.txt', type: 'text/plain', body: 'x' },
    );
    expect(response.json().message).toBe('横幅通知不能带附件');
    expect(await publishedTotal()).toBe(before);
  });

  it('refuses an attachment name over 64 characters with the spec words', async () => {
    const response = await publish(
      getApp(),
      { msgType: '2', title: '标题', messages: '内容' },
      { name: `${'长'.repeat(62)}.pdf`, type: 'application/pdf', body: 'x' },
    );
    expect(response.json().message).toBe('文件名超过64位字符，请重新命名后上传！');
  });

  it('refuses a body that is not multipart', async () => {
    const response = await post('/ks/message/v1/publish/upload-notice', adminHeaders, { msgType: '1' });
    expect(response.json()).toMatchObject({ code: 400, message: '请以表单方式提交通知' });
  });

  it('publishes a titled notice with an attachment that recipients download, and logs the operation', async () => {
    const app = getApp();
    const recipient = await userOf('U');
    const response = await publish(
      app,
      { msgType: '2', title: '系统升级公告', messages: '今晚22:00系统升级', audience: 'all' },
      { name: '升级说明.txt', type: 'text/plain', body: '升级说明正文' },
    );
    expect(response.json()).toMatchObject({ code: 200, message: '发布成功' });
    const notice = response.json().data;
    expect(notice).toMatchObject({
      msgType: 2,
      title: '系统升级公告',
      fileName: '升级说明.txt',
      audience: 'all',
    });
    expect(notice.recipientCount).toBeGreaterThanOrEqual(2);
    const download = await app.inject({ method: 'GET', url: notice.attachment, headers: recipient.headers });
    expect(download.body).toBe('升级说明正文');
    const page = (await post('/ks/message/v1/list', recipient.headers, { curPage: 1, pageSize: 10 })).json()
      .data;
    expect(page.records[0]).toMatchObject({ msgId: notice.msgId, category: 'notice', readAt: null });
  });
});

describe('GET /ks/message/v1/subscribe', () => {
  it('refuses a caller without a session with 10000 and opens no stream', async () => {
    const stream = await subscribe(baseUrl, null);
    expect(stream.response.status).toBe(401);
    expect((await stream.response.json()).code).toBe(10000);
  });

  it('delivers a notice live only to its audience, as a push message with msgId as the event id', async () => {
    const enterprise = await userOf('U');
    const personnel = await userOf('P');
    const enterpriseStream = await subscribe(baseUrl, enterprise.token);
    const personnelStream = await subscribe(baseUrl, personnel.token);
    expect(enterpriseStream.response.headers.get('content-type')).toContain('text/event-stream');
    const text = unique('仅企业用户可见');
    const published = (
      await publish(getApp(), { msgType: '1', messages: text, audience: 'roles', roles: 'U' })
    ).json().data;
    await enterpriseStream.waitFor(() => enterpriseStream.messages().some((m) => m.messages === text));
    const event = enterpriseStream.events.find((e) => e.data.includes(text));
    expect(event?.id).toBe(String(published.msgId));
    expect(JSON.parse(event?.data ?? '{}')).toEqual({
      msgType: 1,
      messages: text,
      show: true,
      msgId: published.msgId,
      title: '',
      attachment: '',
      fileName: '',
    });
    // The personnel user's stream is open all along but never gets the enterprise-only notice: a
    // notice to personnel published after it arrives, and the enterprise one did not come first.
    const later = unique('仅人员可见');
    await publish(getApp(), { msgType: '1', messages: later, audience: 'roles', roles: 'P' });
    await personnelStream.waitFor(() => personnelStream.messages().some((m) => m.messages === later));
    expect(personnelStream.messages().some((m) => m.messages === text)).toBe(false);
    enterpriseStream.close();
    personnelStream.close();
  });

  it('sends a comment line on the heartbeat interval', async () => {
    const { token } = await userOf('P');
    const stream = await subscribe(baseUrl, token);
    await stream.waitFor(() => stream.comments.includes(': ping'));
    stream.close();
  });

  it('ends a stream on the sweep job once its session has logged out; other sessions keep theirs', async () => {
    const app = getApp();
    const user = await createUser(app, 'P');
    const first = await loginAs(app, user);
    const second = await loginAs(app, user);
    const leaving = await subscribe(baseUrl, first.token);
    const staying = await subscribe(baseUrl, second.token);
    await leaving.waitFor(() => leaving.comments.includes(': ping'));
    const logout = await app.inject({ method: 'GET', url: '/ks/common/logout', headers: first.headers });
    expect(logout.json().code).toBe(200);
    // The cron fires it once a minute; an administrator's 立即执行 does the same at once.
    await app.jobs.send('notify.end-ended-session-streams', {});
    await leaving.waitFor(() => leaving.ended());
    const pings = staying.comments.length;
    await staying.waitFor(() => staying.comments.length > pings + 1);
    expect(staying.ended()).toBe(false);
    staying.close();
  });

  it.each([
    [
      'an administrator kicks the user out',
      async (app: TestApp, user: TestUser) => {
        const kicked = await app.inject({
          method: 'POST',
          url: '/ks/admin/sessions/kick',
          headers: adminHeaders,
          payload: { userCode: user.userCode },
        });
        expect(kicked.json()).toMatchObject({ code: 200, data: { ended: 1 } });
      },
    ],
    [
      'the user changes the password',
      async (app: TestApp, user: TestUser, session: { headers: Record<string, string> }) => {
        const changed = await app.inject({
          method: 'PUT',
          url: '/ks/individual/login/update-secret',
          headers: session.headers,
          payload: await seal(app, { oldPassWord: user.password, newPassWord: 'NewSecret42' }),
        });
        expect(changed.json().code).toBe(200);
      },
    ],
    [
      'the session expires unused',
      async (app: TestApp, user: TestUser) => {
        await app.db
          .update(sessions)
          .set({ idleExpiresAt: new Date(Date.now() - 1000) })
          .where(eq(sessions.userId, user.id));
      },
    ],
  ])('ends the stream when %s', async (_case, endSession) => {
    const app = getApp();
    const user = await createUser(app, 'U');
    const session = await loginAs(app, user);
    const stream = await subscribe(baseUrl, session.token);
    await stream.waitFor(() => stream.comments.includes(': ping'));
    await endSession(app, user, session);
    // The sweep runs as a scheduled job (once a minute, decision 0018); sent now, as 立即执行 does.
    await app.jobs.send('notify.end-ended-session-streams', {});
    await stream.waitFor(() => stream.ended());
  });

  it('sends unconfirmed messages on connect, only those after Last-Event-ID on reconnect, none once confirmed', async () => {
    const user = await userOf('P');
    const first = unique('第一条');
    const second = unique('第二条');
    const firstId = (
      await publish(getApp(), { msgType: '1', messages: first, audience: 'roles', roles: 'P' })
    ).json().data.msgId;
    const secondId = (
      await publish(getApp(), { msgType: '1', messages: second, audience: 'roles', roles: 'P' })
    ).json().data.msgId;

    const fresh = await subscribe(baseUrl, user.token);
    await fresh.waitFor(() => fresh.messages().some((m) => m.msgId === secondId));
    expect(fresh.messages().map((m) => m.msgId)).toEqual(expect.arrayContaining([firstId, secondId]));
    fresh.close();

    const replay = await subscribe(baseUrl, user.token, firstId);
    await replay.waitFor(() => replay.messages().some((m) => m.msgId === secondId));
    expect(replay.messages().some((m) => m.msgId === firstId)).toBe(false);
    replay.close();

    await post('/ks/message/v1/confirm', user.headers, { msgId: firstId });
    await post('/ks/message/v1/confirm', user.headers, { msgId: secondId });
    // A third, unconfirmed message comes last in the replay: once it is there, the replay is over.
    const thirdId = (
      await publish(getApp(), { msgType: '1', messages: unique('第三条'), audience: 'roles', roles: 'P' })
    ).json().data.msgId;
    const after = await subscribe(baseUrl, user.token);
    await after.waitFor(() => after.messages().some((m) => m.msgId === thirdId));
    expect(after.messages().filter((m) => m.msgId === firstId || m.msgId === secondId)).toEqual([]);
    after.close();
  });
});

describe('POST /ks/message/v1/confirm', () => {
  it('confirms the caller’s message, tells their other streams, and shows in the receipt', async () => {
    const user = await userOf('U');
    const text = unique('请确认');
    const { msgId } = (
      await publish(getApp(), { msgType: '1', messages: text, audience: 'roles', roles: 'U' })
    ).json().data;
    const otherTab = await subscribe(baseUrl, user.token);
    await otherTab.waitFor(() => otherTab.messages().some((m) => m.msgId === msgId));
    const response = await post('/ks/message/v1/confirm', user.headers, { msgId });
    expect(response.json()).toMatchObject({ code: 200, message: '操作成功' });
    await otherTab.waitFor(() =>
      otherTab.events.some((e) => e.event === 'confirmed' && JSON.parse(e.data).msgId === msgId),
    );
    otherTab.close();
    const receipt = (
      await post('/ks/message/v1/publish/receipt', adminHeaders, { msgId, state: 'confirmed' })
    ).json().data;
    expect(receipt.confirmedCount).toBe(1);
    expect(receipt.records).toHaveLength(1);
    expect(receipt.records[0].confirmedAt).not.toBeNull();
    expect(receipt.records[0].readAt).not.toBeNull();
  });

  it('refuses a message addressed to someone else with 404 消息不存在 and changes nothing', async () => {
    const owner = await userOf('U');
    const stranger = await userOf('P');
    const { msgId } = (
      await publish(getApp(), { msgType: '1', messages: '只给企业', audience: 'roles', roles: 'U' })
    ).json().data;
    const response = await post('/ks/message/v1/confirm', stranger.headers, { msgId });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('消息不存在');
    const list = (await post('/ks/message/v1/list', owner.headers, { curPage: 1, pageSize: 50 })).json().data;
    expect(list.records.find((r: { msgId: number }) => r.msgId === msgId).confirmedAt).toBeNull();
  });

  it.each([-99, 0, 1.5])(
    'refuses msgId %s with 消息编号无效 (-99 is the web app’s local notice)',
    async (msgId) => {
      const { headers } = await userOf('U');
      const response = await post('/ks/message/v1/confirm', headers, { msgId });
      expect(response.json()).toMatchObject({ code: 400, message: '消息编号无效' });
    },
  );
});

describe('unread count, message list and read marks', () => {
  it('counts unread messages of the caller only, and read marks lower it', async () => {
    const user = await userOf('D');
    const count = async (headers = user.headers) =>
      (await getApp().inject({ method: 'GET', url: '/ks/message/v1/unread-count', headers })).json().data;
    const before = await count();
    const { msgId } = (
      await publish(getApp(), { msgType: '1', messages: '开发者通知', audience: 'roles', roles: 'D' })
    ).json().data;
    expect(await count()).toBe(before + 1);
    const unread = (
      await post('/ks/message/v1/list', user.headers, { readState: 'unread', curPage: 1, pageSize: 100 })
    ).json().data;
    expect(unread.records.map((r: { msgId: number }) => r.msgId)).toContain(msgId);
    const marked = await post('/ks/message/v1/read', user.headers, { msgIds: [msgId] });
    expect(marked.json()).toMatchObject({ code: 200, data: 1 });
    expect(await count()).toBe(before);
    await post('/ks/message/v1/read', user.headers, {});
    expect(await count()).toBe(0);
  });

  it('refuses a page size over 100 with 每页最多100条', async () => {
    const { headers } = await userOf('U');
    const response = await post('/ks/message/v1/list', headers, { curPage: 1, pageSize: 101 });
    expect(response.json()).toMatchObject({ code: 400, message: '每页最多100条' });
  });
});

describe('POST /ks/message/v1/audit/rejected-msg', () => {
  it('lists the caller’s review rejections only, pushed live to their stream', async () => {
    const app = getApp();
    const owner = await userOf('U');
    const other = await userOf('U');
    const stream = await subscribe(baseUrl, owner.token);
    const msgId = await app.db.transaction((tx) =>
      createRejectedMessage(tx, {
        userId: owner.user.id,
        title: '审核退回',
        messages: '信用变更材料不全，已退回',
      }),
    );
    await stream.waitFor(() => stream.messages().some((m) => m.msgId === msgId));
    stream.close();
    const mine = (
      await post('/ks/message/v1/audit/rejected-msg', owner.headers, { curPage: 1, pageSize: 10 })
    ).json().data;
    expect(mine.records).toEqual([
      expect.objectContaining({ msgId, category: 'audit_rejected', title: '审核退回' }),
    ]);
    const theirs = (
      await post('/ks/message/v1/audit/rejected-msg', other.headers, { curPage: 1, pageSize: 10 })
    ).json().data;
    expect(theirs.total).toBe(0);
  });
});

describe('publish list, receipt and withdraw (administrators)', () => {
  it.each([
    ['/ks/message/v1/publish/list', { curPage: 1, pageSize: 10 }],
    ['/ks/message/v1/publish/receipt', { msgId: 1 }],
    ['/ks/message/v1/publish/withdraw', { msgId: 1, version: 1 }],
  ])('refuses %s to an enterprise user with 403', async (url, payload) => {
    const { headers } = await userOf('U');
    expect((await post(url, headers, payload)).statusCode).toBe(403);
  });

  it('answers the receipt list per state with totals; an unknown notice is 404 通知不存在', async () => {
    const reader = await userOf('P');
    const ignorer = await userOf('P');
    const { msgId } = (
      await publish(getApp(), { msgType: '1', messages: '回执测试', audience: 'roles', roles: 'P' })
    ).json().data;
    await post('/ks/message/v1/read', reader.headers, { msgIds: [msgId] });
    const read = (
      await post('/ks/message/v1/publish/receipt', adminHeaders, { msgId, state: 'read', pageSize: 100 })
    ).json().data;
    expect(read.records.map((r: { userCode: string }) => r.userCode)).toContain(reader.user.userCode);
    expect(read.readCount).toBeGreaterThanOrEqual(1);
    const unread = (
      await post('/ks/message/v1/publish/receipt', adminHeaders, { msgId, state: 'unread', pageSize: 100 })
    ).json().data;
    expect(unread.records.map((r: { userCode: string }) => r.userCode)).toContain(ignorer.user.userCode);
    expect(unread.recipientCount).toBe(read.recipientCount);
    const missing = await post('/ks/message/v1/publish/receipt', adminHeaders, { msgId: 987654321 });
    expect(missing.json()).toMatchObject({ code: 404, message: '通知不存在' });
  });

  it('withdraws a notice at its version; a stale version gets 409 and recipients no longer see it', async () => {
    const user = await userOf('U');
    const notice = (
      await publish(getApp(), { msgType: '1', messages: '将撤回', audience: 'roles', roles: 'U' })
    ).json().data;
    const stale = await post('/ks/message/v1/publish/withdraw', adminHeaders, {
      msgId: notice.msgId,
      version: notice.version + 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('数据已被他人修改，请刷新后重试');
    const done = await post('/ks/message/v1/publish/withdraw', adminHeaders, {
      msgId: notice.msgId,
      version: notice.version,
    });
    expect(done.json().code).toBe(200);
    const list = (await post('/ks/message/v1/list', user.headers, { curPage: 1, pageSize: 100 })).json().data;
    expect(list.records.some((r: { msgId: number }) => r.msgId === notice.msgId)).toBe(false);
    const again = await post('/ks/message/v1/publish/withdraw', adminHeaders, {
      msgId: notice.msgId,
      version: notice.version + 1,
    });
    expect(again.json()).toMatchObject({ code: 404, message: '通知不存在' });
  });
});

describe('to-dos', () => {
  const todo = (userId: string, systemCoding: string, n: number) => ({
    userId,
    systemCoding,
    systemName: `系统${systemCoding}`,
    gnName: '信用变更审核',
    businessName: `业务${n}`,
    submitterName: '申报人',
    sbTime: new Date(Date.UTC(2026, 0, 1, 0, n)),
  });

  it('counts, groups and pages the caller’s open to-dos only', async () => {
    const app = getApp();
    const reviewer = await userOf('M');
    const other = await userOf('M');
    const todos = new TodoService(app.db);
    for (let n = 0; n < 8; n += 1) await todos.createTodo(todo(reviewer.user.id, 'sys_a', n));
    await todos.createTodo(todo(reviewer.user.id, 'sys_b', 99));
    await todos.createTodo(todo(other.user.id, 'sys_a', 100));
    const get = (url: string, headers: Record<string, string>) => app.inject({ method: 'GET', url, headers });
    expect((await get('/ks/notification/v1/audit/todo-count', reviewer.headers)).json().data).toBe(9);
    expect((await get('/ks/notification/v1/audit/system-list', reviewer.headers)).json().data).toEqual([
      { systemCoding: 'sys_a', systemName: '系统sys_a', todoCount: 8 },
      { systemCoding: 'sys_b', systemName: '系统sys_b', todoCount: 1 },
    ]);
    const page2 = (
      await post('/ks/notification/v1/audit/todo-list', reviewer.headers, {
        systemCoding: 'sys_a',
        curPage: 2,
        pageSize: 6,
      })
    ).json().data;
    expect(page2).toMatchObject({ total: 8, curPage: 2, pageSize: 6 });
    expect(page2.records.map((r: { businessName: string }) => r.businessName)).toEqual(['业务1', '业务0']);
    expect(page2.records[0]).toMatchObject({
      gnName: '信用变更审核',
      userName: '申报人',
      sbTime: '2026-01-01T00:01:00.000Z',
    });
    const all = (
      await post('/ks/notification/v1/audit/todo-list', reviewer.headers, { curPage: 1, pageSize: 6 })
    ).json().data;
    expect(all.total).toBe(9);
  });

  it('carries the record a to-do is about (system, node, record id); empty when not given', async () => {
    const app = getApp();
    const reviewer = await userOf('M');
    const todos = new TodoService(app.db);
    await todos.createTodo({
      ...todo(reviewer.user.id, 'sys_l', 1),
      gnCoding: 'node_l',
      businessId: 'rec-1',
    });
    await todos.createTodo(todo(reviewer.user.id, 'sys_l', 2));
    const { records } = (
      await post('/ks/notification/v1/audit/todo-list', reviewer.headers, {
        systemCoding: 'sys_l',
        curPage: 1,
        pageSize: 6,
      })
    ).json().data;
    expect(records.map((r: { gnCoding: string; businessId: string }) => [r.gnCoding, r.businessId])).toEqual([
      ['', ''],
      ['node_l', 'rec-1'],
    ]);
  });

  it('pushes the new count to the owner’s stream when a to-do is created or completed', async () => {
    const app = getApp();
    const reviewer = await userOf('M');
    const stream = await subscribe(baseUrl, reviewer.token);
    const todos = new TodoService(app.db);
    const id = await todos.createTodo(todo(reviewer.user.id, 'sys_c', 1));
    const counts = () =>
      stream.events.filter((e) => e.event === 'todo').map((e) => JSON.parse(e.data).todoCount);
    await stream.waitFor(() => counts().includes(1));
    expect(await todos.completeTodo({ id })).toBe(1);
    expect(await todos.completeTodo({ id })).toBe(0);
    await stream.waitFor(() => counts().at(-1) === 0);
    stream.close();
  });

  it('refuses todo-list without a session with 10000, and a bad page with 页码无效', async () => {
    const none = await post('/ks/notification/v1/audit/todo-list', {}, { curPage: 1, pageSize: 6 });
    expect(none.json().code).toBe(10000);
    const { headers } = await userOf('U');
    const bad = await post('/ks/notification/v1/audit/todo-list', headers, { curPage: 0, pageSize: 6 });
    expect(bad.json()).toMatchObject({ code: 400, message: '页码无效' });
  });
});

describe('two instances on one PostgreSQL database', () => {
  let second: TestApp | undefined;
  let secondUrl = '';
  let closeSecond = async () => {};

  beforeAll(async () => {
    if (!process.env.DATABASE_URL) return;
    const pool = (getApp().db as unknown as { $client: { options: { connectionString: string } } }).$client;
    const database = await openDatabase({ url: pool.options.connectionString });
    second = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false', LOGIN_RATE_PER_MINUTE: '10000' }),
      database,
      logger: false,
    });
    await second.listen({ port: 0, host: '127.0.0.1' });
    secondUrl = `http://127.0.0.1:${(second.server.address() as { port: number }).port}`;
    closeSecond = async () => {
      await second?.close();
      await database.close();
    };
  });
  afterAll(() => closeSecond());

  it.skipIf(!process.env.DATABASE_URL)(
    'a notice published on instance A reaches a subscriber on instance B (needs DATABASE_URL: one embedded PGlite is one process, so it has no second instance)',
    async () => {
      const { token } = await userOf('U');
      const stream = await subscribe(secondUrl, token);
      const text = unique('跨实例');
      await publish(getApp(), { msgType: '1', messages: text, audience: 'roles', roles: 'U' });
      await stream.waitFor(() => stream.messages().some((m) => m.messages === text));
      stream.close();
    },
  );

  it.skipIf(!process.env.DATABASE_URL)(
    'after its listening connection was lost, an instance ends its streams so clients replay what they missed',
    async () => {
      const { token } = await userOf('U');
      const seen = await subscribe(secondUrl, token);
      const before = unique('断线前');
      await publish(getApp(), { msgType: '1', messages: before, audience: 'roles', roles: 'U' });
      await seen.waitFor(() => seen.messages().some((m) => m.messages === before));
      const lastId = Number(seen.events.filter((e) => e.id).at(-1)?.id);

      // As a PostgreSQL restart does to every connection: the LISTEN backends are terminated.
      await getApp().db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
             where datname = current_database() and query = ${`LISTEN ${PUSH_CHANNEL}`}`,
      );
      const during = unique('断线中');
      await publish(getApp(), { msgType: '1', messages: during, audience: 'roles', roles: 'U' });
      // The instance ends the stream once it listens again, whether or not `during` got through.
      await seen.waitFor(() => seen.ended());
      const replay = await subscribe(secondUrl, token, lastId);
      await replay.waitFor(() => replay.messages().some((m) => m.messages === during));
      expect(replay.messages().some((m) => m.messages === before)).toBe(false);
      replay.close();
    },
  );
});
