import type { CompanyInfo, MarketEnterprise } from '@ks/contract/market';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { makeBusinessId, makeRecordId, makeUserId } from '@/test/factories.ts';
import { mockFetch, ok, takeUnexpectedRequests } from '@/test/fetch-mock.ts';
import { renderWidget } from '@/test/render-widget.tsx';
import { signInAs } from '@/test/sign-in.ts';
import { waitBound } from '@/test/waits.ts';
import { CompanyInfoPage } from './company-info-page.tsx';

const REJECTED_QUALIFICATION_ID = makeRecordId();

const ENTERPRISE_ID = makeUserId();

const WAIT = waitBound(2);

afterEach(() => expect(takeUnexpectedRequests()).toEqual([]));

const ENTERPRISE: MarketEnterprise = {
  userId: ENTERPRISE_ID,
  enterpriseName: 'KS演示建设集团有限公司',
  creditCode: '91320100MA1K520269',
  qyType: '施工企业',
  status: 'active',
};
const part = (
  key: CompanyInfo['parts'][number]['part'],
  title: string,
  gnCoding: string,
  columns: { code: string; name: string }[],
  records: CompanyInfo['parts'][number]['records'],
) => ({ part: key, systemCoding: 'KS_QYXX', gnCoding, title, columns, records });
const INFO: CompanyInfo = {
  enterprise: ENTERPRISE,
  parts: [
    part(
      'basic',
      '基本信息',
      'QYXX_JBXX',
      [{ code: 'enterprise_name', name: '企业名称' }],
      [
        {
          id: makeRecordId(),
          businessId: makeBusinessId(),
          status: 'approved',
          version: 3,
          updatedAt: '2026-11-20T02:00:00Z',
          values: { enterprise_name: 'KS演示建设集团有限公司' },
        },
      ],
    ),
    part(
      'qualification',
      '资质信息',
      'QYXX_ZZXX',
      [
        { code: 'qualification_name', name: '资质名称' },
        { code: 'qualification_level', name: '资质等级' },
      ],
      [
        {
          id: makeRecordId(),
          businessId: makeBusinessId(),
          status: 'approved',
          version: 3,
          updatedAt: '2026-11-20T02:00:00Z',
          values: { qualification_name: '建筑工程施工总承包', qualification_level: '二级' },
        },
        {
          id: REJECTED_QUALIFICATION_ID,
          businessId: makeBusinessId(),
          status: 'rejected',
          version: 4,
          updatedAt: '2026-11-21T02:00:00Z',
          values: { qualification_name: '市政公用工程施工总承包', qualification_level: null },
        },
      ],
    ),
    part('branch', '分支机构', 'QYXX_FZJG', [{ code: 'branch_name', name: '分支机构名称' }], []),
  ],
};

function Where() {
  const location = useLocation();
  return <span data-testid="location">{`${location.pathname}${location.search}`}</span>;
}
const page = (
  <Routes>
    <Route path="/system/companyInfo" element={<CompanyInfoPage />} />
    <Route path="*" element={<Where />} />
  </Routes>
);

describe('企业信息 (/system/companyInfo)', () => {
  it('shows an enterprise its parts with their states, opening on the qualifications for apply=true', async () => {
    signInAs('U');
    const calls: string[] = [];
    mockFetch({
      'GET /ks/basic/enterprise/info': ({ url }) => {
        calls.push(url.search);
        return ok(INFO);
      },
    });
    const { user } = renderWidget(page, '/system/companyInfo?type=1&apply=true');
    expect(await screen.findByText('市政公用工程施工总承包', {}, WAIT)).toBeTruthy();
    expect(calls).toEqual(['']);
    expect(screen.getByRole('tab', { name: '资质信息（2）', selected: true })).toBeTruthy();
    const rejected = screen.getByText('市政公用工程施工总承包').closest('tr') as HTMLElement;
    expect(within(rejected).getByText('已退回')).toBeTruthy();
    expect(within(rejected).getByText('—')).toBeTruthy();
    expect(within(rejected).getByRole('link', { name: '编辑' }).getAttribute('href')).toBe(
      `/dynamicPage/dynamicDetail?systemCoding=KS_QYXX&gnCoding=QYXX_ZZXX&id=${REJECTED_QUALIFICATION_ID}`,
    );
    // A passed item changes only through the change workflow: no edit link.
    const passed = screen.getByText('建筑工程施工总承包').closest('tr') as HTMLElement;
    expect(within(passed).getByText('已通过')).toBeTruthy();
    expect(within(passed).queryByRole('link', { name: '编辑' })).toBeNull();

    await user.click(screen.getByRole('tab', { name: '分支机构（0）' }));
    expect(await screen.findByText('分支机构暂无数据或尚未提交')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '新增分支机构' }));
    expect((await screen.findByTestId('location')).textContent).toBe(
      '/dynamicPage/dynamicDetail?systemCoding=KS_QYXX&gnCoding=QYXX_FZJG',
    );
  });

  it('opens on the basic information without apply', async () => {
    signInAs('U');
    mockFetch({ 'GET /ks/basic/enterprise/info': ok(INFO) });
    renderWidget(page, '/system/companyInfo?type=1');
    expect(await screen.findByRole('tab', { name: '基本信息（1）', selected: true }, WAIT)).toBeTruthy();
  });

  it('lets administrators search the enterprises, open one read-only and go back', async () => {
    signInAs('M');
    const searches: string[] = [];
    const infos: string[] = [];
    mockFetch({
      'GET /ks/basic/enterprises': ({ url }) => {
        searches.push(url.searchParams.get('keyword') ?? '');
        return ok({ records: [ENTERPRISE], total: 1, curPage: 1, pageSize: 10 });
      },
      'GET /ks/basic/enterprise/info': ({ url }) => {
        infos.push(url.searchParams.get('id') ?? '');
        return ok(INFO);
      },
    });
    const { user } = renderWidget(page, '/system/companyInfo?type=1');
    expect(await screen.findByText('KS演示建设集团有限公司', {}, WAIT)).toBeTruthy();
    await user.type(screen.getByPlaceholderText('企业名称或统一社会信用代码'), '演示');
    // antd spaces a two-character button's text.
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(searches).toContain('演示'));
    await user.click(screen.getByRole('button', { name: '查看企业信息' }));
    expect(await screen.findByRole('tab', { name: '基本信息（1）' }, WAIT)).toBeTruthy();
    expect(infos).toEqual([ENTERPRISE_ID]);
    expect(screen.queryByRole('button', { name: /新增/ })).toBeNull();
    expect(screen.getByRole('link', { name: '在列表中审核' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '返回企业列表' }));
    expect(await screen.findByPlaceholderText('企业名称或统一社会信用代码')).toBeTruthy();
  });
});
