import {
  documentGroupNodeMissingMessage,
  documentNodeCodingDuplicateMessage,
  documentParentMissingMessage,
  IMPORT_DOCUMENT_REQUIRED_MESSAGE,
  SYSTEM_CODING_TAKEN_MESSAGE,
  SYSTEM_DOCUMENT_FORMAT_MESSAGE,
  SYSTEM_DOCUMENT_VERSION_MESSAGE,
  type SystemDocument,
  systemDocumentFileName,
} from '@ks/contract';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  addNode,
  expectRefused,
  headersByRole,
  newSystem,
  publish,
  saveDraft,
} from '../../../test/builder-fixtures.ts';
import { createUser, loginAs, type TestApp, unique, useTestApp } from '../../../test/helper.ts';
import { auditOrgs } from '../../db/schema/authority.ts';
import { operationLogs } from '../../db/schema/identity.ts';
import { menuNodeRoles, systems } from '../../db/schema/shell.ts';
import { replaceGrants } from '../../engine/grants.ts';
import { tableColumns } from '../../engine/node-tables.ts';

const getApp = useTestApp();
const developer = async () => (await loginAs(getApp(), await createUser(getApp(), 'D'))).headers;

const exportOf = (app: TestApp, headers: Record<string, string>, systemCoding: string) =>
  app.inject({ method: 'GET', url: '/ks/config/new/structure/export', headers, query: { systemCoding } });
const importOf = (app: TestApp, headers: Record<string, string>, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/ks/config/new/structure/import', headers, payload });

/** A system with a directory, two nodes (one published with audit levels and grants), a display group. */
async function richSystem(app: TestApp, headers: Record<string, string>) {
  const system = await newSystem(app, headers);
  const directory = await addNode(app, headers, system.gnCoding, {
    nodeProperties: 'directory',
    title: '目录',
  });
  const published = await addNode(app, headers, system.gnCoding, { parentId: directory.id, title: '申请' });
  const draftOnly = await addNode(app, headers, system.gnCoding, { parentId: directory.id, title: '草稿' });
  const admin = await createUser(app, 'M');
  const [org] = await app.db
    .insert(auditOrgs)
    .values({ name: unique('审核机构') })
    .returning();
  if (!org) throw new Error('org not created');
  const items = [
    { code: 'title', name: '标题', type: 'text' as const, required: '1' as const },
    { code: 'amount', name: '金额', type: 'number' as const },
  ];
  const audit = {
    levels: [
      { level: 1, name: '初审', way: 'single' as const, reviewerUserId: admin.id },
      { level: 2, name: '复审', way: 'any' as const, orgId: org.id },
    ],
  };
  expect(
    (
      await saveDraft(app, headers, published.id, {
        form: { items },
        list: { columns: [{ code: 'title', name: '标题', isSearch: true }] },
        functions: ['save', 'submit', 'audit'],
        audit,
      })
    ).json().code,
  ).toBe(200);
  expect((await publish(app, headers, published.id)).json().code).toBe(200);
  // The draft moves on after publishing: both travel in the document.
  await saveDraft(app, headers, published.id, {
    form: { items: [...items, { code: 'note', name: '备注', type: 'textarea' as const }] },
    functions: ['save', 'submit', 'audit'],
    audit,
  });
  await saveDraft(app, headers, draftOnly.id, {
    form: { items: [{ code: 'memo', name: '说明', type: 'text' }] },
  });
  await app.db.insert(menuNodeRoles).values([
    { nodeId: published.id, loginRoleType: 'U' },
    { nodeId: published.id, loginRoleType: 'P' },
  ]);
  await replaceGrants(app.db, published.id, [
    { functionCode: 'save', subjectType: 'role', subject: 'U' },
    { functionCode: 'audit', subjectType: 'org', subject: org.id },
  ]);
  const group = await app.inject({
    method: 'POST',
    url: '/ks/config/structure/display-groups',
    headers,
    payload: { systemCoding: system.gnCoding, name: '常用', nodeIds: [published.id, draftOnly.id] },
  });
  expect(group.json().code).toBe(200);
  return { system, published, draftOnly, admin, org };
}

/** The document without what differs between two systems by design: codes, table names, time. */
function comparable(document: SystemDocument) {
  return {
    ...document,
    exportedAt: '',
    system: { ...document.system, gnCoding: '' },
    nodes: document.nodes.map((node) => ({
      ...node,
      dataSource: node.dataSource ? { ...node.dataSource, tableName: '' } : null,
    })),
  };
}

describe('GET /ks/config/new/structure/export', () => {
  it('downloads the system as one document with codes for references', async () => {
    const app = getApp();
    const headers = await developer();
    const { system, published, admin, org } = await richSystem(app, headers);
    const response = await exportOf(app, headers, system.gnCoding);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${systemDocumentFileName(system.gnCoding)}"`,
    );
    const document = response.json() as SystemDocument;
    expect(document).toMatchObject({
      format: 'ks-system',
      formatVersion: 1,
      system: { gnCoding: system.gnCoding },
    });
    expect(document.nodes.map((node) => node.parentCoding)).toEqual([
      null,
      expect.any(String),
      expect.any(String),
    ]);
    const node = document.nodes.find((row) => row.gnCoding === published.gnCoding);
    expect(node).toMatchObject({
      menuRoles: ['P', 'U'],
      published: { schemaVersion: 1 },
      dataSource: { mode: 'created' },
      grants: {
        roles: [{ functionCode: 'save', role: 'U' }],
        orgs: [{ functionCode: 'audit', orgName: org.name }],
      },
    });
    expect(node?.draft?.form.items).toHaveLength(3);
    expect(node?.published?.definition.form.items).toHaveLength(2);
    expect(document.displayGroups[0]?.nodeCodings).toHaveLength(2);
    expect(document.references.reviewers[admin.id]).toBe(admin.userCode);
    expect(document.references.orgs[org.id]).toBe(org.name);
  });

  it('answers 404 for an unknown system', async () => {
    const app = getApp();
    const response = await exportOf(app, await developer(), 'NoSuchSystem');
    expect(response.json()).toMatchObject({ code: 404, message: '系统不存在' });
  });
});

