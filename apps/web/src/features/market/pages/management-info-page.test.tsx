import type { ManagedPerson } from '@ks/contract/market';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makePersonId, makeUserId } from '@/test/factories.ts';
import { mockFetch, ok, takeUnexpectedRequests } from '@/test/fetch-mock.ts';
import { renderWidget } from '@/test/render-widget.tsx';
import { signInAs } from '@/test/sign-in.ts';
import { waitBound } from '@/test/waits.ts';
import { TWO_CERTIFICATES } from '../test-fixtures.ts';
import { ManagementInfoPage } from './management-info-page.tsx';

const ENTERPRISE_ID = makeUserId();

const WAIT = waitBound(2);

const signIn = () => signInAs('M');

afterEach(() => expect(takeUnexpectedRequests()).toEqual([]));

const PERSON_ID = makePersonId();
const PERSON: ManagedPerson = {
  id: PERSON_ID,
  status: 'approved',
  enterpriseUserId: ENTERPRISE_ID,
  enterpriseName: 'KS演示建设集团有限公司',
  personName: '王建华',
  idNumber: '320106********2013',
  registrationType: '一级注册建造师',
  specialty: '建筑工程',
  certificateNo: '苏1322012201600101',
  region: '江苏省',
  expiryDate: '2028-06-30',
  certificates: TWO_CERTIFICATES,
  practiceDetails: [
    { region: '江苏省', status: 2, reason: '' },
    { region: '浙江省', status: 1, reason: '注册证书将于30日内到期' },
  ],
  practiceVersion: 2,
  accountName: '王建华',
};
const list = (records: ManagedPerson[]) => ({ records, total: records.length, curPage: 1, pageSize: 10 });
const enterprises = {
  records: [
    {
      userId: ENTERPRISE_ID,
      enterpriseName: 'KS演示建设集团有限公司',
      creditCode: '91320100MA1K520269',
      qyType: '施工企业',
      status: 'active',
    },
  ],
  total: 1,
  curPage: 1,
  pageSize: 20,
};

describe('人员管理 (/system/managementInfo)', () => {
  it('lists every enterprise’s registrations with their practice status and filters them', async () => {
    signIn();
    const queries: URLSearchParams[] = [];
    mockFetch({
      'GET /ks/basic/personnel/manage': ({ url }) => {
        queries.push(url.searchParams);
        return ok(list(url.searchParams.get('practiceStatus') === '0' ? [] : [PERSON]));
      },
      'GET /ks/basic/enterprises': ok(enterprises),
    });
    const { user } = renderWidget(<ManagementInfoPage />, '/system/managementInfo');
    const row = (await screen.findByText('王建华', {}, WAIT)).closest('tr') as HTMLElement;
    expect(within(row).getByText('320106********2013')).toBeTruthy();
    expect(within(row).getByText('浙江省：预警')).toBeTruthy();
    expect(within(row).getByText('江苏省：正常')).toBeTruthy();

    await user.type(screen.getByPlaceholderText('身份证号码'), '320106198801012013{Enter}');
    await waitFor(() => expect(queries.at(-1)?.get('idNumber')).toBe('320106198801012013'));
    await user.click(screen.getByLabelText('执业状态'));
    await user.click(await screen.findByTitle('未知'));
    await waitFor(() => expect(queries.at(-1)?.get('practiceStatus')).toBe('0'));
    expect(await screen.findByText('没有符合条件的注册人员', {}, WAIT)).toBeTruthy();
  });

  it('shows a registration in full and saves its practice status over the version read', async () => {
    signIn();
    const bodies: unknown[] = [];
    mockFetch({
      'GET /ks/basic/personnel/manage': ok(list([PERSON])),
      'GET /ks/basic/enterprises': ok(enterprises),
      'GET /ks/basic/personnel/manage/detail': ok({ ...PERSON, idNumber: '320106198801012013' }),
      'PUT /ks/basic/personnel/practice': ({ body }) => {
        bodies.push(body);
        return ok({ ...PERSON, practiceVersion: 3 });
      },
    });
    const { user } = renderWidget(<ManagementInfoPage />, '/system/managementInfo');
    const row = (await screen.findByText('王建华', {}, WAIT)).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: /详\s*情/ }));
    expect(await screen.findByText('320106198801012013', {}, WAIT)).toBeTruthy();
    // Every certificate, the principal one first (decision 0059).
    expect(screen.getByText('主证书')).toBeTruthy();
    expect(screen.getByText('苏1322012201600102')).toBeTruthy();
    const reason = screen.getByDisplayValue('注册证书将于30日内到期');
    await user.clear(reason);
    await user.type(reason, '继续教育学时不足');
    await user.click(screen.getByRole('button', { name: '保存执业状态' }));
    await waitFor(() =>
      expect(bodies).toEqual([
        {
          id: PERSON_ID,
          version: 2,
          areas: [
            { region: '江苏省', status: 2, reason: '' },
            { region: '浙江省', status: 1, reason: '继续教育学时不足' },
          ],
        },
      ]),
    );
    expect(await screen.findByText('执业状态已保存')).toBeTruthy();
  });

  it('exports the filtered registrations', async () => {
    signIn();
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const bodies: unknown[] = [];
    mockFetch({
      'GET /ks/basic/personnel/manage': ok(list([PERSON])),
      'GET /ks/basic/enterprises': ok(enterprises),
      'POST /ks/basic/personnel/manage/export': ({ body }) => {
        bodies.push(body);
        return new Response(new Blob(['xlsx']), {
          status: 200,
          headers: {
            'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent('注册人员_20261126.xlsx')}`,
          },
        });
      },
    });
    const { user } = renderWidget(<ManagementInfoPage />, '/system/managementInfo');
    await screen.findByText('王建华', {}, WAIT);
    await user.type(screen.getByPlaceholderText('姓名或注册证书编号'), '王{Enter}');
    await user.click(screen.getByRole('button', { name: /导\s*出/ }));
    await waitFor(() => expect(saved).toEqual(['注册人员_20261126.xlsx']));
    expect(bodies).toEqual([{ keyword: '王' }]);
  });
});
