import { describe, expect, it } from 'vitest';
import { createUser, loginAs, useTestApp } from '../../../test/helper.ts';

const getApp = useTestApp({ HELP_FILE_MAX_MB: '1' });

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
/** The first box of an MP4: size, 'ftyp', brand. */
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom\0\0\0\0isommp41'),
  Buffer.alloc(32),
]);

function multipart(fileName: string, content: Buffer) {
  const boundary = `----ks${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function admin() {
  const app = getApp();
  return (await loginAs(app, await createUser(app, 'M'))).headers;
}

async function createGroup(headers: Record<string, string>, body: Record<string, unknown>) {
  const response = await getApp().inject({
    method: 'POST',
    url: '/ks/help/v1/admin/groups',
    headers,
    payload: body,
  });
  expect(response.json().code, response.body).toBe(200);
  return response.json().data as { id: string; version: number };
}

async function upload(headers: Record<string, string>, groupId: string, fileName: string, content: Buffer) {
  const form = multipart(fileName, content);
  return getApp().inject({
    method: 'POST',
    url: `/ks/help/v1/admin/groups/${groupId}/files`,
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
}

describe('help guide and FAQ', () => {
  it('builds the guide tree with groups and uploaded PDF and video files, downloadable with a session', async () => {
    const app = getApp();
    const headers = await admin();
    const root = await createGroup(headers, {
      systemCoding: 'credit',
      gnCoding: 'c_apply',
      kind: 'guide',
      groupName: '操作手册',
    });
    await createGroup(headers, {
      systemCoding: 'credit',
      gnCoding: 'c_apply',
      kind: 'guide',
      parentId: root.id,
      groupName: '视频教程',
    });
    expect((await upload(headers, root.id, '申报指南.pdf', PDF)).json()).toMatchObject({
      code: 200,
      data: { nodeType: 'file', fileName: '申报指南.pdf', fileType: 'pdf' },
    });
    expect((await upload(headers, root.id, '演示.mp4', MP4)).json().data.fileType).toBe('video');

    const { headers: user } = await loginAs(app, await createUser(app, 'U'));
    const tree = (
      await app.inject({
        method: 'GET',
        url: '/ks/help/v1/guide?systemCoding=credit&gnCoding=c_apply',
        headers: user,
      })
    ).json().data;
    expect(tree).toHaveLength(1);
    expect(tree[0].groupName).toBe('操作手册');
    expect(
      tree[0].children.map((c: { groupName: string; nodeType: string }) => `${c.nodeType}:${c.groupName}`),
    ).toEqual(['group:视频教程', 'file:申报指南.pdf', 'file:演示.mp4']);
    const pdf = await app.inject({ method: 'GET', url: tree[0].children[1].filePath, headers: user });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.equals(PDF)).toBe(true);
  });

  it('falls back from the node to its system, then to the platform', async () => {
    const app = getApp();
    const headers = await admin();
    await createGroup(headers, {
      systemCoding: 'trade',
      gnCoding: '',
      kind: 'faq',
      groupName: '交易常见问题',
    });
    const answer = await app.inject({
      method: 'GET',
      url: '/ks/help/v1/faq-list?systemCoding=trade&gnCoding=t_node',
      headers,
    });
    expect(answer.json().data.map((g: { groupName: string }) => g.groupName)).toEqual(['交易常见问题']);
    const none = await app.inject({
      method: 'GET',
      url: '/ks/help/v1/faq-list?systemCoding=nothing&gnCoding=x',
      headers,
    });
    expect(none.json()).toMatchObject({ code: 200, data: [] });
  });

  it('edits Q&A pairs with the version, and refuses a stale save: 409', async () => {
    const app = getApp();
    const headers = await admin();
    const group = await createGroup(headers, {
      systemCoding: 'qa',
      gnCoding: 'n1',
      kind: 'faq',
      groupName: '登录问题',
    });
    const body = {
      groupName: '登录与账号',
      qaList: [{ question: '忘记密码怎么办？', answer: '点击忘记密码，通过短信验证码重置。' }],
    };
    const saved = await app.inject({
      method: 'PUT',
      url: `/ks/help/v1/admin/groups/${group.id}`,
      headers,
      payload: { ...body, version: group.version },
    });
    expect(saved.json()).toMatchObject({
      code: 200,
      data: { groupName: '登录与账号', version: group.version + 1 },
    });
    const stale = await app.inject({
      method: 'PUT',
      url: `/ks/help/v1/admin/groups/${group.id}`,
      headers,
      payload: { ...body, groupName: '旧的修改', version: group.version },
    });
    expect(stale.json()).toMatchObject({ code: 409, message: '数据已被他人修改，请刷新后重试' });
    const tree = (
      await app.inject({ method: 'GET', url: '/ks/help/v1/faq-list?systemCoding=qa&gnCoding=n1', headers })
    ).json().data;
    expect(tree[0]).toMatchObject({ groupName: '登录与账号', qaList: body.qaList });
  });

  it('soft-deletes a group with its sub-groups and files, and writes the operation log', async () => {
    const app = getApp();
    const headers = await admin();
    const group = await createGroup(headers, {
      systemCoding: 'del',
      gnCoding: 'n',
      kind: 'guide',
      groupName: '待删除',
    });
    await createGroup(headers, {
      systemCoding: 'del',
      gnCoding: 'n',
      kind: 'guide',
      parentId: group.id,
      groupName: '子分组',
    });
    await upload(headers, group.id, 'a.pdf', PDF);
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/ks/help/v1/admin/groups/${group.id}?version=${group.version}`,
      headers,
    });
    expect(deleted.json().code).toBe(200);
    const tree = (
      await app.inject({
        method: 'GET',
        url: '/ks/help/v1/admin/groups?kind=guide&systemCoding=del&gnCoding=n',
        headers,
      })
    ).json().data;
    expect(tree).toEqual([]);
    const log = (
      await app.inject({
        method: 'POST',
        url: '/ks/common/common/logHistory',
        headers,
        payload: { gnCoding: 'help_group', id: group.id },
      })
    ).json().data;
    expect(log.map((e: { logbook: string }) => e.logbook)).toEqual([
      '新增帮助分组',
      '上传帮助文件：a.pdf',
      '删除帮助分组',
    ]);
  });

  it.each([
    [
      'a text file named .pdf',
      'fake.pdf',
      Buffer.from('hello, not a pdf at all'),
      '文件内容与扩展名不符，请上传真实的文件',
    ],
    [
      'another type',
      'notes.txt',
      Buffer.from('plain text file content'),
      '请上传PDF文件或MP4、WebM格式的视频',
    ],
    [
      'an oversize file',
      'big.pdf',
      Buffer.concat([PDF, Buffer.alloc(1024 * 1024)]),
      '文件大小不能超过【1MB】!',
    ],
    ['a name over 64 characters', `${'长'.repeat(62)}.pdf`, PDF, '文件名超过64位字符，请重新命名后上传！'],
  ])('refuses %s and stores nothing', async (_name, fileName, content, message) => {
    const app = getApp();
    const headers = await admin();
    const group = await createGroup(headers, {
      systemCoding: 'bad',
      gnCoding: 'n',
      kind: 'guide',
      groupName: '上传校验',
    });
    const response = await upload(headers, group.id, fileName, content);
    expect(response.json()).toMatchObject({ code: 400, message });
    const tree = (
      await app.inject({
        method: 'GET',
        url: '/ks/help/v1/admin/groups?kind=guide&systemCoding=bad&gnCoding=n',
        headers,
      })
    ).json().data;
    expect(tree.find((g: { id: string }) => g.id === group.id).children).toEqual([]);
  });

  it.each([
    [{ kind: 'guide', groupName: '' }, '请输入分组名称'],
    [{ kind: 'guide', groupName: '名', systemCoding: '1x' }, '编码须以字母开头，由字母、数字和下划线组成'],
    [{ kind: 'other', groupName: '名' }, undefined],
  ])('refuses a bad group %o', async (body, message) => {
    const response = await getApp().inject({
      method: 'POST',
      url: '/ks/help/v1/admin/groups',
      headers: await admin(),
      payload: body,
    });
    expect(response.json().code).toBe(400);
    if (message) expect(response.json().message).toBe(message);
  });

  it('answers 帮助分组不存在 for an unknown group', async () => {
    const response = await getApp().inject({
      method: 'PUT',
      url: '/ks/help/v1/admin/groups/00000000-0000-0000-0000-000000000000',
      headers: await admin(),
      payload: { groupName: 'x', qaList: [], version: 1 },
    });
    expect(response.json()).toMatchObject({ code: 404, message: '帮助分组不存在' });
  });

  it.each(['U', 'P', 'D'] as const)('refuses every administration call to role %s: 403', async (role) => {
    const app = getApp();
    const { headers } = await loginAs(app, await createUser(app, role));
    const id = '00000000-0000-0000-0000-000000000000';
    const calls = [
      { method: 'GET', url: '/ks/help/v1/admin/groups?kind=guide' },
      { method: 'POST', url: '/ks/help/v1/admin/groups', payload: { kind: 'guide', groupName: 'x' } },
      {
        method: 'PUT',
        url: `/ks/help/v1/admin/groups/${id}`,
        payload: { groupName: 'x', qaList: [], version: 1 },
      },
      { method: 'DELETE', url: `/ks/help/v1/admin/groups/${id}?version=1` },
      { method: 'DELETE', url: `/ks/help/v1/admin/files/${id}?version=1` },
      { method: 'DELETE', url: '/ks/help/v1/admin/example-template?slot=template&version=1' },
    ] as const;
    for (const call of calls) {
      const response = await app.inject({ ...call, headers });
      expect(response.json().code, `${call.method} ${call.url}`).toBe(403);
    }
    const form = multipart('a.pdf', PDF);
    const uploadResponse = await app.inject({
      method: 'POST',
      url: `/ks/help/v1/admin/groups/${id}/files`,
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
    expect(uploadResponse.json().code).toBe(403);
  });

  it('needs a session for the guide: 10000', async () => {
    expect((await getApp().inject({ method: 'GET', url: '/ks/help/v1/guide' })).json().code).toBe(10000);
  });
});

