import type { BuilderNode, BuilderSystem } from '@ks/contract';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, loginAs, unique, useTestApp } from '../../../test/helper.ts';
import { untilWaiting } from '../../../test/races.ts';
import { operationLogs } from '../../db/schema/identity.ts';
import { menuNodes, systems } from '../../db/schema/shell.ts';

const getApp = useTestApp();

const headersOf = async (role: 'M' | 'D' | 'U' | 'P') => {
  const app = getApp();
  return (await loginAs(app, await createUser(app, role))).headers;
};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
async function call(headers: Record<string, string>, method: Method, url: string, payload?: object) {
  const isQuery = method === 'GET' || method === 'DELETE';
  return getApp().inject({
    method,
    url,
    headers,
    ...(isQuery ? { query: payload as Record<string, string> } : { payload }),
  });
}

async function newSystem(headers: Record<string, string>, gnCoding = unique('S')) {
  const response = await call(headers, 'POST', '/ks/config/new/structure/add', {
    systemName: '演示新建系统',
    title: '新系统',
    gnCoding,
    levels: '0',
  });
  expect(response.json().code).toBe(200);
  return { gnCoding, id: response.json().data.id as string };
}

async function addNode(
  headers: Record<string, string>,
  systemCoding: string,
  parentId: string | null,
  gnCoding = unique('N'),
) {
  const response = await call(headers, 'POST', '/ks/config/new/structure/child-menu', {
    systemCoding,
    parentId,
    title: `节点${gnCoding}`,
    nodeProperties: 'directory',
    gnCoding,
  });
  expect(response.json().code).toBe(200);
  return response.json().data as BuilderNode;
}

async function nodesOf(headers: Record<string, string>, systemCoding: string) {
  return (await call(headers, 'GET', '/ks/config/new/node/node-list', { systemCoding })).json()
    .data as BuilderNode[];
}

describe('POST /ks/config/new/structure/add', () => {
  it('places each new system after every existing one in the switcher order', async () => {
    const headers = await headersOf('D');
    const first = await newSystem(headers);
    const second = await newSystem(headers);
    const rows = await getApp()
      .db.select({ id: systems.id, sort: systems.sort })
      .from(systems)
      .where(inArray(systems.id, [first.id, second.id]));
    const sortOf = (id: string) => rows.find((row) => row.id === id)?.sort ?? -1;
    expect(sortOf(second.id)).toBeGreaterThan(sortOf(first.id));
  });

  it('creates a system, answers gnName and gnCoding with 系统已生成 and logs it', async () => {
    const headers = await headersOf('D');
    const gnCoding = unique('XT_');
    const response = await call(headers, 'POST', '/ks/config/new/structure/add', {
      systemName: '演示工程系统',
      title: '工程',
      gnCoding,
    });
    expect(response.json()).toMatchObject({
      code: 200,
      message: '系统已生成',
      data: { gnName: '演示工程系统', gnCoding },
    });
    const [row] = await getApp().db.select().from(systems).where(eq(systems.gnCoding, gnCoding));
    expect(row?.levels).toBe('0');
    const logs = await getApp().db.select().from(operationLogs).where(eq(operationLogs.targetId, gnCoding));
    expect(logs.map((log) => log.action)).toEqual(['新建系统']);
  });

  it.each([
    [{ systemName: '', title: '工程', gnCoding: 'A1' }, 'systemName', '请输入系统全称'],
    [{ systemName: '甲', title: '', gnCoding: 'A1' }, 'title', '请输入系统简称'],
    [{ systemName: '甲', title: '一二三四五六七八九', gnCoding: 'A1' }, 'title', '长度在 1 到 8 个字符'],
    [{ systemName: '甲', title: '工程', gnCoding: '' }, 'gnCoding', '请输入系统编码'],
    [
      { systemName: '甲', title: '工程', gnCoding: '1abc' },
      'gnCoding',
      '系统编码须以字母开头，由字母、数字或下划线组成，生成后不可修改',
    ],
  ])('refuses %j with the message for %s and creates nothing', async (body, field, message) => {
    const before = await getApp().db.select().from(systems);
    const response = await call(await headersOf('D'), 'POST', '/ks/config/new/structure/add', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().data[field]).toBe(message);
    expect(await getApp().db.select().from(systems)).toHaveLength(before.length);
  });

  it('refuses a system code already used, even by a deleted system', async () => {
    const headers = await headersOf('D');
    const { gnCoding, id } = await newSystem(headers);
    const clash = await call(headers, 'POST', '/ks/config/new/structure/add', {
      systemName: '乙',
      title: '乙',
      gnCoding,
    });
    expect(clash.json()).toMatchObject({ code: 400, message: '系统编码已被使用，请换一个编码' });
    await call(headers, 'DELETE', '/ks/config/new/structure/del', { systemId: id });
    const again = await call(headers, 'POST', '/ks/config/new/structure/add', {
      systemName: '乙',
      title: '乙',
      gnCoding,
    });
    expect(again.json().data.gnCoding).toBe('系统编码已被使用，请换一个编码');
  });

  it.each(['M', 'U', 'P'] as const)('refuses role %s with 403 and creates nothing', async (role) => {
    const gnCoding = unique('R');
    const response = await call(await headersOf(role), 'POST', '/ks/config/new/structure/add', {
      systemName: '甲',
      title: '甲',
      gnCoding,
    });
    expect(response.statusCode).toBe(403);
    expect(await getApp().db.select().from(systems).where(eq(systems.gnCoding, gnCoding))).toHaveLength(0);
  });
});

