import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { failure, mockFetch, ok, takeUnexpectedRequests } from '@/test/fetch-mock.ts';
import { renderWidget } from '@/test/render-widget.tsx';
import { signInAs } from '@/test/sign-in.ts';
import { waitBound } from '@/test/waits.ts';
import { makeProject, rowOf } from '../test-fixtures.ts';
import { FiveInOneListPage } from './five-in-one-list-page.tsx';

const WAIT = waitBound(2);

afterEach(() => expect(takeUnexpectedRequests()).toEqual([]));

function Where() {
  const location = useLocation();
  return <span data-testid="location">{`${location.pathname}${location.search}`}</span>;
}
const tree = (
  <Routes>
    <Route path="/fiveInOne/list" element={<FiveInOneListPage />} />
    <Route path="*" element={<Where />} />
  </Routes>
);

describe('五位一体列表 (/fiveInOne/list)', () => {
  it('lists the caller’s projects with state and the server’s side, and filters by state', async () => {
    signInAs('M');
    const pending = makeProject({
      state: 'pending',
      side: 'supervisor',
      actions: [],
      name: '市民中心设备采购',
    });
    const queries: string[] = [];
    mockFetch({
      'GET /ks/trade/records': ({ url }) => {
        queries.push(url.search);
        return ok({
          mayEnter: false,
          records: url.searchParams.get('state') === 'approved' ? [] : [rowOf(pending)],
        });
      },
    });
    const { user } = renderWidget(tree, '/fiveInOne/list');
    const row = (await screen.findByText('市民中心设备采购', {}, WAIT)).closest('tr') as HTMLElement;
    expect(within(row).getByText('待审核')).toBeTruthy();
    expect(within(row).getByText('监督')).toBeTruthy();
    // The centre does not enter projects: the server says so.
    expect(screen.queryByRole('button', { name: '项目进场登记' })).toBeNull();
    await user.click(screen.getByLabelText('状态'));
    await user.click(await screen.findByTitle('已通过'));
    expect(await screen.findByText('暂无项目', {}, WAIT)).toBeTruthy();
    expect(queries.at(-1)).toBe('?state=approved');
  });

  it('offers an enterprise the entry, shows the server’s error under the field, and opens the saved project', async () => {
    signInAs('U');
    const saved = makeProject();
    const bodies: unknown[] = [];
    mockFetch({
      'GET /ks/trade/records': ok({ mayEnter: true, records: [] }),
      'POST /ks/xmrc/v1/bd/save': ({ body }) => {
        bodies.push(body);
        return bodies.length === 1
          ? failure(400, 400, '投标截止时间应在文件发售截止时间之后', {
              'sections.0.bidDeadlineAt': '投标截止时间应在文件发售截止时间之后',
            })
          : ok(saved);
      },
    });
    const { user } = renderWidget(tree, '/fiveInOne/list');
    expect(await screen.findByText('暂无项目，可点击“项目进场登记”登记您的项目', {}, WAIT)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '项目进场登记' }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    await user.type(within(dialog).getByLabelText('项目名称'), '滨江路道路提升工程');
    await user.type(within(dialog).getByLabelText('项目负责人'), '张三');
    await user.type(within(dialog).getByLabelText('负责人电话'), '13912345678');
    await user.type(within(dialog).getByLabelText('标段1名称'), '施工标段');
    await user.type(within(dialog).getByLabelText('标段1估算金额'), '1000000');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('投标截止时间应在文件发售截止时间之后', {}, WAIT)).toBeTruthy();
    expect(bodies[0]).toMatchObject({
      name: '滨江路道路提升工程',
      capacity: 'tenderee',
      principal: '张三',
      sections: [{ name: '施工标段', estimatePrice: 1_000_000, controlPrice: null, controlPriceNote: '' }],
    });
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(
      () =>
        expect(screen.getByTestId('location').textContent).toBe(`/fiveInOne/detail?id=${saved.id}&tab=xmxx`),
      WAIT,
    );
  });
});
