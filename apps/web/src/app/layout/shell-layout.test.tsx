import type { LoginRoleType } from '@ks/contract/session';
import { DEFAULT_THEME_CONFIG, type MenuNode, type System } from '@ks/contract/shell';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  makeDeployConfig,
  makeNodeId,
  makePlatformInfo,
  makeRecordId,
  makeUserInfo,
} from '@/test/factories.ts';
import { type MockHandler, mockFetch, ok } from '@/test/fetch-mock.ts';
import { renderRoute } from '@/test/render-route.tsx';
import { shellCalls } from '@/test/shell-calls.ts';
import { signInAs } from '@/test/sign-in.ts';
import { waitBound } from '@/test/waits.ts';

const SYSTEM: System = {
  id: makeRecordId(),
  systemName: '交易管理系统',
  title: '交易管理',
  gnCoding: 'JYGL',
  levels: '0',
  sort: 0,
};

let nodeSeq = 0;
const node = (title: string, overrides: Partial<MenuNode> = {}): MenuNode => {
  nodeSeq += 1;
  return {
    id: makeNodeId(),
    title,
    icon: '',
    itShows: '是',
    nodeProperties: 'dynamicList',
    gnCoding: `G${nodeSeq}`,
    style: '',
    nodeSetFlag: false,
    disabled: false,
    sort: nodeSeq,
    children: [],
    ...overrides,
  };
};

function renderShell(
  role: LoginRoleType,
  {
    path = '/userCenter/uCenter',
    menus = [] as MenuNode[],
    headerItems = [] as { code: string; title: string; path: string }[],
    deployConfig = makeDeployConfig(),
    practicingStatus = { abnormal: false, practiceDetails: [] } as ReturnType<
      typeof makeUserInfo
    >['practicingStatus'],
    extra = {} as Record<string, MockHandler | ReturnType<typeof ok>>,
  } = {},
) {
  const userInfo = makeUserInfo({ loginRoleType: role, userName: '张三', practicingStatus });
  mockFetch({
    'GET /ks/common/deploy-config': ok(deployConfig),
    'GET /ks/common/platform-info': ok(makePlatformInfo({ platformName: '测试平台' })),
    'GET /ks/individual/user-info': ok(userInfo),
    ...shellCalls({ systems: [SYSTEM], menus: { JYGL: menus }, headerItems }),
    ...extra,
  });
  signInAs(role, userInfo);
  return renderRoute(path);
}

describe('aside menu', () => {
  it("shows only entries with itShows '是', and a click lands on the node property's page", async () => {
    const menus = [
      node('五位一体', { nodeProperties: 'fiveInOne', gnCoding: 'WWYT' }),
      node('隐藏节点', { itShows: '否' }),
      node('场地预约', { nodeProperties: 'venueReserve', gnCoding: 'CDYY' }),
    ];
    const { user, location } = renderShell('M', { menus });
    const menu = await screen.findByRole('menu', { name: '功能菜单' });
    expect(within(menu).getByText('五位一体')).toBeTruthy();
    expect(within(menu).queryByText('隐藏节点')).toBeNull();

    await user.click(within(menu).getByText('场地预约'));
    // An administrator on the venue-reserve node gets the meeting calendar.
    await waitFor(() => expect(location()).toBe('/meetingVenue/meeting?systemCoding=JYGL&gnCoding=CDYY'));
    await user.click(within(menu).getByText('五位一体'));
    await waitFor(() => expect(location()).toBe('/fiveInOne/list?systemCoding=JYGL&gnCoding=WWYT'));
  });

  it('routes an enterprise user on the enterprise-information node to the dynamic detail page', async () => {
    const menus = [node('企业信息', { nodeProperties: 'enterpriseInfo', gnCoding: 'QYXX' })];
    const { user, location } = renderShell('U', { menus });
    await user.click(await screen.findByText('企业信息'));
    await waitFor(() =>
      expect(location()).toBe('/dynamicPage/dynamicDetail?systemCoding=JYGL&gnCoding=QYXX'),
    );
  });
});

