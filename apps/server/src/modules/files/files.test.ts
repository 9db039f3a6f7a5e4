import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createUser, loginAs, useTestApp } from '../../../test/helper.ts';
import { LocalDiskStorage } from '../../platform/storage.ts';
import { FileService } from './service.ts';

const getApp = useTestApp();
const service = () => new FileService(getApp().db, new LocalDiskStorage(getApp.filesDir()));

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

  it('never shows markup inline', async () => {
    const app = getApp();
    const { headers } = await loginAs(app, await createUser(app, 'U'));
    const stored = await service().store({
      body: Readable.from([Buffer.from('<script>alert(1)</script>')]),
      fileName: 'x.html',
      mimeType: 'text/html',
      ownerUserId: null,
    });
    const response = await app.inject({
      method: 'GET',
      url: `/ks/file/v1/files/${stored.id}?inline=1`,
      headers,
    });
    expect(response.headers['content-disposition']).toMatch(/^attachment;/);
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
});
