import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_THEME_CONFIG, type MenuNode } from '@ks/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addNode, newSystem, publish, saveDraft } from '../../../test/builder-fixtures.ts';
import { createUser, loginAs, useTestApp } from '../../../test/helper.ts';
import { operationLogs } from '../../db/schema/identity.ts';
import { headerItemRoles, headerItems, menuNodeRoles } from '../../db/schema/shell.ts';
import { MIGRATIONS_FOLDER } from '../../paths.ts';
import { seedShellDemo } from './demo.ts';
import { detectPhotoType } from './service.ts';

const getApp = useTestApp();

beforeAll(async () => {
  await seedShellDemo(getApp().db);
});

const headersOf = async (role: 'M' | 'D' | 'U' | 'P') => {
  const app = getApp();
  return (await loginAs(app, await createUser(app, role))).headers;
};

const titles = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [n.title, ...titles(n.children)]);

async function menus(headers: Record<string, string>, systemCoding: string) {
  return getApp().inject({ method: 'GET', url: '/ks/individual/menus', query: { systemCoding }, headers });
}

describe('POST /ks/menu/v1/menus/main-menus', () => {
  it('lists every system to administrators and developers', async () => {
    for (const role of ['M', 'D'] as const) {
      const response = await getApp().inject({
        method: 'POST',
        url: '/ks/menu/v1/menus/main-menus',
        headers: await headersOf(role),
      });
      expect(response.json().data.map((s: { gnCoding: string }) => s.gnCoding)).toEqual([
        'DEMO_JYGL',
        'DEMO_XYPJ',
        'DEMO_TJFX',
      ]);
    }
  });

  it('lists to other roles only the systems with a menu for them', async () => {
    const response = await getApp().inject({
      method: 'POST',
      url: '/ks/menu/v1/menus/main-menus',
      headers: await headersOf('P'),
    });
    expect(response.json().data.map((s: { gnCoding: string }) => s.gnCoding)).toEqual([
      'DEMO_XYPJ',
      'DEMO_TJFX',
    ]);
  });

  it('answers 10000 without a session', async () => {
    const response = await getApp().inject({ method: 'POST', url: '/ks/menu/v1/menus/main-menus' });
    expect(response.json().code).toBe(10000);
  });
});

