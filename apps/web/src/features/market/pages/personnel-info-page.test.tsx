import type { RegisteredPerson } from '@ks/contract/market';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/lib/session-store.ts';
import { makeUserInfo } from '@/test/factories.ts';
import { mockFetch, ok, takeUnexpectedRequests } from '@/test/fetch-mock.ts';
import { renderWidget } from '@/test/render-widget.tsx';
import { PersonnelInfoPage } from './personnel-info-page.tsx';

vi.setConfig({ testTimeout: 60_000 });
const WAIT = { timeout: 20_000 };

function signIn(loginRoleType: 'M' | 'U' | 'P' | 'D') {
  const store = useSessionStore.getState();
  store.setToken('token-1', '2099-01-01T00:00:00Z');
  store.setUser(makeUserInfo({ loginRoleType }), [loginRoleType === 'M' ? 'admin' : 'user']);
}

afterEach(() => expect(takeUnexpectedRequests()).toEqual([]));

const PERSON: RegisteredPerson = {
  id: 'p1',
  status: 'approved',
  enterpriseUserId: 'e1',
  enterpriseName: 'KS演示建设集团有限公司',
  personName: '王建华',
  idNumber: '320106********2013',
  registrationType: '一级注册建造师',
  specialty: '建筑工程',
  certificateNo: '苏1322012201600101',
  region: '江苏省',
  expiryDate: '2028-06-30',
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
    signIn('U');
    mockFetch({ 'GET /ks/basic/personnel': ok({ records: [PERSON], total: 1, curPage: 1, pageSize: 10 }) });
    const { user } = renderWidget(page, '/system/personnelInfo');
    const row = (await screen.findByText('王建华', {}, WAIT)).closest('tr') as HTMLElement;
    expect(within(row).getByText('320106********2013')).toBeTruthy();
    expect(within(row).getByText('已通过')).toBeTruthy();
    expect(screen.queryByText('所在企业')).toBeNull();
    await user.click(screen.getByRole('button', { name: '登记注册人员' }));
    expect((await screen.findByTestId('location')).textContent).toBe(
      '/dynamicPage/dynamicDetail?systemCoding=KS_QYXX&gnCoding=QYXX_ZCRY',
    );
  });

  it('shows administrators every enterprise’s staff and searches them', async () => {
    signIn('M');
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
