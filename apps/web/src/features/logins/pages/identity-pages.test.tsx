import { screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { makeDeployConfig, makePlatformInfo } from '@/test/factories.ts';
import {
  failure,
  type MockAnswer,
  type MockHandler,
  mockFetch,
  ok,
  takeUnexpectedRequests,
} from '@/test/fetch-mock.ts';
import { renderRoute } from '@/test/render-route.tsx';
import { renderWidget } from '@/test/render-widget.tsx';
import { signInAs } from '@/test/sign-in.ts';
import { JudgePage } from './judge-page.tsx';

afterEach(() => expect(takeUnexpectedRequests()).toEqual([]));

const LOCAL_CHECK = {
  matched: true,
  message: '身份证号码校验通过；本地核验（未连接权威数据源，仅校验号码格式与校验位）',
  provider: 'local',
  providerLabel: '本地核验（未连接权威数据源，仅校验号码格式与校验位）',
  checkedAt: '2026-11-29T08:00:00Z',
};

function mockPublic(routes: Record<string, MockHandler | MockAnswer>) {
  const calls: { key: string; body: unknown }[] = [];
  mockFetch({
    'GET /ks/common/deploy-config': ok(makeDeployConfig({ loginVariant: 'business-handling' })),
    'GET /ks/common/platform-info': ok(makePlatformInfo()),
    ...Object.fromEntries(
      Object.entries(routes).map(([key, answer]): [string, MockHandler] => [
        key,
        async (request) => {
          calls.push({ key, body: request.body });
          return typeof answer === 'function' ? answer(request) : answer;
        },
      ]),
    ),
  });
  return (key: string) => calls.filter((call) => call.key === key).map((call) => call.body);
}

describe('/realName', () => {
  it('refuses a wrong check digit before asking the server', async () => {
    const callsTo = mockPublic({});
    const { user } = renderRoute('/realName');
    await user.type(await screen.findByLabelText('姓名'), '张三');
    await user.type(screen.getByLabelText('身份证号码'), '110105194912310021');
    await user.click(screen.getByRole('button', { name: '提交认证' }));
    expect(await screen.findByText('身份证号码校验位不正确，请核对后重新输入')).toBeTruthy();
    expect(callsTo('POST /ks/auth/v1/authorization/real-name')).toHaveLength(0);
  });

  it('sends name and number, and shows who checked them', async () => {
    const callsTo = mockPublic({ 'POST /ks/auth/v1/authorization/real-name': ok(LOCAL_CHECK) });
    const { user } = renderRoute('/realName');
    await user.type(await screen.findByLabelText('姓名'), '张三');
    await user.type(screen.getByLabelText('身份证号码'), '11010519491231002x');
    await user.click(screen.getByRole('button', { name: '提交认证' }));
    expect(await screen.findByText('核验通过')).toBeTruthy();
    expect(screen.getByText(/核验方：本地核验（未连接权威数据源/)).toBeTruthy();
    expect(callsTo('POST /ks/auth/v1/authorization/real-name')).toEqual([
      { name: '张三', idNumber: '11010519491231002X' },
    ]);
  });

  it("puts the server's field message under the field", async () => {
    mockPublic({
      'POST /ks/auth/v1/authorization/real-name': failure(400, 400, '请输入姓名', { name: '姓名与证件不符' }),
    });
    const { user } = renderRoute('/realName');
    await user.type(await screen.findByLabelText('姓名'), '张三');
    await user.type(screen.getByLabelText('身份证号码'), '11010519491231002X');
    await user.click(screen.getByRole('button', { name: '提交认证' }));
    expect(await screen.findByText('姓名与证件不符')).toBeTruthy();
  });
});

describe('/creditCode', () => {
  it('refuses a wrong check character and characters outside the code, then checks a valid one', async () => {
    const callsTo = mockPublic({
      'POST /ks/auth/v1/authorization/credit-code': ok({
        ...LOCAL_CHECK,
        message: '统一社会信用代码校验通过；本地核验（未连接权威数据源，仅校验号码格式与校验位）',
      }),
    });
    const { user } = renderRoute('/creditCode');
    await user.type(await screen.findByLabelText('企业名称'), '江苏示范建设有限公司');
    const code = screen.getByLabelText('统一社会信用代码');
    await user.type(code, '91320100MA1K52026X');
    await user.click(screen.getByRole('button', { name: '提交认证' }));
    expect(await screen.findByText('统一社会信用代码校验位不正确，请核对后重新输入')).toBeTruthy();
    await user.clear(code);
    await user.type(code, '91320100MA1KS20269');
    await user.click(screen.getByRole('button', { name: '提交认证' }));
    expect(await screen.findByText(/统一社会信用代码须为18位数字或大写字母/)).toBeTruthy();
    expect(callsTo('POST /ks/auth/v1/authorization/credit-code')).toHaveLength(0);

    await user.clear(code);
    await user.type(code, '91320100ma1k520269');
    await user.click(screen.getByRole('button', { name: '提交认证' }));
    expect(await screen.findByText('核验通过')).toBeTruthy();
    expect(callsTo('POST /ks/auth/v1/authorization/credit-code')).toEqual([
      { enterpriseName: '江苏示范建设有限公司', creditCode: '91320100MA1K520269' },
    ]);
  });
});

describe('/auth and /admin-business', () => {
  it('/auth leads to the checks and the login', async () => {
    mockPublic({});
    renderRoute('/auth');
    expect(await screen.findByRole('heading', { name: '身份认证' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '个人实名认证' }).getAttribute('href')).toBe('/realName');
    expect(screen.getByRole('link', { name: '企业统一社会信用代码认证' }).getAttribute('href')).toBe(
      '/creditCode',
    );
  });

  it("/admin-business names the deployment's login and leads to it", async () => {
    mockPublic({});
    const { user, location } = renderRoute('/admin-business');
    expect(await screen.findByText('本平台登录方式：业务办理登录')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '身份认证' }));
    await waitFor(() => expect(location()).toBe('/auth'));
  });
});