describe('GET /ks/individual/menus', () => {
  it('gives an enterprise user only shown, enabled nodes listed for role U', async () => {
    const response = await menus(await headersOf('U'), 'DEMO_JYGL');
    expect(response.json().code).toBe(200);
    const tree = response.json().data as MenuNode[];
    // 场地预约 opens U the node's runtime list, and the demo never published it: left out.
    expect(titles(tree)).toEqual([
      '项目交易',
      '五位一体',
      '招标文件发售',
      '澄清文件',
      '收到的澄清',
      '异议',
      '保函管理',
      '文件分析',
    ]);
    // Admin-only nodes and a directory with only admin-only children never reach U.
    expect(titles(tree)).not.toContain('锁管理');
    expect(titles(tree)).not.toContain('澄清审核');
    expect(titles(tree)).not.toContain('评标评审');
  });

  it('gives an administrator every shown, enabled node', async () => {
    const tree = (await menus(await headersOf('M'), 'DEMO_JYGL')).json().data as MenuNode[];
    expect(titles(tree)).toContain('锁管理');
    expect(titles(tree)).toContain('专家信息');
    expect(titles(tree)).not.toContain('待配置节点（隐藏）');
    expect(titles(tree)).not.toContain('已停用节点');
  });

  it('gives a developer hidden and disabled nodes too, to configure them', async () => {
    const tree = (await menus(await headersOf('D'), 'DEMO_JYGL')).json().data as MenuNode[];
    const all = tree.flatMap((n) => [n, ...n.children]);
    expect(all.find((n) => n.title === '待配置节点（隐藏）')?.itShows).toBe('否');
    expect(all.find((n) => n.title === '已停用节点')?.disabled).toBe(true);
  });

  it('lists a node whose page its published definition drives only once published (developers always)', async () => {
    const app = getApp();
    const developer = await headersOf('D');
    const system = await newSystem(app, developer);
    const add = async (title: string, nodeProperties: string) => {
      const node = await addNode(app, developer, system.gnCoding, { title, nodeProperties });
      await app.db
        .insert(menuNodeRoles)
        .values((['M', 'U', 'P'] as const).map((loginRoleType) => ({ nodeId: node.id, loginRoleType })));
      return node;
    };
    const list = await add('动态列表节点', 'dynamicList');
    await add('场地节点', 'venueReserve');
    await add('企业信息节点', 'enterpriseInfo');
    await add('五位一体节点', 'fiveInOne');
    const seen = async (role: 'M' | 'D' | 'U' | 'P') =>
      titles((await menus(await headersOf(role), system.gnCoding)).json().data as MenuNode[]);

    expect(await seen('D')).toEqual(['动态列表节点', '场地节点', '企业信息节点', '五位一体节点']);
    // An administrator's venue node opens the meeting calendar, not the runtime list.
    expect(await seen('M')).toEqual(['场地节点', '五位一体节点']);
    expect(await seen('U')).toEqual(['五位一体节点']);
    expect(await seen('P')).toEqual(['五位一体节点']);

    const definition = { form: { items: [{ code: 'title', name: '标题', type: 'text' as const }] } };
    expect((await saveDraft(app, developer, list.id, definition)).json().code).toBe(200);
    // A saved draft is not a published node yet.
    expect(await seen('U')).toEqual(['五位一体节点']);
    expect((await publish(app, developer, list.id)).json().code).toBe(200);
    expect(await seen('M')).toEqual(['动态列表节点', '场地节点', '五位一体节点']);
    expect(await seen('U')).toEqual(['动态列表节点', '五位一体节点']);
    expect(await seen('P')).toEqual(['动态列表节点', '五位一体节点']);
    // The submenus call follows the same rules.
    const submenus = await app.inject({
      method: 'POST',
      url: '/ks/menu/v1/menus/submenus',
      headers: await headersOf('U'),
      payload: { systemCoding: system.gnCoding, parentId: null },
    });
    expect(titles(submenus.json().data)).toEqual(['动态列表节点', '五位一体节点']);
  });

  it('refuses a system without a menu for the role: 无权访问该系统', async () => {
    const response = await menus(await headersOf('U'), 'DEMO_TJFX');
    expect(response.json().code).toBe(200);
    const personnel = await menus(await headersOf('P'), 'DEMO_JYGL');
    expect(personnel.json()).toMatchObject({ code: 403, message: '无权访问该系统' });
  });

  it('answers 系统不存在 for an unknown system and 请选择系统 without one', async () => {
    const headers = await headersOf('M');
    expect((await menus(headers, 'NO_SUCH')).json()).toMatchObject({ code: 404, message: '系统不存在' });
    const missing = await getApp().inject({ method: 'GET', url: '/ks/individual/menus', headers });
    expect(missing.json().code).toBe(400);
    expect((await menus(headers, ' ')).json()).toMatchObject({ code: 400, message: '请选择系统' });
  });
});

describe('GET /ks/individual/header-items', () => {
  it.each([
    ['M', ['权限设置', '管理权限', '管理信息', '通知配置']],
    ['D', ['权限设置']],
    ['U', ['业务办理']],
    ['P', ['业务办理']],
  ] as const)('gives role %s its items', async (role, expected) => {
    const response = await getApp().inject({
      method: 'GET',
      url: '/ks/individual/header-items',
      headers: await headersOf(role),
    });
    expect(response.json().data.map((i: { title: string }) => i.title)).toEqual(expected);
  });

  it('migration 0013 takes 通知配置 from developers of a database seeded before', async () => {
    const app = getApp();
    const [item] = await app.db.select().from(headerItems).where(eq(headerItems.code, 'jumpNoticeCfg'));
    if (!item) throw new Error('jumpNoticeCfg not seeded');
    await app.db
      .insert(headerItemRoles)
      .values({ itemId: item.id, loginRoleType: 'D' })
      .onConflictDoNothing();
    const titles = async () =>
      (await app.inject({ method: 'GET', url: '/ks/individual/header-items', headers: await headersOf('D') }))
        .json()
        .data.map((i: { title: string }) => i.title);
    expect(await titles()).toContain('通知配置');
    const migration = readFileSync(join(MIGRATIONS_FOLDER, '0013_notice_config_admins.sql'), 'utf8');
    await app.db.execute(sql.raw(migration));
    expect(await titles()).toEqual(['权限设置']);
  });

  it('leaves items already there alone on the next start', async () => {
    const app = getApp();
    // buildApp ran ensureHeaderItems once; running it again adds nothing and duplicates no role.
    const before = (
      await app.inject({ method: 'GET', url: '/ks/individual/header-items', headers: await headersOf('M') })
    ).json().data;
    const { ShellService } = await import('./service.ts');
    await new ShellService(app.db, {} as never).ensureHeaderItems();
    const after = (
      await app.inject({ method: 'GET', url: '/ks/individual/header-items', headers: await headersOf('M') })
    ).json().data;
    expect(after).toEqual(before);
  });
});