describe('POST /ks/config/new/structure/import', () => {
  it('recreates a system under a new code that exports equal to the original', async () => {
    const app = getApp();
    const headers = await developer();
    const { system, published } = await richSystem(app, headers);
    const original = (await exportOf(app, headers, system.gnCoding)).json() as SystemDocument;
    const gnCoding = unique('Copy');
    const response = await importOf(app, headers, { document: original, gnCoding });
    expect(response.json()).toMatchObject({
      code: 200,
      data: { gnCoding, nodes: 3, published: 1, warnings: [] },
    });
    const copy = (await exportOf(app, headers, gnCoding)).json() as SystemDocument;
    expect(comparable(copy)).toEqual(comparable(original));
    // The published node got its own table under the new system code.
    const tableName = `${gnCoding}_${published.gnCoding}`.toLowerCase();
    expect(copy.nodes.find((node) => node.gnCoding === published.gnCoding)?.dataSource?.tableName).toBe(
      tableName,
    );
    expect((await tableColumns(app.db, tableName)).map((column) => column.name)).toEqual(
      expect.arrayContaining(['title', 'amount']),
    );
    const logged = await app.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.action, '导入系统'), eq(operationLogs.targetId, gnCoding)));
    expect(logged).toHaveLength(1);
  });

  it('refuses a clashing system code unless a new one is given', async () => {
    const app = getApp();
    const headers = await developer();
    const { system } = await richSystem(app, headers);
    const document = (await exportOf(app, headers, system.gnCoding)).json();
    const refused = await importOf(app, headers, { document });
    expect(refused.json()).toMatchObject({
      code: 400,
      message: SYSTEM_CODING_TAKEN_MESSAGE,
      data: { gnCoding: SYSTEM_CODING_TAKEN_MESSAGE },
    });
    const bad = await importOf(app, headers, { document, gnCoding: '1bad' });
    expect(bad.json().code).toBe(400);
    expect(bad.json().message).toContain('系统编码须以字母开头');
  });

  it('drops reviewers and organisations this platform lacks, and says so', async () => {
    const app = getApp();
    const headers = await developer();
    const { system, admin, org } = await richSystem(app, headers);
    const document = (await exportOf(app, headers, system.gnCoding)).json() as SystemDocument;
    document.references.reviewers[admin.id] = 'NO-SUCH-USER';
    document.references.orgs[org.id] = '不存在的机构';
    for (const node of document.nodes) for (const grant of node.grants.orgs) grant.orgName = '不存在的机构';
    const gnCoding = unique('Copy');
    const response = await importOf(app, headers, { document, gnCoding, systemName: '副本系统' });
    expect(response.json().code).toBe(200);
    const warnings = response.json().data.warnings as string[];
    expect(warnings).toEqual(
      expect.arrayContaining([
        '节点「申请」第1级审核人（NO-SUCH-USER）在本平台不存在或不是管理员，已删除该审核级别',
        '节点「申请」第2级审核机构（不存在的机构）在本平台不存在，已删除该审核级别',
        '节点「申请」的功能授权机构「不存在的机构」在本平台不存在，已忽略',
      ]),
    );
    const copy = (await exportOf(app, headers, gnCoding)).json() as SystemDocument;
    expect(copy.system.systemName).toBe('副本系统');
    const node = copy.nodes.find((row) => row.title === '申请');
    expect(node?.published?.definition.audit.levels).toEqual([]);
    expect(node?.grants.orgs).toEqual([]);
  });

  it.each<[string, (document: SystemDocument) => unknown, string]>([
    ['no document', () => undefined, IMPORT_DOCUMENT_REQUIRED_MESSAGE],
    ['another format', (document) => ({ ...document, format: 'other' }), SYSTEM_DOCUMENT_FORMAT_MESSAGE],
    ['a future version', (document) => ({ ...document, formatVersion: 2 }), SYSTEM_DOCUMENT_VERSION_MESSAGE],
    [
      'a duplicate node code',
      (document) => ({ ...document, nodes: [...document.nodes, document.nodes[1]] }),
      documentNodeCodingDuplicateMessage('DUP'),
    ],
    [
      'a parent that is not in the document',
      (document) => ({ ...document, nodes: document.nodes.slice(1) }),
      documentParentMissingMessage('CHILD', 'PARENT'),
    ],
    [
      'a display group naming a missing node',
      (document) => ({
        ...document,
        displayGroups: [{ name: '常用', icon: '', nodeCodings: ['ghost'], sort: 0 }],
      }),
      documentGroupNodeMissingMessage('常用', 'ghost'),
    ],
    [
      'a node without a title',
      (document) => ({
        ...document,
        nodes: [{ ...document.nodes[0], title: '' }, ...document.nodes.slice(1)],
      }),
      '第1个节点：请输入节点名称',
    ],
  ])('refuses %s with a clear message and creates nothing', async (_case, change, expected) => {
    const app = getApp();
    const headers = await developer();
    const { system } = await richSystem(app, headers);
    const document = (await exportOf(app, headers, system.gnCoding)).json() as SystemDocument;
    const [first, second] = document.nodes;
    const message = expected
      .replace('DUP', second?.gnCoding ?? '')
      .replace('CHILD', second?.gnCoding ?? '')
      .replace('PARENT', first?.gnCoding ?? '');
    const gnCoding = unique('Copy');
    const payload: Record<string, unknown> = { gnCoding };
    const changed = change(document);
    if (changed !== undefined) payload.document = changed;
    const response = await importOf(app, headers, payload);
    expect(response.json()).toMatchObject({ code: 400, message });
    expect(await app.db.select().from(systems).where(eq(systems.gnCoding, gnCoding))).toHaveLength(0);
  });

  it('rolls everything back when a node cannot be published', async () => {
    const app = getApp();
    const headers = await developer();
    const { system, published } = await richSystem(app, headers);
    const document = (await exportOf(app, headers, system.gnCoding)).json() as SystemDocument;
    const gnCoding = unique('Copy');
    // A stray table where the imported node's table would go.
    await app.db.execute(
      sql.raw(`create table ks_data."${`${gnCoding}_${published.gnCoding}`.toLowerCase()}" (x int)`),
    );
    const response = await importOf(app, headers, { document, gnCoding });
    expect(response.json().code).toBe(400);
    expect(response.json().message).toContain('已存在');
    expect(await app.db.select().from(systems).where(eq(systems.gnCoding, gnCoding))).toHaveLength(0);
  });

  it('is for developers only', async () => {
    const app = getApp();
    const headers = await headersByRole(app);
    const system = await newSystem(app, headers.D);
    await expectRefused(app, headers, ['M', 'U', 'P'], {
      method: 'GET',
      url: '/ks/config/new/structure/export',
      query: { systemCoding: system.gnCoding },
    });
    await expectRefused(app, headers, ['M', 'U', 'P'], {
      method: 'POST',
      url: '/ks/config/new/structure/import',
      payload: { document: {}, gnCoding: unique('X') },
    });
  });
});
