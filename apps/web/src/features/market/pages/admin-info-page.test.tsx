import type { MarketEnterprise } from '@ks/contract/market';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUserId } from '@/test/factories.ts';
import { failure, mockFetch, ok, takeUnexpectedRequests } from '@/test/fetch-mock.ts';
import { renderWidget } from '@/test/render-widget.tsx';
import { signInAs } from '@/test/sign-in.ts';
import { waitBound } from '@/test/waits.ts';
import { AdminInfoPage } from './admin-info-page.tsx';

const ACTIVE_ID = makeUserId();
const DISABLED_ID = makeUserId();

const WAIT = waitBound(2);

const signIn = () => signInAs('M');

afterEach(() => expect(takeUnexpectedRequests()).toEqual([]));

const ACTIVE: MarketEnterprise = {
  userId: ACTIVE_ID,
  enterpriseName: 'KS演示建设集团有限公司',
  creditCode: '91320100MA1K520269',
  qyType: '施工企业',
  status: 'active',
  region: '江苏省',
  version: 3,
};
const DISABLED: MarketEnterprise = {
  ...ACTIVE,
  userId: DISABLED_ID,
  enterpriseName: '杭州停业监理有限公司',
  creditCode: '91330100MA2STOP01X',
  qyType: '监理企业',
  status: 'disabled',
  region: '浙江省',
  version: 5,
};
const page = (records: MarketEnterprise[]) => ({ records, total: records.length, curPage: 1, pageSize: 10 });

function Where() {
  const location = useLocation();
  return <span data-testid="location">{`${location.pathname}${location.search}`}</span>;
}
const tree = (
  <Routes>
    <Route path="/system/adminInfo" element={<AdminInfoPage />} />
    <Route path="*" element={<Where />} />
  </Routes>
);

describe('企业信息库 (/system/adminInfo)', () => {
  it('lists enterprises with their region and state, filters them and opens one’s information', async () => {
    signIn();
    const queries: URLSearchParams[] = [];
    mockFetch({
      'GET /ks/basic/enterprises': ({ url }) => {
        queries.push(url.searchParams);
        return ok(page(url.searchParams.get('state') === 'disabled' ? [DISABLED] : [ACTIVE, DISABLED]));
      },
    });
    const { user } = renderWidget(tree, '/system/adminInfo');
    const row = (await screen.findByText('KS演示建设集团有限公司', {}, WAIT)).closest('tr') as HTMLElement;
    expect(within(row).getByText('江苏省')).toBeTruthy();
    expect(within(row).getByText('启用')).toBeTruthy();
    const stopped = screen.getByText('杭州停业监理有限公司').closest('tr') as HTMLElement;
    expect(within(stopped).getByText('停用')).toBeTruthy();
    expect(within(stopped).getByRole('button', { name: /启\s*用/ })).toBeTruthy();

    await user.click(screen.getByLabelText('状态'));
    await user.click(await screen.findByTitle('停用'));
    await waitFor(() => expect(queries.at(-1)?.get('state')).toBe('disabled'));
    await waitFor(() => expect(screen.queryByText('KS演示建设集团有限公司')).toBeNull());

    await user.click(
      within(screen.getByText('杭州停业监理有限公司').closest('tr') as HTMLElement).getByText('详情'),
    );
    expect((await screen.findByTestId('location')).textContent).toBe(
      `/system/companyInfo?type=1&id=${DISABLED_ID}`,
    );
  });

  it('disables an enterprise over the version shown, after confirming', async () => {
    signIn();
    const bodies: unknown[] = [];
    mockFetch({
      'GET /ks/basic/enterprises': ok(page([ACTIVE])),
      'PUT /ks/basic/enterprise/state': ({ body }) => {
        bodies.push(body);
        return ok({ ...ACTIVE, status: 'disabled', version: 4 });
      },
    });
    const { user } = renderWidget(tree, '/system/adminInfo');
    const row = (await screen.findByText('KS演示建设集团有限公司', {}, WAIT)).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: /停\s*用/ }));
    expect(await screen.findByText('停用后该企业账号不能登录，已登录的会话立即失效。')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(bodies).toEqual([{ id: ACTIVE_ID, version: 3, enabled: false }]));
    expect(await screen.findByText('已停用该企业，该企业账号将不能登录')).toBeTruthy();
  });

  it('claims no success when the server refuses a stale state change, and reloads the list', async () => {
    signIn();
    let lists = 0;
    const bodies: unknown[] = [];
    mockFetch({
      'GET /ks/basic/enterprises': () => {
        lists += 1;
        return ok(page([DISABLED]));
      },
      'PUT /ks/basic/enterprise/state': ({ body }) => {
        bodies.push(body);
        return failure(409, 409, '该企业信息已被他人修改，请刷新后重试');
      },
    });
    const { user } = renderWidget(tree, '/system/adminInfo');
    const row = (await screen.findByText('杭州停业监理有限公司', {}, WAIT)).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: /启\s*用/ }));
    await user.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(bodies).toEqual([{ id: DISABLED_ID, version: 5, enabled: true }]));
    await waitFor(() => expect(lists).toBeGreaterThan(1));
    expect(screen.queryByText('已启用该企业')).toBeNull();
  });

  it('exports the filtered library under the server’s file name', async () => {
    signIn();
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const bodies: unknown[] = [];
    mockFetch({
      'GET /ks/basic/enterprises': ok(page([ACTIVE])),
      'POST /ks/basic/enterprises/export': ({ body }) => {
        bodies.push(body);
        return new Response(new Blob(['xlsx']), {
          status: 200,
          headers: {
            'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent('企业信息库_20261126.xlsx')}`,
          },
        });
      },
    });
    const { user } = renderWidget(tree, '/system/adminInfo');
    await screen.findByText('KS演示建设集团有限公司', {}, WAIT);
    await user.type(screen.getByPlaceholderText('企业名称或统一社会信用代码'), '演示');
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await user.click(screen.getByRole('button', { name: /导\s*出/ }));
    await waitFor(() => expect(saved).toEqual(['企业信息库_20261126.xlsx']));
    expect(bodies).toEqual([{ keyword: '演示' }]);
  });

  it('says so when no enterprise matches', async () => {
    signIn();
    mockFetch({ 'GET /ks/basic/enterprises': ok(page([])) });
    renderWidget(tree, '/system/adminInfo');
    expect(await screen.findByText('没有符合条件的企业', {}, WAIT)).toBeTruthy();
    expect(screen.getByRole('button', { name: /导\s*出/ }).hasAttribute('disabled')).toBe(true);
  });
});