describe('GET and PUT /ks/individual/theme', () => {
  it('answers the defaults at version 0, then saves per user with the version', async () => {
    const app = getApp();
    const headers = await headersOf('U');
    const initial = (await app.inject({ method: 'GET', url: '/ks/individual/theme', headers })).json().data;
    expect(initial).toEqual({ ...DEFAULT_THEME_CONFIG, version: 0 });
    const dark = {
      ...DEFAULT_THEME_CONFIG,
      theme: 'dark',
      themeColor: '#722ed1',
      asideWidth: 260,
      version: 0,
    };
    const saved = await app.inject({ method: 'PUT', url: '/ks/individual/theme', headers, payload: dark });
    expect(saved.json()).toMatchObject({ code: 200, data: { theme: 'dark', version: 1 } });
    const again = (await app.inject({ method: 'GET', url: '/ks/individual/theme', headers })).json().data;
    expect(again).toMatchObject({ theme: 'dark', themeColor: '#722ed1', asideWidth: 260, version: 1 });
    // Another user's theme is untouched.
    const other = (
      await app.inject({ method: 'GET', url: '/ks/individual/theme', headers: await headersOf('U') })
    ).json().data;
    expect(other.theme).toBe('light');
  });

  it('refuses a stale save with 409 and keeps the saved theme', async () => {
    const app = getApp();
    const headers = await headersOf('P');
    const first = { ...DEFAULT_THEME_CONFIG, theme: 'dark', version: 0 };
    await app.inject({ method: 'PUT', url: '/ks/individual/theme', headers, payload: first });
    const stale = await app.inject({
      method: 'PUT',
      url: '/ks/individual/theme',
      headers,
      payload: { ...DEFAULT_THEME_CONFIG, theme: 'light', version: 0 },
    });
    expect(stale.json()).toMatchObject({ code: 409, message: '数据已被他人修改，请刷新后重试' });
    const current = (await app.inject({ method: 'GET', url: '/ks/individual/theme', headers })).json().data;
    expect(current).toMatchObject({ theme: 'dark', version: 1 });
  });

  it.each([
    [{ asideWidth: 199 }, 'asideWidth', '侧边栏宽度不能小于200'],
    [{ asideWidth: 240.5 }, 'asideWidth', '侧边栏宽度须为整数'],
    [{ themeColor: '#123456' }, 'themeColor', '请选择预设主题色'],
    [{ navBgColor: 'red' }, 'navBgColor', '导航背景色须为#RRGGBB格式的颜色'],
    [{ theme: 'blue' }, 'theme', '请选择主题'],
  ])('rejects bad input %j with a clear message and saves nothing', async (change, field, message) => {
    const app = getApp();
    const headers = await headersOf('U');
    const response = await app.inject({
      method: 'PUT',
      url: '/ks/individual/theme',
      headers,
      payload: { ...DEFAULT_THEME_CONFIG, ...change, version: 0 },
    });
    expect(response.json()).toMatchObject({ code: 400, message, data: { [field]: message } });
    const current = (await app.inject({ method: 'GET', url: '/ks/individual/theme', headers })).json().data;
    expect(current.version).toBe(0);
  });

  it('records the save in the operation log', async () => {
    const app = getApp();
    const user = await createUser(app, 'M');
    const { headers } = await loginAs(app, user);
    await app.inject({
      method: 'PUT',
      url: '/ks/individual/theme',
      headers,
      payload: { ...DEFAULT_THEME_CONFIG, version: 0 },
    });
    const logs = await app.db.select().from(operationLogs).where(eq(operationLogs.userId, user.id));
    expect(logs.map((l) => l.action)).toContain('修改主题设置');
  });
});