describe('systems list, rename and delete', () => {
  it('lists systems with node counts; an administrator then sees a new system in main-menus', async () => {
    const headers = await headersOf('D');
    const { gnCoding } = await newSystem(headers);
    await addNode(headers, gnCoding, null);
    const list = (await call(headers, 'GET', '/ks/config/new/node/system-list')).json()
      .data as BuilderSystem[];
    expect(list.find((system) => system.gnCoding === gnCoding)).toMatchObject({ nodeCount: 1, version: 1 });
    const main = await call(await headersOf('M'), 'POST', '/ks/menu/v1/menus/main-menus');
    expect(main.json().data.map((system: { gnCoding: string }) => system.gnCoding)).toContain(gnCoding);
  });

  it('renames over the loaded version and answers 409 on a stale version', async () => {
    const headers = await headersOf('D');
    const { id } = await newSystem(headers);
    const renamed = await call(headers, 'PUT', '/ks/config/structure/system-name', {
      id,
      systemName: '演示改名系统',
      version: 1,
    });
    expect(renamed.json()).toMatchObject({ code: 200, data: { systemName: '演示改名系统', version: 2 } });
    const stale = await call(headers, 'PUT', '/ks/config/structure/system-name', {
      id,
      systemName: '另一个名字',
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('数据已被他人修改，请刷新后重试');
    const [row] = await getApp().db.select().from(systems).where(eq(systems.id, id));
    expect(row?.systemName).toBe('演示改名系统');
  });

  it('refuses an empty name', async () => {
    const headers = await headersOf('D');
    const { id } = await newSystem(headers);
    const response = await call(headers, 'PUT', '/ks/config/structure/system-name', {
      id,
      systemName: ' ',
      version: 1,
    });
    expect(response.json()).toMatchObject({ code: 400, message: '请输入系统全称' });
  });

  it('soft-deletes a system with its nodes and says how many nodes went', async () => {
    const headers = await headersOf('D');
    const { gnCoding, id } = await newSystem(headers);
    const top = await addNode(headers, gnCoding, null);
    await addNode(headers, gnCoding, top.id);
    const response = await call(headers, 'DELETE', '/ks/config/new/structure/del', { systemId: id });
    expect(response.json()).toMatchObject({ code: 200, data: { deletedNodes: 2 } });
    const [row] = await getApp().db.select().from(systems).where(eq(systems.id, id));
    expect(row?.deletedAt).not.toBeNull();
    const gone = await getApp()
      .db.select()
      .from(menuNodes)
      .where(and(eq(menuNodes.systemId, id), isNotNull(menuNodes.deletedAt)));
    expect(gone).toHaveLength(2);
    const list = (await call(headers, 'GET', '/ks/config/new/node/system-list')).json()
      .data as BuilderSystem[];
    expect(list.map((system) => system.id)).not.toContain(id);
  });

  it('asks for exactly one of systemId and nodeId', async () => {
    const response = await call(await headersOf('D'), 'DELETE', '/ks/config/new/structure/del', {});
    expect(response.json()).toMatchObject({ code: 400, message: '请指定要删除的系统或节点' });
  });

  it('refuses an administrator the delete', async () => {
    const { id } = await newSystem(await headersOf('D'));
    const response = await call(await headersOf('M'), 'DELETE', '/ks/config/new/structure/del', {
      systemId: id,
    });
    expect(response.statusCode).toBe(403);
    const [row] = await getApp().db.select().from(systems).where(eq(systems.id, id));
    expect(row?.deletedAt).toBeNull();
  });
});

describe('menu nodes', () => {
  it('adds nodes at the top and under a node, refusing a code used in the same system', async () => {
    const headers = await headersOf('D');
    const { gnCoding } = await newSystem(headers);
    const top = await addNode(headers, gnCoding, null, 'TOP');
    const child = await addNode(headers, gnCoding, top.id, 'CHILD');
    expect(child).toMatchObject({ parentId: top.id, itShows: '是', icon: '', version: 1 });
    const clash = await call(headers, 'POST', '/ks/config/new/structure/child-menu', {
      systemCoding: gnCoding,
      parentId: null,
      title: '重复',
      nodeProperties: 'directory',
      gnCoding: 'TOP',
    });
    expect(clash.json()).toMatchObject({ code: 400, message: '该系统中已有相同的功能编码，请换一个编码' });
    // Another system may use the same code.
    const other = await newSystem(headers);
    await addNode(headers, other.gnCoding, null, 'TOP');
  });

  it.each([
    [{ title: '' }, 'title', '请输入节点名称'],
    [{ gnCoding: '9x' }, 'gnCoding', '功能编码须以字母开头，由字母、数字或下划线组成，保存后不可修改'],
    [{ nodeProperties: 'nothing' }, 'nodeProperties', '请选择节点属性'],
    [{ icon: 'NotAnIcon' }, 'icon', '请从图标列表中选择图标'],
  ])('refuses a node with %j', async (override, field, message) => {
    const headers = await headersOf('D');
    const { gnCoding } = await newSystem(headers);
    const response = await call(headers, 'POST', '/ks/config/new/structure/child-menu', {
      systemCoding: gnCoding,
      parentId: null,
      title: '节点',
      nodeProperties: 'directory',
      gnCoding: 'OK',
      ...override,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().data[field]).toBe(message);
    expect(await nodesOf(headers, gnCoding)).toHaveLength(0);
  });

  it('edits a node over its version; the code cannot change; a stale version gets 409', async () => {
    const headers = await headersOf('D');
    const { gnCoding } = await newSystem(headers);
    const node = await addNode(headers, gnCoding, null, 'EDIT');
    const edit = {
      id: node.id,
      title: '改过的',
      icon: 'BankOutlined',
      itShows: '否',
      nodeProperties: 'pageConfig',
    };
    const saved = await call(headers, 'PUT', '/ks/config/new/structure/edit', { ...edit, version: 1 });
    expect(saved.json().data).toMatchObject({ title: '改过的', itShows: '否', gnCoding: 'EDIT', version: 2 });
    const recode = await call(headers, 'PUT', '/ks/config/new/structure/edit', {
      ...edit,
      gnCoding: 'OTHER',
      version: 2,
    });
    expect(recode.json()).toMatchObject({ code: 400, message: '功能编码保存后不可修改' });
    const stale = await call(headers, 'PUT', '/ks/config/new/structure/edit', {
      ...edit,
      title: '旧',
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    const [row] = await nodesOf(headers, gnCoding);
    expect(row).toMatchObject({ title: '改过的', gnCoding: 'EDIT', version: 2 });
  });

  it('moves a node under another and reorders siblings', async () => {
    const headers = await headersOf('D');
    const { gnCoding } = await newSystem(headers);
    const a = await addNode(headers, gnCoding, null, 'A');
    const b = await addNode(headers, gnCoding, null, 'B');
    const c = await addNode(headers, gnCoding, null, 'C');
    const moved = await call(headers, 'POST', '/ks/config/new/structure/move', {
      nodeId: c.id,
      targetParentId: null,
      index: 0,
    });
    const top = (moved.json().data as BuilderNode[]).filter((node) => node.parentId === null);
    expect(top.map((node) => node.gnCoding)).toEqual(['C', 'A', 'B']);
    await call(headers, 'POST', '/ks/config/new/structure/move', {
      nodeId: b.id,
      targetParentId: a.id,
      index: 0,
    });
    const after = await nodesOf(headers, gnCoding);
    expect(after.find((node) => node.id === b.id)?.parentId).toBe(a.id);
    const logs = await getApp()
      .db.select()
      .from(operationLogs)
      .where(eq(operationLogs.action, '移动菜单节点'));
    expect(logs.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses to move a node into its own subtree and leaves it where it was', async () => {
    const headers = await headersOf('D');
    const { gnCoding } = await newSystem(headers);
    const parent = await addNode(headers, gnCoding, null);
    const child = await addNode(headers, gnCoding, parent.id);
    for (const target of [parent.id, child.id]) {
      const response = await call(headers, 'POST', '/ks/config/new/structure/move', {
        nodeId: parent.id,
        targetParentId: target,
        index: 0,
      });
      expect(response.json()).toMatchObject({
        code: 400,
        message: '不能把节点移动到它自己或它的下级节点之下',
      });
    }
    const after = await nodesOf(headers, gnCoding);
    expect(after.find((node) => node.id === parent.id)?.parentId).toBeNull();
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'runs two crossing moves one after the other: the second finds the loop and is refused (needs DATABASE_URL: PGlite has one session, so nothing runs concurrently)',
    async () => {
      const app = getApp();
      const headers = await headersOf('D');
      const { gnCoding } = await newSystem(headers);
      const x = await addNode(headers, gnCoding, null, 'X');
      const y = await addNode(headers, gnCoding, null, 'Y');
      const [system] = await app.db.select().from(systems).where(eq(systems.gnCoding, gnCoding));
      const move = (nodeId: string, targetParentId: string) =>
        call(headers, 'POST', '/ks/config/new/structure/move', { nodeId, targetParentId, index: 0 });
      // Both moves start while another transaction holds the system row: without the tree lock each
      // reads the tree, finds no loop and commits before that transaction ends.
      let moves: Promise<Awaited<ReturnType<typeof move>>[]> = Promise.resolve([]);
      await app.db.transaction(async (tx) => {
        await tx
          .select({ id: systems.id })
          .from(systems)
          .where(eq(systems.id, system?.id ?? ''))
          .for('update');
        const started = [move(x.id, y.id), move(y.id, x.id)];
        moves = Promise.all(started);
        await untilWaiting(app, started);
      });
      const answers = await moves;
      expect(answers.map((answer) => answer.json().code).sort()).toEqual([200, 400]);
      const after = await nodesOf(headers, gnCoding);
      const parents = new Map(after.map((node) => [node.id, node.parentId]));
      // One of the two stays at the top: the tree has a root, not a loop.
      expect([parents.get(x.id), parents.get(y.id)]).toContain(null);
    },
  );

  it('soft-deletes a node with its subtree and keeps its siblings', async () => {
    const headers = await headersOf('D');
    const { gnCoding } = await newSystem(headers);
    const keep = await addNode(headers, gnCoding, null);
    const top = await addNode(headers, gnCoding, null);
    const child = await addNode(headers, gnCoding, top.id);
    await addNode(headers, gnCoding, child.id);
    const response = await call(headers, 'DELETE', '/ks/config/new/structure/del', { nodeId: top.id });
    expect(response.json().data).toEqual({ deletedNodes: 3 });
    expect((await nodesOf(headers, gnCoding)).map((node) => node.id)).toEqual([keep.id]);
    const rows = await getApp().db.select().from(menuNodes).where(eq(menuNodes.id, top.id));
    expect(rows[0]?.deletedAt).not.toBeNull();
  });

  it('lists node logos and group icons to developers only', async () => {
    const headers = await headersOf('D');
    const logos = await call(headers, 'GET', '/ks/config/new/node/node-logos');
    expect(logos.json().data).toContain('ProjectOutlined');
    const groups = await call(headers, 'POST', '/ks/config/group/group-icons');
    expect(groups.json().data).toContain('AppstoreOutlined');
    for (const role of ['M', 'U', 'P'] as const) {
      const refused = await call(await headersOf(role), 'GET', '/ks/config/new/node/node-logos');
      expect(refused.statusCode).toBe(403);
    }
  });
});

describe('display groups', () => {
  const url = '/ks/config/structure/display-groups';

  it('adds, lists, edits and soft-deletes a group of a system’s nodes', async () => {
    const headers = await headersOf('D');
    const { gnCoding } = await newSystem(headers);
    const a = await addNode(headers, gnCoding, null);
    const b = await addNode(headers, gnCoding, null);
    const added = await call(headers, 'POST', url, {
      systemCoding: gnCoding,
      name: '常用',
      nodeIds: [b.id, a.id],
    });
    expect(added.json().data).toMatchObject({ name: '常用', nodeIds: [b.id, a.id], version: 1 });
    const id = added.json().data.id as string;
    const edited = await call(headers, 'PUT', url, { id, name: '常用功能', nodeIds: [a.id], version: 1 });
    expect(edited.json().data).toMatchObject({ name: '常用功能', nodeIds: [a.id], version: 2 });
    const stale = await call(headers, 'PUT', url, { id, name: '旧', nodeIds: [], version: 1 });
    expect(stale.statusCode).toBe(409);
    // A deleted node drops out of the groups that listed it.
    await call(headers, 'DELETE', '/ks/config/new/structure/del', { nodeId: a.id });
    const listed = await call(headers, 'GET', url, { systemCoding: gnCoding });
    expect(listed.json().data).toEqual([expect.objectContaining({ name: '常用功能', nodeIds: [] })]);
    const deleted = await call(headers, 'DELETE', url, { id });
    expect(deleted.json().code).toBe(200);
    expect((await call(headers, 'GET', url, { systemCoding: gnCoding })).json().data).toEqual([]);
  });

  it('refuses an empty name, a duplicate name and a node of another system', async () => {
    const headers = await headersOf('D');
    const { gnCoding } = await newSystem(headers);
    const other = await newSystem(headers);
    const foreign = await addNode(headers, other.gnCoding, null);
    const empty = await call(headers, 'POST', url, { systemCoding: gnCoding, name: '' });
    expect(empty.json()).toMatchObject({ code: 400, message: '请输入分组名称' });
    await call(headers, 'POST', url, { systemCoding: gnCoding, name: '甲组' });
    const twice = await call(headers, 'POST', url, { systemCoding: gnCoding, name: '甲组' });
    expect(twice.json()).toMatchObject({ code: 400, message: '该系统中已有同名的展示分组' });
    const wrong = await call(headers, 'POST', url, {
      systemCoding: gnCoding,
      name: '乙组',
      nodeIds: [foreign.id],
    });
    expect(wrong.json()).toMatchObject({ code: 400, message: '分组中有不属于该系统或已删除的节点' });
    expect((await call(headers, 'GET', url, { systemCoding: gnCoding })).json().data).toHaveLength(1);
  });

  it.each(['M', 'U', 'P'] as const)('refuses role %s', async (role) => {
    const { gnCoding } = await newSystem(await headersOf('D'));
    const response = await call(await headersOf(role), 'POST', url, { systemCoding: gnCoding, name: '组' });
    expect(response.statusCode).toBe(403);
  });
});
