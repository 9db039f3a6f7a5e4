import {
  type AuditLevel,
  FUNCTION_DENIED_MESSAGE,
  RECORD_NOT_FOUND_MESSAGE,
  UPLOAD_MESSAGES,
} from '@ks/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { publishedNode } from '../../../test/builder-fixtures.ts';
import { multipart, PDF } from '../../../test/file-fixtures.ts';
import { createUser, loginAs, type TestUser, unique, useTestApp } from '../../../test/helper.ts';
import { auditOrgMembers, auditOrgs } from '../../db/schema/authority.ts';
import { users } from '../../db/schema/identity.ts';

/**
 * A node record's attachments follow the record's row scope (docs/architecture.md, "Row scope"): whoever may read the
 * record reads all of its files and its operation log, whoever may change it changes its files,
 * whoever attached them. Attaching still needs a file one uploaded oneself.
 */
const getApp = useTestApp();

type Headers = Record<string, string>;
type Actor = TestUser & { headers: Headers };
type Node = { systemCoding: string; gnCoding: string };
type File = { fileId: string; url: string };

const SLOT = 'lic';
const SLOT_COUNT = 3;

async function actor(
  role: 'M' | 'D' | 'U' | 'P',
  overrides: Parameters<typeof createUser>[2] = {},
): Promise<Actor> {
  const app = getApp();
  const user = await createUser(app, role, overrides);
  return { ...user, headers: (await loginAs(app, user)).headers };
}

const post = (url: string, headers: Headers, payload: object) =>
  getApp().inject({ method: 'POST', url, headers, payload });

let node: Node;
let owner: Actor;
let colleague: Actor;
let stranger: Actor;
let reviewer: Actor;
let person: Actor;
let person2: Actor;
let admin: Actor;

beforeAll(async () => {
  const app = getApp();
  owner = await actor('U');
  const [ownerRow] = await app.db
    .select({ enterpriseId: users.enterpriseId })
    .from(users)
    .where(eq(users.id, owner.id));
  // No flow makes a second account of an enterprise: it is written straight into the database.
  colleague = await actor('U', { enterpriseId: ownerRow?.enterpriseId ?? null });
  [stranger, reviewer, person, person2, admin] = await Promise.all([
    actor('U'),
    actor('P'),
    actor('P'),
    actor('P'),
    actor('M'),
  ]);
  const [org] = await app.db
    .insert(auditOrgs)
    .values({ name: unique('审核机构') })
    .returning();
  if (!org) throw new Error('org not created');
  await app.db.insert(auditOrgMembers).values({ orgId: org.id, userId: reviewer.id });
  const level: AuditLevel = { level: 1, name: '初审', way: 'any', reviewerUserId: '', orgId: org.id };
  const developer = await actor('D');
  const published = await publishedNode(app, developer.headers, {
    form: { items: [{ code: 'title', name: '标题', type: 'text', required: '1' }] },
    functions: ['save', 'submit', 'audit', 'revoke', 'view'],
    audit: { levels: [level] },
  });
  node = { systemCoding: published.systemCoding, gnCoding: published.gnCoding };
  await addSlot(developer, node);
});

async function addSlot(developer: Actor, target: Node) {
  const slot = await post('/ks/config/annex-slots', developer.headers, {
    gnCoding: target.gnCoding,
    annexNo: SLOT,
    annexName: '营业执照',
    annexFormat: ['pdf'],
    annexSize: 1,
    isRequired: false,
    annexCount: SLOT_COUNT,
  });
  expect(slot.json().code).toBe(200);
}

async function createRecord(who: Actor): Promise<string> {
  const saved = await post('/ks/monitor/save', who.headers, { ...node, values: { title: unique('工程') } });
  expect(saved.json().code, JSON.stringify(saved.json())).toBe(200);
  return saved.json().data.id as string;
}

async function upload(who: Actor): Promise<File> {
  const form = multipart(
    { ...node, fileType: 'pdf', fileNo: SLOT },
    { name: `${unique('执照')}.pdf`, content: PDF },
  );
  const uploaded = await getApp().inject({
    method: 'POST',
    url: '/ks/common/common/upload/annex',
    headers: { ...who.headers, ...form.headers },
    payload: form.payload,
  });
  expect(uploaded.json().code, JSON.stringify(uploaded.json())).toBe(200);
  return uploaded.json().data as File;
}

const change = (who: Actor, id: string, marks: { add?: File[]; del?: File[] }) =>
  post('/ks/common/common/attachment/save', who.headers, {
    ...node,
    id,
    fileList: [
      ...(marks.add ?? []).map((f) => ({ fileId: f.fileId, fileNo: SLOT, fileOperationType: 'add' })),
      ...(marks.del ?? []).map((f) => ({ fileId: f.fileId, fileNo: SLOT, fileOperationType: 'del' })),
    ],
  });