describe('GET and PUT /ks/individual/profile', () => {
  it('changes the name over the loaded version, and user-info shows it', async () => {
    const app = getApp();
    const headers = await headersOf('U');
    const profile = (await app.inject({ method: 'GET', url: '/ks/individual/profile', headers })).json().data;
    const saved = await app.inject({
      method: 'PUT',
      url: '/ks/individual/profile',
      headers,
      payload: { userName: '王五', version: profile.version },
    });
    expect(saved.json()).toMatchObject({ code: 200, message: '保存成功', data: { userName: '王五' } });
    const info = (await app.inject({ method: 'GET', url: '/ks/individual/user-info', headers })).json().data;
    expect(info.userName).toBe('王五');
    const stale = await app.inject({
      method: 'PUT',
      url: '/ks/individual/profile',
      headers,
      payload: { userName: '赵六', version: profile.version },
    });
    expect(stale.json().code).toBe(409);
  });

  it('rejects an empty name: 请输入姓名', async () => {
    const app = getApp();
    const headers = await headersOf('P');
    const response = await app.inject({
      method: 'PUT',
      url: '/ks/individual/profile',
      headers,
      payload: { userName: '  ', version: 1 },
    });
    expect(response.json()).toMatchObject({ code: 400, message: '请输入姓名' });
  });
});

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);

function multipart(fileName: string, bytes: Buffer, mimeType = 'image/png') {
  const boundary = '----ks-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${mimeType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('POST /ks/individual/photo', () => {
  it('stores a PNG and makes its download URL the photo of user-info', async () => {
    const app = getApp();
    const headers = await headersOf('U');
    const body = multipart('头像.png', PNG);
    const response = await app.inject({
      method: 'POST',
      url: '/ks/individual/photo',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(response.json()).toMatchObject({ code: 200, message: '上传成功' });
    const photo = response.json().data.photo as string;
    expect(photo).toMatch(/^\/ks\/file\/v1\/files\/[0-9a-f-]{36}$/);
    const info = (await app.inject({ method: 'GET', url: '/ks/individual/user-info', headers })).json().data;
    expect(info.photo).toBe(photo);
    const download = await app.inject({ method: 'GET', url: photo, headers });
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.rawPayload.equals(PNG)).toBe(true);
  });

  it.each([
    ['a renamed text file', '头像.png', Buffer.from('not an image at all')],
    ['an image with a name of another type', '头像.gif', PNG],
  ])('refuses %s: 请上传jpg、png、jpeg或webp格式的图片', async (_case, fileName, bytes) => {
    const app = getApp();
    const headers = await headersOf('P');
    const body = multipart(fileName, bytes);
    const response = await app.inject({
      method: 'POST',
      url: '/ks/individual/photo',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(response.json()).toMatchObject({ code: 400, message: '请上传jpg、png、jpeg或webp格式的图片' });
    const info = (await app.inject({ method: 'GET', url: '/ks/individual/user-info', headers })).json().data;
    expect(info.photo).toBe('');
  });

  it('refuses a photo over 2 MB: 图片大小不能超过2MB', async () => {
    const app = getApp();
    const headers = await headersOf('U');
    const body = multipart('big.png', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]));
    const response = await app.inject({
      method: 'POST',
      url: '/ks/individual/photo',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(response.json()).toMatchObject({ code: 400, message: '图片大小不能超过2MB' });
  });

  it('asks for a file when none is sent: 请选择要上传的图片', async () => {
    const app = getApp();
    const response = await app.inject({
      method: 'POST',
      url: '/ks/individual/photo',
      headers: await headersOf('U'),
      payload: {},
    });
    expect(response.json()).toMatchObject({ code: 400, message: '请选择要上传的图片' });
  });
});

describe('detectPhotoType', () => {
  it.each([
    [Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'jpg'],
    [PNG, 'png'],
    [Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 ', 'latin1'), 'webp'],
    [Buffer.from('GIF89a'), null],
    [Buffer.from('<svg'), null],
    [Buffer.alloc(0), null],
  ])('reads %j as %s', (head, expected) => {
    expect(detectPhotoType(head)).toBe(expected);
  });
});
