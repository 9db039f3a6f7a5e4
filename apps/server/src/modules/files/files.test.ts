import { readdirSync } from 'node:fs';
import { Readable } from 'node:stream';
import { UPLOAD_MESSAGES } from '@ks/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { EXE, HTML, multipart, PDF, PNG } from '../../../test/file-fixtures.ts';
import { createUser, loginAs, type TestApp, useTestApp } from '../../../test/helper.ts';
import { storedFiles } from '../../db/schema/files.ts';
import { operationLogs } from '../../db/schema/identity.ts';
import { FileService } from '../../platform/file-store.ts';
import { LocalDiskStorage } from '../../platform/storage.ts';

const getApp = useTestApp({ FILES_USER_QUOTA_MB: '1', FILES_REQUEST_MAX_MB: '0.5' });
const service = () => new FileService(getApp().db, new LocalDiskStorage(getApp.filesDir()));

async function upload(
  app: TestApp,
  headers: Record<string, string>,
  name: string,
  content: Buffer,
  url = '/ks/common/common/upload/attachment',
  field = 'file',
) {
  const body = multipart({ gnCoding: 'g1', systemCoding: 's1' }, { name, content, field });
  return app.inject({ method: 'POST', url, payload: body.payload, headers: { ...headers, ...body.headers } });
}

/** Every file under the storage root, so a refusal can be shown to leave nothing behind. */
const storedPaths = () => readdirSync(getApp.filesDir(), { recursive: true }).map(String);

describe('FileService', () => {
  it('stores bytes with their size and md5', async () => {
    const stored = await service().store({
      body: Readable.from([Buffer.from('hello '), Buffer.from('world')]),
      fileName: '报名表.pdf',
      mimeType: 'application/pdf',
      ownerUserId: null,
    });
    expect(stored).toMatchObject({
      size: 11,
      md5: '5eb63bbbe01eeed093cb22bb8f5acdc3',
      fileName: '报名表.pdf',
    });
    expect(stored.storageKey).toMatch(/^\d{4}\/\d{2}\/[0-9a-f-]{36}\.pdf$/);
  });
});

