import { ERROR_MESSAGES, UPLOAD_MESSAGES } from '@ks/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { multipart, PDF, PNG } from '../../../test/file-fixtures.ts';
import { createUser, loginAs, type TestApp, unique, useTestApp } from '../../../test/helper.ts';
import { recordAttachments } from '../../db/schema/files.ts';
import { findMissingRequired } from './attachment-service.ts';

const getApp = useTestApp();
type Headers = Record<string, string>;

const as = async (role: 'M' | 'D' | 'U' | 'P') => (await asWithPage(role)).headers;

/** A user's headers and their own user-centre attachment target (我的附件: `user-<id>`). */
async function asWithPage(role: 'M' | 'D' | 'U' | 'P') {
  const app = getApp();
  const user = await createUser(app, role);
  return { headers: (await loginAs(app, user)).headers, page: `user-${user.id}` };
}

const slotBody = (gnCoding: string, annexNo: string, extra: Record<string, unknown> = {}) => ({
  gnCoding,
  annexNo,
  annexName: `附件${annexNo}`,
  annexFormat: ['pdf', 'png'],
  annexSize: 1,
  isRequired: false,
  annexCount: 2,
  ...extra,
});

async function createSlot(app: TestApp, headers: Headers, body: object) {
  return app.inject({ method: 'POST', url: '/ks/config/annex-slots', headers, payload: body });
}