const SYSTEMS = [
  { id: 's1', systemName: '材料价格信息系统', title: '材料价格', gnCoding: 'CLJG', levels: '1', sort: 1 },
  { id: 's2', systemName: '场地预约系统', title: '场地预约', gnCoding: 'CDYY', levels: '1', sort: 2 },
];

/** Shows where the page went: the shell's home of the chosen system. */
function Probe() {
  const location = useLocation();
  return <p>打开：{location.pathname + location.search}</p>;
}

const judge = (
  <Routes>
    <Route path="/judge" element={<JudgePage />} />
    <Route path="/system/pageConfig" element={<Probe />} />
  </Routes>
);

describe('/judge', () => {
  it("lists the systems the server answers and opens the chosen one's home", async () => {
    mockFetch({ 'POST /ks/menu/v1/menus/main-menus': ok(SYSTEMS) });
    signInAs('U');
    const { user } = renderWidget(judge, '/judge');
    expect(await screen.findByRole('button', { name: '进入材料价格信息系统' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '进入场地预约系统' }));
    expect(await screen.findByText('打开：/system/pageConfig?systemCoding=CDYY')).toBeTruthy();
  });

  it('opens the only system at once', async () => {
    mockFetch({ 'POST /ks/menu/v1/menus/main-menus': ok([SYSTEMS[0]]) });
    signInAs('U');
    renderWidget(judge, '/judge');
    expect(await screen.findByText('打开：/system/pageConfig?systemCoding=CLJG')).toBeTruthy();
  });

  it('says so when there is no system to open', async () => {
    mockFetch({ 'POST /ks/menu/v1/menus/main-menus': ok([]) });
    signInAs('P');
    renderWidget(judge, '/judge');
    expect(await screen.findByText('暂无可进入的系统，请联系管理员分配权限')).toBeTruthy();
  });
});