async function attached(who: Actor, id: string): Promise<File> {
  const file = await upload(who);
  const response = await change(who, id, { add: [file] });
  expect(response.json().code, JSON.stringify(response.json())).toBe(200);
  return file;
}

const query = (id: string) => `systemCoding=${node.systemCoding}&gnCoding=${node.gnCoding}&id=${id}`;
async function listed(who: Actor, id: string): Promise<string[]> {
  const response = await getApp().inject({
    method: 'GET',
    url: `/ks/common/common/attachment/list?${query(id)}`,
    headers: who.headers,
  });
  expect(response.json().code, JSON.stringify(response.json())).toBe(200);
  return (response.json().data as { fileId: string }[]).map((f) => f.fileId).sort();
}
async function inSlots(who: Actor, id: string): Promise<string[]> {
  const response = await getApp().inject({
    method: 'GET',
    url: `/ks/common/common/fj-list?${query(id)}`,
    headers: who.headers,
  });
  return (response.json().data as { fileList: { fileId: string }[] }[])
    .flatMap((slot) => slot.fileList.map((f) => f.fileId))
    .sort();
}
const downloaded = async (who: Actor, file: File) =>
  (await getApp().inject({ method: 'GET', url: file.url, headers: who.headers })).statusCode;
async function rows(who: Actor, url: string, extra: object = {}) {
  const response = await post(url, who.headers, { ...node, curPage: 1, pageSize: 50, ...extra });
  return response.json().data.records as { id: string; fileList?: { fileId: string }[] }[];
}
const log = (who: Actor, id: string) => post('/ks/common/common/logHistory', who.headers, { ...node, id });
const ids = (...files: File[]) => files.map((f) => f.fileId).sort();

