import type { MenuNode } from '@ks/contract';
import { describe, expect, it } from 'vitest';
import { addNode, expectRefused, headersByRole, newSystem } from '../../../test/builder-fixtures.ts';
import { type TestApp, useTestApp } from '../../../test/helper.ts';
import { menuNodeRoles } from '../../db/schema/shell.ts';

const getApp = useTestApp();

/** A system: a directory with a shown node for U, a hidden node and a disabled node; one top-level node. */
async function menuSystem(app: TestApp, developer: Record<string, string>) {
  const system = await newSystem(app, developer);
  const directory = await addNode(app, developer, system.gnCoding, {
    nodeProperties: 'directory',
    title: '目录',
  });
  // Five-in-one nodes open a page of their own: an unpublished dynamic list would be left out too.
  const leaf = (title: string, parentId: string | null = directory.id) =>
    addNode(app, developer, system.gnCoding, { parentId, title, nodeProperties: 'fiveInOne' });
  const shown = await leaf('显示');
  const hidden = await leaf('隐藏');
  const disabled = await leaf('停用');
  const top = await leaf('顶层', null);
  for (const [node, changes] of [
    [hidden, { itShows: '否' }],
    [disabled, { disabled: true }],
  ] as const) {
    const response = await app.inject({
      method: 'PUT',
      url: '/ks/config/new/structure/edit',
      headers: developer,
      payload: {
        id: node.id,
        title: node.title,
        nodeProperties: node.nodeProperties,
        version: node.version,
        ...changes,
      },
    });
    expect(response.json().code).toBe(200);
  }
  await app.db
    .insert(menuNodeRoles)
    .values(
      [directory, shown, hidden, disabled].map((node) => ({ nodeId: node.id, loginRoleType: 'U' as const })),
    );
  return { system, directory, shown, hidden, disabled, top };
}

const submenus = (
  app: TestApp,
  headers: Record<string, string>,
  systemCoding: string,
  parentId: string | null,
) =>
  app.inject({
    method: 'POST',
    url: '/ks/menu/v1/menus/submenus',
    headers,
    payload: { systemCoding, parentId },
  });
const titles = (nodes: MenuNode[]) => nodes.map((node) => node.title);

describe('POST /ks/menu/v1/menus/submenus', () => {
  it('answers the children each role sees, by the menu visibility rules', async () => {
    const app = getApp();
    const headers = await headersByRole(app);
    const { system, directory, top } = await menuSystem(app, headers.D);
    const childrenFor = async (role: 'M' | 'D' | 'U' | 'P') =>
      titles((await submenus(app, headers[role], system.gnCoding, directory.id)).json().data);
    expect(await childrenFor('D')).toEqual(['显示', '隐藏', '停用']);
    expect(await childrenFor('M')).toEqual(['显示']);
    expect(await childrenFor('U')).toEqual(['显示']);
    expect(titles((await submenus(app, headers.M, system.gnCoding, null)).json().data)).toEqual([
      '目录',
      '顶层',
    ]);
    expect(titles((await submenus(app, headers.U, system.gnCoding, null)).json().data)).toEqual(['目录']);
    // A node the caller does not see has no children to show.
    const notVisible = await submenus(app, headers.U, system.gnCoding, top.id);
    expect(notVisible.json()).toMatchObject({ code: 404, message: '节点不存在' });
    // P has no node in this system at all.
    expect((await submenus(app, headers.P, system.gnCoding, null)).json()).toMatchObject({
      code: 403,
      message: '无权访问该系统',
    });
  });

  it('refuses a bad body and an unknown system, and needs a session', async () => {
    const app = getApp();
    const headers = await headersByRole(app);
    const bad = await submenus(app, headers.M, '', null);
    expect(bad.json()).toMatchObject({ code: 400, message: '请选择系统' });
    const badParent = await submenus(app, headers.M, 'X', 'not-a-uuid');
    expect(badParent.json()).toMatchObject({ code: 400, message: '请选择上级节点' });
    expect((await submenus(app, headers.M, 'NoSuchSystem', null)).json()).toMatchObject({
      code: 404,
      message: '系统不存在',
    });
    const anonymous = await app.inject({
      method: 'POST',
      url: '/ks/menu/v1/menus/submenus',
      payload: { systemCoding: 'X', parentId: null },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /ks/config/new/node/pull-down', () => {
  it("answers a system's nodes as options, depth-first, for developers only", async () => {
    const app = getApp();
    const headers = await headersByRole(app);
    const { system, directory, shown, hidden, disabled, top } = await menuSystem(app, headers.D);
    const response = await app.inject({
      method: 'GET',
      url: '/ks/config/new/node/pull-down',
      headers: headers.D,
      query: { systemCoding: system.gnCoding },
    });
    expect(response.json().data).toEqual(
      [directory, shown, hidden, disabled, top].map((node) => ({ label: node.title, value: node.gnCoding })),
    );
    const missing = await app.inject({
      method: 'GET',
      url: '/ks/config/new/node/pull-down',
      headers: headers.D,
      query: { systemCoding: 'NoSuchSystem' },
    });
    expect(missing.json()).toMatchObject({ code: 404, message: '系统不存在' });
    await expectRefused(app, headers, ['M', 'U', 'P'], {
      method: 'GET',
      url: '/ks/config/new/node/pull-down',
      query: { systemCoding: system.gnCoding },
    });
  });
});

describe('GET /ks/config/structure/display-groups/ (the spec’s spelling with a trailing slash)', () => {
  it('answers like the path without the slash, to developers only', async () => {
    const app = getApp();
    const headers = await headersByRole(app);
    const { system, shown } = await menuSystem(app, headers.D);
    await app.inject({
      method: 'POST',
      url: '/ks/config/structure/display-groups',
      headers: headers.D,
      payload: { systemCoding: system.gnCoding, name: '常用', nodeIds: [shown.id] },
    });
    const plain = await app.inject({
      method: 'GET',
      url: `/ks/config/structure/display-groups?systemCoding=${system.gnCoding}`,
      headers: headers.D,
    });
    const slashed = await app.inject({
      method: 'GET',
      url: `/ks/config/structure/display-groups/?systemCoding=${system.gnCoding}`,
      headers: headers.D,
    });
    expect(slashed.statusCode).toBe(200);
    expect(slashed.json()).toEqual(plain.json());
    expect(slashed.json().data[0]).toMatchObject({ name: '常用', nodeIds: [shown.id] });
    await expectRefused(app, headers, ['M', 'U', 'P'], {
      method: 'GET',
      url: `/ks/config/structure/display-groups/?systemCoding=${system.gnCoding}`,
    });
  });
});

describe('GET /ks/cache/refresh', () => {
  it('clears every registered cache for administrators and developers, answering the names', async () => {
    const app = getApp();
    const headers = await headersByRole(app);
    let cleared = 0;
    app.caches.register('test-cache', () => {
      cleared++;
    });
    for (const role of ['M', 'D'] as const) {
      const response = await app.inject({ method: 'GET', url: '/ks/cache/refresh', headers: headers[role] });
      expect(response.json()).toMatchObject({ code: 200, message: '缓存已刷新' });
      expect(response.json().data).toContain('test-cache');
    }
    expect(cleared).toBe(2);
    await expectRefused(app, headers, ['U', 'P'], { method: 'GET', url: '/ks/cache/refresh' });
    expect(cleared).toBe(2);
  });
});
