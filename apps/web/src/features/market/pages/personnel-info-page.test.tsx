import type { RegisteredPerson } from '@ks/contract/market';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { makePersonId, makeUserId } from '@/test/factories.ts';
import { failure, mockFetch, ok, takeUnexpectedRequests } from '@/test/fetch-mock.ts';
import { renderWidget } from '@/test/render-widget.tsx';
import { signInAs } from '@/test/sign-in.ts';
import { waitBound } from '@/test/waits.ts';
import { FURTHER_CERTIFICATE_ID, TWO_CERTIFICATES } from '../test-fixtures.ts';
import { PersonnelInfoPage } from './personnel-info-page.tsx';

const WAIT = waitBound(2);

const NO_TRANSFERS = { 'GET /ks/basic/personnel/transfers': ok([]) };

afterEach(() => expect(takeUnexpectedRequests()).toEqual([]));

const PERSON_ID = makePersonId();
const PERSON: RegisteredPerson = {
  id: PERSON_ID,
  status: 'approved',
  enterpriseUserId: makeUserId(),
  enterpriseName: 'KS演示建设集团有限公司',
  personName: '王建华',
  idNumber: '320106********2013',
  registrationType: '一级注册建造师',
  specialty: '建筑工程',
  certificateNo: '苏1322012201600101',
  region: '江苏省',
  expiryDate: '2028-06-30',
  certificates: TWO_CERTIFICATES,
  own: true,
};

function Where() {
  const location = useLocation();
  return <span data-testid="location">{`${location.pathname}${location.search}`}</span>;
}
const page = (
  <Routes>
    <Route path="/system/personnelInfo" element={<PersonnelInfoPage />} />
    <Route path="*" element={<Where />} />
  </Routes>
);

describe('人员信息 (/system/personnelInfo)', () => {
  it('shows an enterprise its registered staff, masked, and opens the registration form', async () => {
    signInAs('U');
    mockFetch({
      'GET /ks/basic/personnel': ok({ records: [PERSON], total: 1, curPage: 1, pageSize: 10 }),
      ...NO_TRANSFERS,
    });
    const { user } = renderWidget(page, '/system/personnelInfo');
    const row = (await screen.findByText('王建华', {}, WAIT)).closest('tr') as HTMLElement;
    expect(within(row).getByText('320106********2013')).toBeTruthy();
    expect(within(row).getByText('已通过')).toBeTruthy();
    expect(within(row).getByText('建筑工程：苏1322012201600101')).toBeTruthy();
    expect(within(row).getByText('市政公用工程：苏1322012201600102')).toBeTruthy();
    expect(await screen.findByText('暂无转入或转出本企业的申请', {}, WAIT)).toBeTruthy();
    expect(screen.queryByText('所在企业')).toBeNull();
    await user.click(screen.getByRole('button', { name: '登记注册人员' }));
    expect((await screen.findByTestId('location')).textContent).toBe(
      '/dynamicPage/dynamicDetail?systemCoding=KS_QYXX&gnCoding=QYXX_ZCRY',
    );
  });

  it('shows administrators every enterprise’s staff and searches them', async () => {
    signInAs('M');
    const keywords: string[] = [];
    mockFetch({
      'GET /ks/basic/personnel': ({ url }) => {
        keywords.push(url.searchParams.get('keyword') ?? '');
        return ok({ records: [PERSON], total: 1, curPage: 1, pageSize: 10 });
      },
    });
    const { user } = renderWidget(page, '/system/personnelInfo');
    expect(await screen.findByText('KS演示建设集团有限公司', {}, WAIT)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '登记注册人员' })).toBeNull();
    await user.type(screen.getByPlaceholderText('姓名或注册证书编号'), '王');
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(keywords).toContain('王'));
  });
});