describe('developer-only controls', () => {
  it('gives developers the gears and the new-system and all-systems buttons, without the collapse toggle', async () => {
    const menus = [
      node('统计', { nodeProperties: 'fullStatistics', gnCoding: 'TJ' }),
      node('产品中心', { nodeProperties: 'productCenter', gnCoding: 'CP' }),
    ];
    // The gear and the all-systems button open the builder's pages, which load their own lists.
    const extra = {
      'GET /ks/config/new/node/system-list': ok([]),
      'GET /ks/config/new/node/node-list': ok([]),
      'GET /ks/config/new/node/node-logos': ok([]),
    };
    const { user, location } = renderShell('D', { menus, extra });
    await user.click(await screen.findByLabelText('节点设置：统计'));
    await waitFor(() => expect(location()).toBe('/system/echartsSetting?systemCoding=JYGL&gnCoding=TJ'));
    await user.click(screen.getByLabelText('节点设置：产品中心'));
    await waitFor(() => expect(location()).toBe('/configPage/productConfig?systemCoding=JYGL&gnCoding=CP'));
    await user.click(screen.getByLabelText('系统设置'));
    await waitFor(() => expect(location()).toBe('/system/menuSetUp?systemCoding=JYGL'));
    expect(screen.queryByLabelText('收起菜单')).toBeNull();
    expect(screen.queryByLabelText('意见反馈')).toBeNull();
    expect(screen.getByText('全部系统')).toBeTruthy();
    await user.click(screen.getByText('新建系统'));
    // The builder's dialog opens (its form is the builder's to test).
    expect(await screen.findByLabelText('系统全称')).toBeTruthy();
    await user.click(screen.getByText('全部系统'));
    await waitFor(() => expect(location()).toBe('/system/allSystem'));
  });

  it('gives other roles the collapse toggle and no developer controls', async () => {
    const menus = [node('统计', { nodeProperties: 'fullStatistics' })];
    renderShell('M', { menus });
    expect(await screen.findByText('统计')).toBeTruthy();
    expect(screen.getByRole('button', { name: '收起菜单' })).toBeTruthy();
    expect(screen.getByLabelText('意见反馈')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /节点设置/ })).toBeNull();
    expect(screen.queryByRole('button', { name: '系统设置' })).toBeNull();
    expect(screen.queryByRole('button', { name: /新建系统/ })).toBeNull();
  });
});

describe('header dropdown', () => {
  it.each([
    ['M', [{ code: 'personnelInfo', title: '管理信息', path: '/system/personnelInfo' }]],
    ['U', [{ code: 'transact', title: '业务办理', path: '/system/transact' }]],
  ] as const)('shows role %s the items the server gives it', async (role, items) => {
    const { user, location } = renderShell(role, { headerItems: [...items] });
    await user.click(await screen.findByRole('button', { name: /张三/ }));
    expect(await screen.findByRole('menuitem', { name: '个人中心' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: '退出登录' })).toBeTruthy();
    const other = role === 'M' ? '业务办理' : '管理信息';
    expect(screen.queryByRole('menuitem', { name: other })).toBeNull();
    await user.click(screen.getByRole('menuitem', { name: items[0].title }));
    await waitFor(() => expect(location()).toBe(items[0].path));
  });

  it('links enterprise users to 企业中心, and administrators to 企业信息库 only on the province deployment', async () => {
    renderShell('U');
    expect((await screen.findByRole('link', { name: '企业中心' })).getAttribute('href')).toBe(
      '/system/companyInfo?type=1',
    );
  });

  it.each([
    ['province', true],
    ['standard', false],
  ])('administrators on deployment %s see 企业信息库: %s', async (deploymentType, isShown) => {
    renderShell('M', { deployConfig: makeDeployConfig({ deploymentType }) });
    await screen.findByRole('button', { name: /张三/ });
    await waitFor(() => expect(!!screen.queryByRole('link', { name: '企业信息库' })).toBe(isShown));
    expect(screen.queryByRole('link', { name: '企业中心' })).toBeNull();
  });
});