async function uploadToSlot(
  app: TestApp,
  headers: Headers,
  gnCoding: string,
  fileNo: string,
  name: string,
  content: Buffer,
) {
  const body = multipart(
    { dxCode: 'obj1', gnCoding, systemCoding: 'sys1', fileType: 'pdf', fileNo },
    { name, content },
  );
  return app.inject({
    method: 'POST',
    url: '/ks/common/common/upload/annex',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

const save = (app: TestApp, headers: Headers, gnCoding: string, id: string, fileList: object[]) =>
  app.inject({
    method: 'POST',
    url: '/ks/common/common/attachment/save',
    headers,
    payload: { systemCoding: 'demo', gnCoding, id, fileList },
  });

const list = (app: TestApp, headers: Headers, gnCoding: string, id: string, path = 'attachment/list') =>
  app.inject({
    method: 'GET',
    url: `/ks/common/common/${path}?systemCoding=demo&gnCoding=${gnCoding}&id=${id}`,
    headers,
  });

describe('/ks/config/annex-slots', () => {
  it('lets administrators and developers manage slots, with optimistic locking and soft delete', async () => {
    const app = getApp();
    const gn = unique('n');
    const developer = await as('D');
    const created = (await createSlot(app, developer, slotBody(gn, 'a1'))).json();
    expect(created).toMatchObject({ code: 200, data: { annexNo: 'a1', version: 1 } });
    const duplicate = await createSlot(app, await as('M'), slotBody(gn, 'a1'));
    expect(duplicate.json()).toMatchObject({ code: 409, message: '该功能下已存在相同编号的附件类型' });
    const url = `/ks/config/annex-slots/${created.data.id}`;
    const updated = await app.inject({
      method: 'PUT',
      url,
      headers: developer,
      payload: { ...slotBody(gn, 'a1', { annexName: '新名' }), version: 1 },
    });
    expect(updated.json().data).toMatchObject({ annexName: '新名', version: 2 });
    const stale = await app.inject({
      method: 'PUT',
      url,
      headers: developer,
      payload: { ...slotBody(gn, 'a1'), version: 1 },
    });
    expect(stale.json()).toMatchObject({ code: 409, message: ERROR_MESSAGES[409] });
    const removed = await app.inject({ method: 'DELETE', url: `${url}?version=2`, headers: developer });
    expect(removed.json().code).toBe(200);
    const listed = await app.inject({
      method: 'GET',
      url: `/ks/config/annex-slots?gnCoding=${gn}`,
      headers: developer,
    });
    expect(listed.json().data).toEqual([]);
  });

  it.each(['U', 'P'] as const)('refuses role %s: 无权限访问', async (role) => {
    const response = await createSlot(getApp(), await as(role), slotBody(unique('n'), 'a1'));
    expect(response.json()).toMatchObject({ code: 403, message: ERROR_MESSAGES[403] });
  });

  it('refuses a slot without formats: 请至少填写一种附件格式', async () => {
    const response = await createSlot(
      getApp(),
      await as('D'),
      slotBody(unique('n'), 'a1', { annexFormat: [] }),
    );
    expect(response.json()).toMatchObject({ code: 400, message: '请至少填写一种附件格式' });
  });
});

describe('slot uploads and record attachments', () => {
  async function node() {
    const app = getApp();
    const gn = unique('n');
    const admin = await as('D');
    await createSlot(app, admin, slotBody(gn, 'lic', { isRequired: true, annexName: '营业执照' }));
    await createSlot(app, admin, slotBody(gn, 'other', { annexFormat: ['pdf'], annexSize: 0.001 }));
    return gn;
  }

  it.each([
    ['a format outside the slot', 'lic', 'a.jpg', PNG, '格式错误，请上传【 pdf,png 】格式'],
    [
      'a file over the slot size',
      'other',
      'a.pdf',
      Buffer.concat([PDF, Buffer.alloc(2000)]),
      '文件大小不能超过【0.001MB】!',
    ],
    ['a name over 64 characters', 'lic', `${'x'.repeat(61)}.pdf`, PDF, UPLOAD_MESSAGES.nameTooLong],
  ])('refuses %s (slot %s)', async (_label, fileNo, name, content, message) => {
    const app = getApp();
    const gn = await node();
    const response = await uploadToSlot(app, await as('U'), gn, fileNo, name, content);
    expect(response.json()).toMatchObject({ code: 400, message });
  });

  it('adds files, hides deleted ones only on save, and checks required slots and counts', async () => {
    const app = getApp();
    const gn = await node();
    const { headers: owner, page } = await asWithPage('U');
    const a = (await uploadToSlot(app, owner, gn, 'lic', '执照.png', PNG)).json().data;
    expect(a).toMatchObject({ annexNo: 'lic', annexName: '营业执照', fileNo: 'lic' });
    const b = (await uploadToSlot(app, owner, gn, 'lic', '执照2.pdf', PDF)).json().data;
    const c = (await uploadToSlot(app, owner, gn, 'lic', '执照3.pdf', PDF)).json().data;

    const missing = await save(app, owner, gn, page, [
      { fileId: b.fileId, fileNo: 'other', fileOperationType: 'add' },
    ]);
    expect(missing.json()).toMatchObject({ code: 400, message: '请上传【营业执照】' });
    const tooMany = await save(
      app,
      owner,
      gn,
      page,
      [a, b, c].map((f) => ({ fileId: f.fileId, fileNo: 'lic', fileOperationType: 'add' })),
    );
    expect(tooMany.json()).toMatchObject({ code: 400, message: UPLOAD_MESSAGES.count(2) });
    expect((await list(app, owner, gn, page)).json().data).toEqual([]);

    const saved = await save(
      app,
      owner,
      gn,
      page,
      [a, b].map((f) => ({ fileId: f.fileId, fileNo: 'lic', fileOperationType: 'add' })),
    );
    expect(saved.json().data.map((f: { fileName: string }) => f.fileName)).toEqual(['执照.png', '执照2.pdf']);
    const annexes = (await list(app, owner, gn, page, 'fj-list')).json().data;
    expect(
      annexes.map((x: { annexNo: string; fileList: unknown[] }) => [x.annexNo, x.fileList.length]),
    ).toEqual([
      ['lic', 2],
      ['other', 0],
    ]);

    const afterDelete = await save(app, owner, gn, page, [
      { fileId: a.fileId, fileNo: 'lic', fileOperationType: 'del' },
    ]);
    expect(afterDelete.json().data.map((f: { fileName: string }) => f.fileName)).toEqual(['执照2.pdf']);
    const description = await app.inject({
      method: 'GET',
      url: `/ks/common/common/att-description?gnCoding=${gn}`,
      headers: owner,
    });
    expect(description.json().data.description).toBe('请上传【营业执照】，其余附件按需上传。');
  });

  it("shows a record's files to their owner and administrators, never to other users", async () => {
    const app = getApp();
    const gn = await node();
    const { headers: owner, page } = await asWithPage('U');
    const file = (await uploadToSlot(app, owner, gn, 'lic', '执照.pdf', PDF)).json().data;
    await save(app, owner, gn, page, [{ fileId: file.fileId, fileNo: 'lic', fileOperationType: 'add' }]);
    expect((await list(app, await as('M'), gn, page)).json().data).toHaveLength(1);
    for (const role of ['U', 'P', 'D'] as const) {
      expect((await list(app, await as(role), gn, page)).json().data).toEqual([]);
    }
  });

  it('checks a file against the slot it is attached to, not the one it was uploaded through', async () => {
    const app = getApp();
    const gn = await node();
    const { headers: owner, page } = await asWithPage('U');
    const png = (await uploadToSlot(app, owner, gn, 'lic', '执照.png', PNG)).json().data;
    const intoOther = await save(app, owner, gn, page, [
      { fileId: png.fileId, fileNo: 'other', fileOperationType: 'add' },
    ]);
    expect(intoOther.json()).toMatchObject({ code: 400, message: '格式错误，请上传【 pdf 】格式' });
    expect((await list(app, owner, gn, page)).json().data).toEqual([]);
  });

  it("refuses to attach someone else's file by its id: 文件不存在", async () => {
    const app = getApp();
    const gn = await node();
    const file = (await uploadToSlot(app, await as('U'), gn, 'lic', '执照.pdf', PDF)).json().data;
    const other = await asWithPage('U');
    const response = await save(app, other.headers, gn, other.page, [
      { fileId: file.fileId, fileNo: 'lic', fileOperationType: 'add' },
    ]);
    expect(response.json()).toMatchObject({ code: 400, message: '文件不存在' });
  });

  it('refuses a target that does not exist, or that is another user’s page, and writes nothing', async () => {
    const app = getApp();
    const gn = await node();
    const { headers: owner, page } = await asWithPage('U');
    const file = (await uploadToSlot(app, owner, gn, 'lic', '执照.pdf', PDF)).json().data;
    const marks = [{ fileId: file.fileId, fileNo: 'lic', fileOperationType: 'add' }];
    const madeUp = await app.inject({
      method: 'POST',
      url: '/ks/common/common/attachment/save',
      headers: owner,
      payload: { systemCoding: 'no_such_system', gnCoding: gn, id: page, fileList: marks },
    });
    expect(madeUp.json()).toMatchObject({ code: 404, message: ERROR_MESSAGES[404] });
    const other = await asWithPage('U');
    const othersPage = await save(app, owner, gn, other.page, marks);
    expect(othersPage.json().code).toBe(403);
    const rows = await app.db
      .select()
      .from(recordAttachments)
      .where(eq(recordAttachments.fileId, file.fileId));
    expect(rows).toEqual([]);
  });
});

describe('findMissingRequired', () => {
  it('lists required annexes without a live file', () => {
    const file = {
      url: '/f',
      host: '',
      fileId: '1',
      fileName: 'a',
      fileType: 'pdf',
      fileSize: 1,
      fileNo: 'a',
    };
    expect(
      findMissingRequired([
        { annexName: '甲', isRequired: true, fileList: [] },
        { annexName: '乙', isRequired: true, fileList: [{ ...file, fileOperationType: 'del' }] },
        { annexName: '丙', isRequired: true, fileList: [file] },
        { annexName: '丁', isRequired: false, fileList: [] },
      ]),
    ).toEqual(['甲', '乙']);
  });
});