describe('注册证书 and 转注册 on /system/personnelInfo (decision 0059)', () => {
  const listed = { records: [PERSON], total: 1, curPage: 1, pageSize: 10 };

  it('edits a further certificate over its version, with the server’s message under the field', async () => {
    signInAs('U');
    const bodies: unknown[] = [];
    mockFetch({
      'GET /ks/basic/personnel': ok(listed),
      ...NO_TRANSFERS,
      'PUT /ks/basic/personnel/certificates': ({ body }) => {
        bodies.push(body);
        return bodies.length === 1
          ? failure(400, 400, '该注册证书编号在该专业下已登记', {
              certificateNo: '该注册证书编号在该专业下已登记',
            })
          : ok({ ...PERSON.certificates[1], certificateNo: '苏1322012201600199', version: 2 });
      },
    });
    const { user } = renderWidget(page, '/system/personnelInfo');
    const row = (await screen.findByText('王建华', {}, WAIT)).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: /证\s*书/ }));
    const dialog = await screen.findByRole('dialog', { name: '王建华的注册证书' }, WAIT);
    expect(within(dialog).getByText('主证书')).toBeTruthy();
    expect(within(dialog).getByText('随注册信息修改')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: /修\s*改/ }));
    // Both dialogs' titles share the test id: find the form's dialog by its title text.
    const form = await waitFor(() => {
      const found = screen.getAllByRole('dialog').find((one) => within(one).queryByText('修改注册证书'));
      if (!found) throw new Error('no 修改注册证书 dialog');
      return found;
    }, WAIT);
    const number = within(form).getByLabelText('注册证书编号');
    await user.clear(number);
    await user.type(number, '苏1322012201600199');
    await user.click(within(form).getByRole('button', { name: /保\s*存/ }));
    expect(await within(form).findByText('该注册证书编号在该专业下已登记', {}, WAIT)).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('注册证书已修改', {}, WAIT)).toBeTruthy();
    expect(bodies[1]).toEqual({
      id: FURTHER_CERTIFICATE_ID,
      version: 1,
      registrationType: '一级注册建造师',
      specialty: '市政公用工程',
      certificateNo: '苏1322012201600199',
      region: '江苏省',
      issueDate: '2023-07-01',
      expiryDate: '2028-06-30',
    });
  });

  it('removes a further certificate over its version', async () => {
    signInAs('U');
    const removed: string[] = [];
    mockFetch({
      'GET /ks/basic/personnel': ok(listed),
      ...NO_TRANSFERS,
      'DELETE /ks/basic/personnel/certificates': ({ url }) => {
        removed.push(url.search);
        return ok(null);
      },
    });
    const { user } = renderWidget(page, '/system/personnelInfo');
    const row = (await screen.findByText('王建华', {}, WAIT)).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: /证\s*书/ }));
    const dialog = await screen.findByRole('dialog', { name: '王建华的注册证书' }, WAIT);
    await user.click(within(dialog).getByRole('button', { name: /删\s*除/ }));
    await user.click(await screen.findByRole('button', { name: /确\s*定|OK/ }, WAIT));
    await waitFor(() => expect(removed).toEqual([`?id=${FURTHER_CERTIFICATE_ID}&version=1`]));
  });

  it('shows another enterprise’s certificates read-only', async () => {
    signInAs('U');
    mockFetch({
      'GET /ks/basic/personnel': ok({ ...listed, records: [{ ...PERSON, own: false }] }),
      ...NO_TRANSFERS,
    });
    const { user } = renderWidget(page, '/system/personnelInfo');
    const row = (await screen.findByText('王建华', {}, WAIT)).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: /证\s*书/ }));
    const dialog = await screen.findByRole('dialog', { name: '王建华的注册证书' }, WAIT);
    expect(within(dialog).getByText('苏1322012201600102')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: '添加证书' })).toBeNull();
  });

  it('asks for a person registered elsewhere, placing the refusal under the ID number', async () => {
    signInAs('U');
    const bodies: unknown[] = [];
    mockFetch({
      'GET /ks/basic/personnel': ok(listed),
      ...NO_TRANSFERS,
      'POST /ks/basic/personnel/transfers': ({ body }) => {
        bodies.push(body);
        return failure(400, 400, '该人员尚未在任何企业注册，请直接登记注册人员', {
          idNumber: '该人员尚未在任何企业注册，请直接登记注册人员',
        });
      },
    });
    const { user } = renderWidget(page, '/system/personnelInfo');
    await user.click(await screen.findByRole('button', { name: '申请转入人员' }, WAIT));
    const dialog = await screen.findByRole('dialog', { name: '申请转入人员（转注册）' }, WAIT);
    await user.type(within(dialog).getByLabelText('身份证号码'), '320583199203051611');
    await user.type(within(dialog).getByLabelText('申请说明'), '项目需要');
    await user.click(within(dialog).getByRole('button', { name: '提交申请' }));
    expect(
      await within(dialog).findByText('该人员尚未在任何企业注册，请直接登记注册人员', {}, WAIT),
    ).toBeTruthy();
    expect(bodies).toEqual([{ idNumber: '320583199203051611', reason: '项目需要' }]);
  });
});