describe('GET /ks/file/v1/files/:fileId', () => {
  it('downloads with the original name, and inline on request', async () => {
    const app = getApp();
    const { headers } = await loginAs(app, await createUser(app, 'U'));
    const stored = await service().store({
      body: Readable.from([Buffer.from('%PDF-1.4 test')]),
      fileName: '投标文件 2026.pdf',
      mimeType: 'application/pdf',
      ownerUserId: null,
    });
    const response = await app.inject({ method: 'GET', url: `/ks/file/v1/files/${stored.id}`, headers });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('%PDF-1.4 test');
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="____ 2026.pdf"; filename*=UTF-8''${encodeURIComponent('投标文件 2026.pdf')}`,
    );
    const inline = await app.inject({
      method: 'GET',
      url: `/ks/file/v1/files/${stored.id}?inline=1`,
      headers,
    });
    expect(inline.headers['content-disposition']).toMatch(/^inline;/);
  });

  it('never shows markup inline, nor under its own type', async () => {
    const app = getApp();
    const { headers } = await loginAs(app, await createUser(app, 'U'));
    for (const [fileName, mimeType] of [
      ['x.html', 'text/html'],
      ['x.svg', 'image/svg+xml'],
    ]) {
      const stored = await service().store({
        body: Readable.from([HTML]),
        fileName: fileName as string,
        mimeType: mimeType as string,
        ownerUserId: null,
      });
      const response = await app.inject({
        method: 'GET',
        url: `/ks/file/v1/files/${stored.id}?inline=1`,
        headers,
      });
      expect(response.headers['content-disposition']).toMatch(/^attachment;/);
      expect(response.headers['content-type']).toBe('application/octet-stream');
    }
  });

  it('answers 文件不存在 for an unknown or malformed id, and 10000 without a session', async () => {
    const app = getApp();
    const { headers } = await loginAs(app, await createUser(app, 'U'));
    for (const id of ['00000000-0000-0000-0000-000000000000', '..%2F..%2Fetc%2Fpasswd']) {
      const response = await app.inject({ method: 'GET', url: `/ks/file/v1/files/${id}`, headers });
      expect(response.json()).toMatchObject({ code: 404, message: '文件不存在' });
    }
    const anonymous = await app.inject({
      method: 'GET',
      url: '/ks/file/v1/files/00000000-0000-0000-0000-000000000000',
    });
    expect(anonymous.json().code).toBe(10000);
  });

  it.each([
    ['the owner', 'owner', 200],
    ['an administrator', 'M', 200],
    ['another enterprise user', 'U', 404],
    ['a developer', 'D', 404],
    ['a personnel user', 'P', 404],
  ] as const)('lets %s read an uploaded attachment: %s', async (_label, who, status) => {
    const app = getApp();
    const owner = await loginAs(app, await createUser(app, 'U'));
    const uploaded = (await upload(app, owner.headers, '执照.png', PNG)).json().data;
    const reader = who === 'owner' ? owner : await loginAs(app, await createUser(app, who));
    const response = await app.inject({ method: 'GET', url: uploaded.url, headers: reader.headers });
    expect(response.statusCode).toBe(status);
    if (status === 404) expect(response.json().message).toBe('文件不存在');
    else expect(response.rawPayload.equals(PNG)).toBe(true);
  });
});

describe('POST /ks/common/common/upload/attachment', () => {
  it('stores an image and a PDF and answers the uploaded file', async () => {
    const app = getApp();
    const { headers } = await loginAs(app, await createUser(app, 'U'));
    for (const [name, content, type] of [
      ['营业执照.png', PNG, 'png'],
      ['承诺书.pdf', PDF, 'pdf'],
    ] as const) {
      const response = await upload(app, headers, name, content);
      expect(response.json()).toMatchObject({
        code: 200,
        data: { fileName: name, fileType: type, fileSize: content.length },
      });
      expect(response.json().data.url).toMatch(/^\/ks\/file\/v1\/files\/[0-9a-f-]{36}$/);
    }
  });

  it('refuses a multipart field with a control character, as the JSON routes do, and keeps nothing', async () => {
    const app = getApp();
    const { headers } = await loginAs(app, await createUser(app, 'U'));
    const before = storedPaths().length;
    const body = multipart(
      { gnCoding: 'g1\u0000', systemCoding: 's1' },
      { name: '承诺书.pdf', content: PDF },
    );
    const response = await app.inject({
      method: 'POST',
      url: '/ks/common/common/upload/attachment',
      payload: body.payload,
      headers: { ...headers, ...body.headers },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 400, data: { gnCoding: expect.any(String) } });
    expect(storedPaths()).toHaveLength(before);
  });

  it.each([
    ['a gif', 'a.gif', PNG, UPLOAD_MESSAGES.simpleFormat],
    ['an executable', 'setup.exe', EXE, UPLOAD_MESSAGES.simpleFormat],
    ['a renamed executable', 'photo.png', EXE, UPLOAD_MESSAGES.forged('png')],
    ['an HTML page called .jpg', 'photo.jpg', HTML, UPLOAD_MESSAGES.forged('jpg')],
    ['a PDF called .png', 'scan.png', PDF, UPLOAD_MESSAGES.forged('png')],
    ['a name over 64 characters', `${'长'.repeat(61)}.pdf`, PDF, UPLOAD_MESSAGES.nameTooLong],
    ['an empty file', 'empty.pdf', Buffer.alloc(0), UPLOAD_MESSAGES.emptyFile],
    [
      'a file over the request limit',
      'big.pdf',
      Buffer.concat([PDF, Buffer.alloc(600 * 1024)]),
      UPLOAD_MESSAGES.size(0.5),
    ],
  ])('refuses %s and keeps nothing: %s', async (_label, name, content, message) => {
    const app = getApp();
    const { headers } = await loginAs(app, await createUser(app, 'U'));
    const before = storedPaths().length;
    const response = await upload(app, headers, name, content);
    expect(response.json()).toMatchObject({ code: 400, message });
    expect(storedPaths().length).toBe(before);
  });

  it('records a path-traversal name as its last segment, under a generated key', async () => {
    const app = getApp();
    const { headers } = await loginAs(app, await createUser(app, 'U'));
    const response = await upload(app, headers, '../../../etc/passwd.pdf', PDF);
    expect(response.json().data.fileName).toBe('passwd.pdf');
    expect(storedPaths().some((p) => p.includes('passwd') || p.includes('..'))).toBe(false);
    const dots = await upload(app, headers, '..', PDF);
    expect(dots.json().message).toBe(UPLOAD_MESSAGES.nameInvalid);
  });

  it('refuses uploads beyond the user quota', async () => {
    const app = getApp();
    const { headers } = await loginAs(app, await createUser(app, 'U'));
    const chunk = Buffer.concat([PDF, Buffer.alloc(400 * 1024)]);
    expect((await upload(app, headers, 'a.pdf', chunk)).json().code).toBe(200);
    expect((await upload(app, headers, 'b.pdf', chunk)).json().code).toBe(200);
    expect((await upload(app, headers, 'c.pdf', chunk)).json()).toMatchObject({
      code: 400,
      message: UPLOAD_MESSAGES.quota,
    });
  });

  it('answers 10000 without a session', async () => {
    const response = await upload(getApp(), {}, 'a.pdf', PDF);
    expect(response.json().code).toBe(10000);
  });
});

describe('POST /ks/common/common/upload/file-attachment (editor images)', () => {
  it.each(['file', 'custom-fileName'])(
    'accepts the field %s and answers a public image URL',
    async (field) => {
      const app = getApp();
      const { headers } = await loginAs(app, await createUser(app, 'U'));
      const response = await upload(
        app,
        headers,
        '插图.png',
        PNG,
        '/ks/common/common/upload/file-attachment',
        field,
      );
      const { url } = response.json().data;
      expect(url).toMatch(/^\/ks\/file\/v1\/images\/[0-9a-f-]{36}$/);
      const image = await app.inject({ method: 'GET', url });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.headers['x-content-type-options']).toBe('nosniff');
    },
  );

  it('refuses a PDF, and serves no private file as a public image', async () => {
    const app = getApp();
    const { headers } = await loginAs(app, await createUser(app, 'U'));
    const pdf = await upload(app, headers, 'a.pdf', PDF, '/ks/common/common/upload/file-attachment');
    expect(pdf.json().message).toBe(
      UPLOAD_MESSAGES.format(['jpg', 'png', 'jpeg', 'jpe', 'webp', 'gif', 'bmp']),
    );
    const privateImage = (await upload(app, headers, 'a.png', PNG)).json().data;
    const response = await app.inject({ method: 'GET', url: `/ks/file/v1/images/${privateImage.fileId}` });
    expect(response.json()).toMatchObject({ code: 404, message: '文件不存在' });
  });
});

describe('FileService.storeChecked', () => {
  const input = (
    owner: { id: string; userName: string },
    targetName: (file: { fileName: string }) => string,
  ) => ({
    body: Readable.from([PDF]),
    fileName: '承诺书.pdf',
    owner: { ...owner, userCode: 'u', loginRoleType: 'U' as const, enterpriseId: null, sessionId: 's' },
    formats: ['pdf'],
    formatMessage: 'x',
    visibility: 'owner' as const,
    isTruncated: () => false,
    limitBytes: 1024 * 1024,
    log: { action: '上传附件', targetName, ip: '127.0.0.1' },
  });

  it('writes the upload’s operation-log entry with the file row; a failed entry keeps neither, nor the bytes', async () => {
    const app = getApp();
    const user = await createUser(app, 'U');
    const owner = { id: user.id, userName: '上传人' };
    const stored = await service().storeChecked(input(owner, (file) => `附件/${file.fileName}`));
    const [entry] = await app.db.select().from(operationLogs).where(eq(operationLogs.targetId, stored.id));
    expect(entry).toMatchObject({
      action: '上传附件',
      targetType: 'stored_file',
      targetName: '附件/承诺书.pdf',
    });

    const rows = (await app.db.select().from(storedFiles)).length;
    const paths = storedPaths().length;
    const failing = input(owner, () => {
      throw new Error('log refused');
    });
    await expect(service().storeChecked(failing)).rejects.toThrow('log refused');
    expect(await app.db.select().from(storedFiles)).toHaveLength(rows);
    expect(storedPaths().length).toBe(paths);
  });
});

describe('FileService.store with a failing upload stream', () => {
  it('rejects instead of crashing the process, and records nothing', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1024));
        this.destroy(new Error('connection reset'));
      },
    });
    const before = await getApp().db.select().from(storedFiles);
    await expect(
      service().store({
        body: failing,
        fileName: 'broken.pdf',
        mimeType: 'application/pdf',
        ownerUserId: null,
      }),
    ).rejects.toThrow('connection reset');
    expect(await getApp().db.select().from(storedFiles)).toHaveLength(before.length);
  });
});