describe("a node record's attachments follow the record's row scope", () => {
  it('a colleague of the same enterprise sees every file of the record (list, slots, card and picker rows, download); another enterprise none, even by the record id', async () => {
    const id = await createRecord(owner);
    const file = await attached(owner, id);

    expect(await listed(colleague, id)).toEqual(ids(file));
    expect(await inSlots(colleague, id)).toEqual(ids(file));
    expect((await rows(colleague, '/ks/monitor/get-view-list')).find((r) => r.id === id)?.fileList).toEqual([
      expect.objectContaining({ fileId: file.fileId }),
    ]);
    const picked = await rows(colleague, '/ks/monitor/table-list', { withFiles: true });
    expect(picked.find((r) => r.id === id)?.fileList?.map((f) => f.fileId)).toEqual(ids(file));
    expect(await downloaded(colleague, file)).toBe(200);

    // Another enterprise: the record is not in its lists, and its id (guessed) shows no file.
    expect((await rows(stranger, '/ks/monitor/get-view-list')).map((r) => r.id)).not.toContain(id);
    expect(await listed(stranger, id)).toEqual([]);
    expect(await inSlots(stranger, id)).toEqual([]);
    expect(await downloaded(stranger, file)).toBe(404);
  });

  it('a colleague changes the files of the enterprise record, whoever attached them; another enterprise may not: 数据不存在', async () => {
    const id = await createRecord(owner);
    const ownerFile = await attached(owner, id);
    const colleagueFile = await attached(colleague, id);
    expect(await listed(owner, id)).toEqual(ids(ownerFile, colleagueFile));

    // The colleague removes the owner's file: it is the record's, not the owner's.
    expect((await change(colleague, id, { del: [ownerFile] })).json().code).toBe(200);
    expect(await listed(owner, id)).toEqual(ids(colleagueFile));

    // A slot's count is the record's, whoever attached the files.
    const more = [await upload(owner), await upload(owner)];
    expect((await change(owner, id, { add: more })).json().code).toBe(200);
    const over = await change(owner, id, { add: [await upload(owner)] });
    expect(over.json()).toMatchObject({ code: 400, message: UPLOAD_MESSAGES.count(SLOT_COUNT) });

    // Attaching still needs a file one uploaded oneself, even to a record one may change.
    const notYours = await change(colleague, id, { add: [await upload(owner)] });
    expect(notYours.json()).toMatchObject({ code: 400, message: '文件不存在' });

    for (const marks of [{ del: [colleagueFile] }, { add: [await upload(stranger)] }]) {
      const refused = await change(stranger, id, marks);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe(RECORD_NOT_FOUND_MESSAGE);
    }
    expect(await listed(owner, id)).toEqual(ids(colleagueFile, ...more));
  });

  it('a reviewer reads the files and the whole log of a record under their review, but changes no file of it', async () => {
    const id = await createRecord(owner);
    const ownerFile = await attached(owner, id);
    const colleagueFile = await attached(colleague, id);
    expect(await listed(reviewer, id)).toEqual([]);
    expect((await log(reviewer, id)).statusCode).toBe(403);

    expect((await post('/ks/monitor/submit', owner.headers, { ...node, id })).json().code).toBe(200);
    expect(await listed(reviewer, id)).toEqual(ids(ownerFile, colleagueFile));
    expect(await downloaded(reviewer, colleagueFile)).toBe(200);
    // The log is the record's: the reviewer reads what the owner and the colleague did, before acting.
    const read = (await log(reviewer, id)).json();
    expect(read.code, JSON.stringify(read)).toBe(200);
    const entries = read.data as { czrName: string; logbook: string }[];
    const attachings = entries.filter((e) => e.logbook === '保存附件：新增1个，删除0个');
    expect(new Set(attachings.map((e) => e.czrName)).size).toBe(2);

    // Rejected, the record is editable again and still the reviewer's to read, not to change.
    const rejected = await post('/ks/monitor/audit', reviewer.headers, {
      ...node,
      id,
      result: 'reject',
      advice: '材料不全',
    });
    expect(rejected.json().code).toBe(200);
    expect(await listed(reviewer, id)).toEqual(ids(ownerFile, colleagueFile));
    expect((await change(reviewer, id, { add: [await upload(reviewer)] })).statusCode).toBe(403);
    expect((await change(reviewer, id, { del: [ownerFile] })).statusCode).toBe(403);
    expect((await change(colleague, id, { del: [ownerFile] })).json().code).toBe(200);
    expect(await listed(owner, id)).toEqual(ids(colleagueFile));
  });

  it('personnel read and change every file of their own records, an administrator’s too, and none of another person’s', async () => {
    const id = await createRecord(person);
    const own = await attached(person, id);
    const byAdmin = await attached(admin, id);

    expect(await listed(person, id)).toEqual(ids(own, byAdmin));
    expect((await rows(person, '/ks/monitor/get-view-list')).find((r) => r.id === id)?.fileList).toHaveLength(
      2,
    );
    expect(await downloaded(person, byAdmin)).toBe(200);
    expect((await change(person, id, { del: [byAdmin] })).json().code).toBe(200);
    expect(await listed(admin, id)).toEqual(ids(own));

    expect(await listed(person2, id)).toEqual([]);
    expect(await downloaded(person2, own)).toBe(404);
    expect((await change(person2, id, { del: [own] })).statusCode).toBe(404);
    expect((await log(person2, id)).statusCode).toBe(403);
  });

  it('a colleague reads the whole operation log of the enterprise record without having acted on it; another enterprise may not: 无权查看该操作日志', async () => {
    const id = await createRecord(owner);
    await attached(owner, id);
    const entries = (await log(colleague, id)).json();
    expect(entries.code, JSON.stringify(entries)).toBe(200);
    expect((entries.data as { logbook: string }[]).map((e) => e.logbook)).toEqual(
      expect.arrayContaining(['保存附件：新增1个，删除0个']),
    );
    const refused = await log(stranger, id);
    expect(refused.json()).toMatchObject({ code: 403, message: '无权查看该操作日志' });
  });

  it('changing the files needs the node’s 保存: a role its saved grants leave without it is refused, and nothing changes', async () => {
    const app = getApp();
    const developer = await actor('D');
    const own = await publishedNode(app, developer.headers, {
      form: { items: [{ code: 'title', name: '标题', type: 'text', required: '1' }] },
      functions: ['save', 'view'],
    });
    const shared = node;
    node = { systemCoding: own.systemCoding, gnCoding: own.gnCoding };
    try {
      await addSlot(developer, node);
      const id = await createRecord(owner);
      const kept = await attached(owner, id);
      const extra = await upload(owner);
      const grants = await app.inject({
        method: 'PUT',
        url: '/ks/authority/v1/node/save-functions',
        headers: developer.headers,
        payload: {
          nodeId: own.node.id,
          version: 0,
          grants: [{ functionCode: 'view', roles: ['U'], orgIds: [] }],
          visibleRoles: ['U', 'M'],
        },
      });
      expect(grants.json().code).toBe(200);
      const refused = await change(owner, id, { add: [extra], del: [kept] });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(FUNCTION_DENIED_MESSAGE('保存'));
      expect(await listed(owner, id)).toEqual([kept.fileId]);
    } finally {
      node = shared;
    }
  });
});
