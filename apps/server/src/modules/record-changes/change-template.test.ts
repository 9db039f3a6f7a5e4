import {
  CHANGE_TEMPLATE_MAX_BYTES,
  CHANGE_TEMPLATE_MESSAGES,
  RECORD_CHANGE_PATHS,
  UPLOAD_MESSAGES,
} from '@ks/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { multipart, PDF } from '../../../test/file-fixtures.ts';
import { createActor, type TestActor, type TestUser, useTestApp } from '../../../test/helper.ts';
import { partsOf, zipOf } from '../../../test/zip-fixtures.ts';
import { operationLogs } from '../../db/schema/identity.ts';
import { recordChangeTemplates } from '../../db/schema/record-changes.ts';
import { changeDescriptionDocx } from './template.ts';

const getApp = useTestApp();
type Actor = TestActor;
const actor = (role: TestUser['loginRoleType'], overrides = {}) => createActor(getApp(), role, overrides);

let admin: Actor;
let otherAdmin: Actor;
let enterprise: Actor;
let personnel: Actor;
let developer: Actor;
beforeAll(async () => {
  [admin, otherAdmin, enterprise, personnel, developer] = await Promise.all([
    actor('M'),
    actor('M'),
    actor('U'),
    actor('P'),
    actor('D'),
  ]);
});

/** A real Word document whose body says `text`. */
async function docx(text: string): Promise<Buffer> {
  return changeDescriptionDocx(text);
}
const upload = (who: Actor | null, name: string, content: Buffer) => {
  const form = multipart({}, { name, content });
  return getApp().inject({
    method: 'POST',
    url: RECORD_CHANGE_PATHS.templateUpload,
    headers: { ...(who?.headers ?? {}), ...form.headers },
    payload: form.payload,
  });
};
const info = (who: Actor | null = admin) =>
  getApp().inject({ method: 'GET', url: RECORD_CHANGE_PATHS.templateInfo, headers: who?.headers ?? {} });
const reset = (who: Actor | null = admin) =>
  getApp().inject({ method: 'POST', url: RECORD_CHANGE_PATHS.templateReset, headers: who?.headers ?? {} });
const download = (who: Actor) =>
  getApp().inject({ method: 'GET', url: RECORD_CHANGE_PATHS.template, headers: who.headers });
/** A Word document is a zip: it starts with PK. */
const isDocx = (bytes: Buffer) => bytes.subarray(0, 2).toString() === 'PK';
const versions = async () => (await getApp().db.select().from(recordChangeTemplates)).length;