describe('example and template', () => {
  it('answers null for a missing template, then the uploaded one; a stale version gets 409', async () => {
    const app = getApp();
    const headers = await admin();
    const scope = 'systemCoding=credit&gnCoding=tpl_node';
    const empty = (
      await app.inject({ method: 'GET', url: `/ks/help/v1/example-template?${scope}`, headers })
    ).json();
    expect(empty).toMatchObject({ code: 200, data: { example: null, template: null, version: 0 } });

    const form = multipart('申报模板.pdf', PDF);
    const saved = await app.inject({
      method: 'POST',
      url: `/ks/help/v1/admin/example-template?${scope}&slot=template&version=0`,
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
    expect(saved.json()).toMatchObject({
      code: 200,
      data: { example: null, template: { fileName: '申报模板.pdf' }, version: 1 },
    });

    const again = multipart('另一个.pdf', PDF);
    const stale = await app.inject({
      method: 'POST',
      url: `/ks/help/v1/admin/example-template?${scope}&slot=example&version=0`,
      headers: { ...headers, ...again.headers },
      payload: again.payload,
    });
    expect(stale.json().code).toBe(409);

    const { headers: user } = await loginAs(app, await createUser(app, 'U'));
    const fetched = (
      await app.inject({ method: 'GET', url: `/ks/help/v1/example-template?${scope}`, headers: user })
    ).json().data;
    const file = await app.inject({ method: 'GET', url: fetched.template.filePath, headers: user });
    expect(file.rawPayload.equals(PDF)).toBe(true);

    const removed = await app.inject({
      method: 'DELETE',
      url: `/ks/help/v1/admin/example-template?${scope}&slot=template&version=1`,
      headers,
    });
    expect(removed.json().data).toMatchObject({ template: null, version: 2 });
  });
});