describe('theme panel', () => {
  it('hides the colour pickers in dark mode, marks the page dark, and saves once on close', async () => {
    const saves: unknown[] = [];
    const { user } = renderShell('U', {
      extra: {
        'PUT /ks/individual/theme': ({ body }) => {
          saves.push(body);
          return ok({ ...(body as object), version: 1 });
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: '主题设置' }));
    const panel = await screen.findByRole('dialog');
    expect(within(panel).getByText('导航背景色')).toBeTruthy();
    expect(saves).toHaveLength(0);

    await user.click(within(panel).getByText('暗色'));
    await waitFor(() => expect(within(panel).queryByText('导航背景色')).toBeNull());
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    await user.click(within(panel).getByRole('button', { name: '酱紫' }));
    expect(saves).toHaveLength(0);

    await user.click(within(panel).getByRole('button', { name: /Close|关闭/ }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toEqual({ ...DEFAULT_THEME_CONFIG, theme: 'dark', themeColor: '#722ed1', version: 0 });
  });

  it('does not save when nothing changed', async () => {
    const saves: unknown[] = [];
    const { user } = renderShell('U', {
      extra: {
        'PUT /ks/individual/theme': ({ body }) => {
          saves.push(body);
          return ok(body);
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: '主题设置' }));
    const panel = await screen.findByRole('dialog');
    await user.click(within(panel).getByRole('button', { name: /Close|关闭/ }));
    await waitFor(() => expect(screen.queryByText('主题模式')).toBeNull());
    expect(saves).toHaveLength(0);
  });
});

describe('practice status dialog', () => {
  it('lists each region, cuts reasons over 16 characters, and goes to company info with apply=true', async () => {
    const reason = '执业资格证书将于三十日内到期请及时办理延续注册';
    const { user, location } = renderShell('P', {
      practicingStatus: {
        abnormal: true,
        practiceDetails: [
          { region: '江苏省', status: 2, reason: '' },
          { region: '浙江省', status: 1, reason },
          { region: '安徽省', status: 0, reason: '未查询到记录' },
        ],
      },
    });
    const [dialog] = await screen.findAllByRole('dialog', { name: '执业状态提醒' });
    if (!dialog) throw new Error('no practice status dialog');
    expect(within(dialog).getByText('正常')).toBeTruthy();
    expect(within(dialog).getByText('预警')).toBeTruthy();
    expect(within(dialog).getByText('未知')).toBeTruthy();
    expect(within(dialog).getByText(`${reason.slice(0, 16)}…`)).toBeTruthy();
    expect(within(dialog).queryByText(reason)).toBeNull();
    expect(within(dialog).getByText('未查询到记录')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: '去查看' }));
    await waitFor(() => expect(location()).toBe('/system/companyInfo?apply=true'));
  });

  it('stays closed when every region is normal', async () => {
    renderShell('P');
    await screen.findByRole('button', { name: /张三/ });
    expect(screen.queryByRole('dialog', { name: '执业状态提醒' })).toBeNull();
  });
});

describe('customer-service widget', () => {
  // The shell is a lazy route: on a busy machine its first load takes longer than the 5 s default.
  const findWidgetToggle = () => screen.findByLabelText('在线客服', {}, waitBound(2));

  it('says the service is not configured when there is no channel key, and gives the support phone', async () => {
    const { user } = renderShell('U');
    await user.click(await findWidgetToggle());
    // The number the footer shows (makePlatformInfo's), not a pointer to a footer that may have none.
    expect(await screen.findByText('在线客服尚未配置，请拨打技术支持电话：0571-88888888')).toBeTruthy();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('sends people to the administrator when neither a channel nor a support phone is configured', async () => {
    const { user } = renderShell('U', {
      extra: { 'GET /ks/common/platform-info': ok(makePlatformInfo({ supportPhone: '' })) },
    });
    await user.click(await findWidgetToggle());
    expect(await screen.findByText('在线客服尚未配置，请联系平台管理员')).toBeTruthy();
    expect(screen.queryByText(/技术支持电话/)).toBeNull();
  });

  it('opens the human or robot chat of the configured channel in a frame, and closes', async () => {
    const { user } = renderShell('U', {
      deployConfig: makeDeployConfig({ supportChannelKey: 'https://kf.example.com/chat?channel=ks' }),
    });
    await user.click(await findWidgetToggle());
    await user.click(await screen.findByText('智能客服'));
    const frame = await screen.findByTitle('智能客服');
    expect(frame.getAttribute('src')).toBe('https://kf.example.com/chat?channel=ks&mode=robot');
    await user.click(screen.getByLabelText('收起客服'));
    expect(screen.queryByTitle('智能客服')).toBeNull();
    await user.click(screen.getByLabelText('关闭客服'));
    expect(screen.queryByRole('dialog', { name: '在线客服' })).toBeNull();
  });
});

describe('important-notice box', () => {
  it('shows on the public-service variant only, and remembers 不再提示', async () => {
    const { user } = renderShell('U', { deployConfig: makeDeployConfig({ loginVariant: 'public-service' }) });
    const box = await screen.findByRole('dialog', { name: '重要提示' });
    expect(within(box).getByText(/专家抽取为人工抽取/)).toBeTruthy();
    await user.click(within(box).getByText('不再提示'));
    await user.click(within(box).getByRole('button', { name: '关闭提示' }));
    expect(screen.queryByRole('dialog', { name: '重要提示' })).toBeNull();
    expect(localStorage.getItem('ks-important-notice-dismissed')).toBe('1');
  });

  it('is absent on the plain variant', async () => {
    renderShell('U');
    await screen.findByRole('button', { name: /张三/ });
    expect(screen.queryByRole('dialog', { name: '重要提示' })).toBeNull();
  });
});