describe('the change-description template', () => {
  it('serves the generated document until an administrator uploads one', async () => {
    expect((await info()).json().data).toMatchObject({
      templateVersion: 0,
      source: 'generated',
      fileName: '',
    });
    const generated = await download(enterprise);
    expect(generated.statusCode).toBe(200);
    expect(isDocx(generated.rawPayload)).toBe(true);
    expect(decodeURIComponent(String(generated.headers['content-disposition']))).toContain('变更说明.docx');
  });

  it('refuses what is not a .docx within 5 MB, and changes nothing', async () => {
    const before = await versions();
    const pdf = await upload(admin, '模板.pdf', PDF);
    expect(pdf.json()).toMatchObject({ code: 400, message: CHANGE_TEMPLATE_MESSAGES.format });
    // A PDF renamed .docx is refused by its content.
    expect((await upload(admin, '模板.docx', PDF)).statusCode).toBe(400);
    const huge = Buffer.concat([await docx('大'), Buffer.alloc(CHANGE_TEMPLATE_MAX_BYTES, 1)]);
    const tooLarge = await upload(admin, '模板.docx', huge);
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().message).toMatch(/5\s*MB/);
    expect(await versions()).toBe(before);
    expect((await info()).json().data.source).toBe('generated');
  });

  it('refuses a docx that would unpack past the zip limits, and changes nothing', async () => {
    const before = await versions();
    const parts = await partsOf(await docx('炸弹'));
    const refusal = async (content: Buffer) => (await upload(admin, '模板.docx', content)).json();
    // 16 MB of zeros packs into about 16 KB: a ratio no document has.
    const bomb = zipOf([...parts, { name: 'word/media/image1.bin', data: Buffer.alloc(16 * 1024 * 1024) }]);
    expect(await refusal(bomb)).toMatchObject({ code: 400, message: UPLOAD_MESSAGES.zipRatio });
    const many = zipOf([
      ...parts,
      ...Array.from({ length: 1000 }, (_, n) => ({
        name: `word/media/p${n}.xml`,
        data: Buffer.from('<p/>'),
      })),
    ]);
    expect(await refusal(many)).toMatchObject({ code: 400, message: UPLOAD_MESSAGES.zipEntries(1000) });
    const declared = zipOf(
      parts.map((part) =>
        part.name === 'word/document.xml' ? { ...part, declaredSize: 150 * 1024 * 1024 } : part,
      ),
    );
    expect(await refusal(declared)).toMatchObject({ code: 400, message: UPLOAD_MESSAGES.unpackedSize(100) });
    // Declared smaller than it unpacks to: the directory passes, the unpacking stops at the declared size.
    const forged = zipOf(
      parts.map((part) => (part.name === 'word/document.xml' ? { ...part, declaredSize: 16 } : part)),
    );
    expect(await refusal(forged)).toMatchObject({ code: 400, message: UPLOAD_MESSAGES.zipForged });
    expect(await versions()).toBe(before);
    expect((await info()).json().data.source).toBe('generated');
  });

  it('lets administrators only manage it, and every session download it', async () => {
    for (const who of [enterprise, personnel, developer]) {
      expect((await info(who)).statusCode).toBe(403);
      expect((await upload(who, '模板.docx', await docx('越权'))).statusCode).toBe(403);
      expect((await reset(who)).statusCode).toBe(403);
    }
    expect((await info(null)).statusCode).toBe(401);
    expect((await upload(null, '模板.docx', await docx('匿名'))).statusCode).toBe(401);
    expect((await reset(null)).statusCode).toBe(401);
    expect((await download(developer)).statusCode).toBe(403);
    expect(await versions()).toBe(0);
  });

  it('replaces the template with each upload, logged, and goes back to the generated one', async () => {
    const first = await docx('省住建厅第一版');
    const uploaded = await upload(admin, '本省变更说明.docx', first);
    expect(uploaded.json(), uploaded.body).toMatchObject({
      code: 200,
      data: { templateVersion: 1, source: 'uploaded', fileName: '本省变更说明.docx', size: first.length },
    });
    expect((await download(enterprise)).rawPayload.equals(first)).toBe(true);

    const second = await docx('省住建厅第二版');
    expect((await upload(otherAdmin, '第二版.docx', second)).json().data).toMatchObject({
      templateVersion: 2,
      fileName: '第二版.docx',
    });
    const served = await download(personnel);
    expect(served.rawPayload.equals(second)).toBe(true);
    expect(served.headers['content-type']).toContain('wordprocessingml');

    const back = await reset(admin);
    expect(back.json().data).toMatchObject({ templateVersion: 3, source: 'generated', fileName: '' });
    const generated = (await download(enterprise)).rawPayload;
    expect(isDocx(generated)).toBe(true);
    expect(generated.equals(second) || generated.equals(first)).toBe(false);
    expect((await reset(admin)).json()).toMatchObject({
      code: 400,
      message: CHANGE_TEMPLATE_MESSAGES.alreadyGenerated,
    });
    expect(await versions()).toBe(3);

    const logged = await getApp()
      .db.select()
      .from(operationLogs)
      .where(eq(operationLogs.targetType, 'change-template'));
    expect(logged.map((row) => [row.action, row.targetId]).sort()).toEqual([
      ['上传变更说明模板', '1'],
      ['上传变更说明模板', '2'],
      ['恢复系统变更说明模板', '3'],
    ]);
  });
});
