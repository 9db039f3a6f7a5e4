import type { TransactItem } from '@ks/contract/market';
import { screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/lib/session-store.ts';
import { makeUserInfo } from '@/test/factories.ts';
import { mockFetch, ok, takeUnexpectedRequests } from '@/test/fetch-mock.ts';
import { renderWidget } from '@/test/render-widget.tsx';
import { TransactPage } from './transact-page.tsx';

vi.setConfig({ testTimeout: 60_000 });
const WAIT = { timeout: 20_000 };

function signIn(loginRoleType: 'U' | 'P') {
  const store = useSessionStore.getState();
  store.setToken('token-1', '2099-01-01T00:00:00Z');
  store.setUser(makeUserInfo({ loginRoleType }), ['user']);
}

afterEach(() => expect(takeUnexpectedRequests()).toEqual([]));

function Where() {
  const location = useLocation();
  return <span data-testid="location">{`${location.pathname}${location.search}`}</span>;
}
const tree = (
  <Routes>
    <Route path="/system/transact" element={<TransactPage />} />
    <Route path="*" element={<Where />} />
  </Routes>
);

const ITEMS: TransactItem[] = [
  {
    code: 'market:apply',
    title: '执业申请',
    group: '企业信息',
    description: '申报资质信息，提交审核后可在企业信息中查看进度',
    path: '/system/companyInfo?apply=true',
  },
  {
    code: 'KS_VENUE:VENUE_BOOK',
    title: '场地预约',
    group: '场地预约系统（演示）',
    description: '新建场地预约并提交审核',
    path: '/dynamicPage/dynamicIndex?systemCoding=KS_VENUE&gnCoding=VENUE_BOOK',
  },
];

describe('业务办理 (/system/transact)', () => {
  it('lists the business the caller may start by system, each opening its page', async () => {
    signIn('U');
    mockFetch({ 'GET /ks/basic/transact': ok(ITEMS) });
    const { user } = renderWidget(tree, '/system/transact');
    expect(await screen.findByRole('heading', { name: '企业信息' }, WAIT)).toBeTruthy();
    expect(screen.getByRole('heading', { name: '场地预约系统（演示）' })).toBeTruthy();
    expect(screen.getByText('新建场地预约并提交审核')).toBeTruthy();
    const buttons = screen.getAllByRole('button', { name: /办\s*理/ });
    expect(buttons).toHaveLength(2);
    await user.click(buttons[0] as HTMLElement);
    expect((await screen.findByTestId('location')).textContent).toBe('/system/companyInfo?apply=true');
  });

  it('says so when there is nothing to start', async () => {
    signIn('P');
    mockFetch({ 'GET /ks/basic/transact': ok([]) });
    renderWidget(tree, '/system/transact');
    expect(await screen.findByText('暂无可办理的业务', {}, WAIT)).toBeTruthy();
  });
});
