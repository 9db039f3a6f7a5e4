import type { IdentityClaim, TransactItem, Transfer } from '@ks/contract/market';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { makeRecordId, makeUserId } from '@/test/factories.ts';
import { mockFetch, ok, takeUnexpectedRequests } from '@/test/fetch-mock.ts';
import { renderWidget } from '@/test/render-widget.tsx';
import { signInAs } from '@/test/sign-in.ts';
import { waitBound } from '@/test/waits.ts';
import { TransactPage } from './transact-page.tsx';

const WAIT = waitBound(2);

const NO_TRANSFERS = { 'GET /ks/basic/personnel/transfers': ok([]) };
const RELEASING = makeUserId();
const ASKING = makeUserId();
const TRANSFER_ID = makeRecordId();
const OTHER_TRANSFER_ID = makeRecordId();
const CLAIM_ID = makeRecordId();
const OTHER_CLAIM_ID = makeRecordId();
const TRANSFER: Transfer = {
  id: TRANSFER_ID,
  side: null,
  actions: [],
  personName: '顾磊',
  idNumber: '320583********1611',
  fromUserId: RELEASING,
  fromEnterpriseName: '杭州钱江工程监理有限公司（演示数据）',
  matched: null,
  toUserId: ASKING,
  toEnterpriseName: 'KS演示建设集团有限公司',
  status: 'pending',
  reason: '拟任本企业安装工程造价负责人',
  refusal: '',
  advice: '',
  createdAt: '2026-11-20T02:00:00.000Z',
  releasedAt: null,
  refusedAt: null,
  decidedAt: null,
  version: 1,
};

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
    signInAs('U');
    mockFetch({ 'GET /ks/basic/transact': ok(ITEMS), ...NO_TRANSFERS });
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
    signInAs('P');
    mockFetch({ 'GET /ks/basic/transact': ok([]), ...NO_TRANSFERS });
    renderWidget(tree, '/system/transact');
    expect(await screen.findByText('暂无可办理的业务', {}, WAIT)).toBeTruthy();
    expect(await screen.findByText('暂无转注册申请', {}, WAIT)).toBeTruthy();
  });

  it('lists administrators the open transfers and approves one over its version', async () => {
    signInAs('M');
    const asked: string[] = [];
    const bodies: unknown[] = [];
    mockFetch({
      'GET /ks/basic/transact': ok([]),
      'GET /ks/basic/identity-claims': ok([]),
      'GET /ks/basic/personnel/transfers': ({ url }) => {
        asked.push(url.search);
        return ok(bodies.length ? [] : [{ ...TRANSFER, actions: ['decide'] }]);
      },
      'PUT /ks/basic/personnel/transfers/decide': ({ body }) => {
        bodies.push(body);
        return ok({ ...TRANSFER, status: 'approved', version: 2 });
      },
    });
    const { user } = renderWidget(tree, '/system/transact');
    expect(await screen.findByRole('heading', { name: '待审批的转注册' }, WAIT)).toBeTruthy();
    const row = (await screen.findByText('顾磊', {}, WAIT)).closest('tr') as HTMLElement;
    expect(within(row).getByText('待原企业同意')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: /批\s*准/ }));
    const dialog = await screen.findByRole('dialog', { name: '批准转注册' }, WAIT);
    expect(within(dialog).getByText(/原企业尚未同意转出/)).toBeTruthy();
    await user.type(within(dialog).getByLabelText('审批意见'), '材料齐全');
    await user.click(within(dialog).getByRole('button', { name: /批\s*准/ }));
    await waitFor(() =>
      expect(bodies).toEqual([{ id: TRANSFER_ID, version: 1, result: 'approve', advice: '材料齐全' }]),
    );
    expect(await screen.findByText('暂无待审批的转注册申请', {}, WAIT)).toBeTruthy();
    expect(asked[0]).toBe('?open=true');
  });

  it('lets the releasing enterprise agree, and only it', async () => {
    signInAs('U');
    const released: unknown[] = [];
    mockFetch({
      'GET /ks/basic/transact': ok([]),
      'GET /ks/basic/personnel/transfers': ok([
        { ...TRANSFER, side: 'from', actions: ['release', 'refuse'] },
        { ...TRANSFER, id: OTHER_TRANSFER_ID, personName: '沈佳怡', fromUserId: makeUserId() },
      ]),
      'PUT /ks/basic/personnel/transfers/release': ({ body }) => {
        released.push(body);
        return ok({ ...TRANSFER, status: 'released', version: 2 });
      },
    });
    const { user } = renderWidget(tree, '/system/transact');
    const other = (await screen.findByText('沈佳怡', {}, WAIT)).closest('tr') as HTMLElement;
    expect(within(other).queryByRole('button')).toBeNull();
    const row = (await screen.findByText('顾磊', {}, WAIT)).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: '同意转出' }));
    await user.click(await screen.findByRole('button', { name: /确\s*定|OK/ }, WAIT));
    await waitFor(() => expect(released).toEqual([{ id: TRANSFER_ID, version: 1 }]));
  });

  it('lets the releasing enterprise refuse only with a reason', async () => {
    signInAs('U');
    const refused: unknown[] = [];
    mockFetch({
      'GET /ks/basic/transact': ok([]),
      'GET /ks/basic/personnel/transfers': () =>
        ok([
          refused.length
            ? {
                ...TRANSFER,
                side: 'from',
                actions: ['release'],
                status: 'refused',
                refusal: '合同未到期',
                version: 2,
              }
            : { ...TRANSFER, side: 'from', actions: ['release', 'refuse'] },
        ]),
      'PUT /ks/basic/personnel/transfers/refuse': ({ body }) => {
        refused.push(body);
        return ok({ ...TRANSFER, status: 'refused', refusal: '合同未到期', version: 2 });
      },
    });
    const { user } = renderWidget(tree, '/system/transact');
    const row = (await screen.findByText('顾磊', {}, WAIT)).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: '不同意' }));
    const dialog = await screen.findByRole('dialog', { name: '不同意转出' }, WAIT);
    await user.click(within(dialog).getByRole('button', { name: /提\s*交/ }));
    expect(await within(dialog).findByText('请填写不同意转出的理由', {}, WAIT)).toBeTruthy();
    expect(refused).toEqual([]);
    await user.type(within(dialog).getByLabelText('不同意的理由'), '合同未到期');
    await user.click(within(dialog).getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(refused).toEqual([{ id: TRANSFER_ID, version: 1, refusal: '合同未到期' }]));
    // Refused, it stays open: the reason shows, and the enterprise may still agree.
    const after = (await screen.findByText('原企业理由：合同未到期', {}, WAIT)).closest('tr') as HTMLElement;
    expect(within(after).getByText('原企业不同意')).toBeTruthy();
    expect(within(after).getByRole('button', { name: '同意转出' })).toBeTruthy();
    expect(within(after).queryByRole('button', { name: '不同意' })).toBeNull();
  });

  it('lets the asking enterprise withdraw its open request', async () => {
    signInAs('U');
    const withdrawn: unknown[] = [];
    mockFetch({
      'GET /ks/basic/transact': ok([]),
      // As the server answers the asker: who and where only once the person is let go.
      'GET /ks/basic/personnel/transfers': ok([
        {
          ...TRANSFER,
          side: 'to',
          actions: ['withdraw'],
          personName: '',
          fromUserId: null,
          fromEnterpriseName: '',
        },
        { ...TRANSFER, id: OTHER_TRANSFER_ID, personName: '沈佳怡', side: 'to', status: 'approved' },
      ]),
      'PUT /ks/basic/personnel/transfers/withdraw': ({ body }) => {
        withdrawn.push(body);
        return ok({ ...TRANSFER, status: 'withdrawn', version: 2 });
      },
    });
    const { user } = renderWidget(tree, '/system/transact');
    const decided = (await screen.findByText('沈佳怡', {}, WAIT)).closest('tr') as HTMLElement;
    expect(within(decided).queryByRole('button')).toBeNull();
    const row = (await screen.findAllByText('原企业同意后显示', {}, WAIT))[0]?.closest('tr') as HTMLElement;
    expect(within(row).getAllByText('原企业同意后显示')).toHaveLength(2);
    expect(within(row).queryByText('顾磊')).toBeNull();
    expect(within(row).queryByRole('button', { name: '同意转出' })).toBeNull();
    await user.click(within(row).getByRole('button', { name: '撤回申请' }));
    expect(await screen.findByText(`撤回${TRANSFER.idNumber}的转注册申请吗？`, {}, WAIT)).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: /确\s*定|OK/ }, WAIT));
    await waitFor(() => expect(withdrawn).toEqual([{ id: TRANSFER_ID, version: 1 }]));
  });

  it('lets administrators confirm an ID number claim, or refuse one only with a reason', async () => {
    signInAs('M');
    const decided: unknown[] = [];
    const claim: IdentityClaim = {
      id: CLAIM_ID,
      userId: makeUserId(),
      account: 'li.si',
      userName: '李四',
      accountPhone: '13900001111',
      idNumber: '320106198503122013',
      status: 'pending',
      proof: null,
      refusal: '',
      personName: '王建华',
      enterpriseName: 'KS演示建设集团有限公司',
      heldBy: '演示执业人员（personnel）',
      createdAt: '2026-11-29T01:00:00.000Z',
      decidedAt: null,
      version: 1,
    };
    mockFetch({
      'GET /ks/basic/transact': ok([]),
      ...NO_TRANSFERS,
      'GET /ks/basic/identity-claims': ({ url }) => {
        expect(url.search).toBe('?status=pending');
        const queued = [
          claim,
          { ...claim, id: OTHER_CLAIM_ID, userName: '张三', heldBy: '', personName: '' },
        ];
        return ok(queued.filter((one) => !decided.some((body) => (body as { id: string }).id === one.id)));
      },
      'PUT /ks/basic/identity-claims/decide': ({ body }) => {
        decided.push(body);
        return ok({ ...claim, status: 'proven', proof: 'admin', version: 2 });
      },
    });
    const { user } = renderWidget(tree, '/system/transact');
    expect(await screen.findByRole('heading', { name: '待确认的身份证号码绑定' }, WAIT)).toBeTruthy();
    const held = (await screen.findByText('演示执业人员（personnel）', {}, WAIT)).closest(
      'tr',
    ) as HTMLElement;
    expect(within(held).getByText('王建华（KS演示建设集团有限公司）')).toBeTruthy();
    const unknown = screen.getByText('无审核通过的注册信息').closest('tr') as HTMLElement;

    await user.click(within(unknown).getByRole('button', { name: '不予确认' }));
    const dialog = await screen.findByRole('dialog', { name: '不予确认身份证号码绑定' }, WAIT);
    await user.click(within(dialog).getByRole('button', { name: /提\s*交/ }));
    expect(await within(dialog).findByText('请填写不予确认的理由', {}, WAIT)).toBeTruthy();
    expect(decided).toEqual([]);
    await user.type(within(dialog).getByLabelText('理由'), '与注册信息不符');
    await user.click(within(dialog).getByRole('button', { name: /提\s*交/ }));
    await waitFor(() =>
      expect(decided).toEqual([
        { id: OTHER_CLAIM_ID, version: 1, result: 'refuse', refusal: '与注册信息不符' },
      ]),
    );

    await user.click(within(held).getByRole('button', { name: /^确\s*认$/ }));
    expect(await screen.findByText(/演示执业人员（personnel）的绑定将解除/, {}, WAIT)).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: /确\s*定|OK/ }, WAIT));
    await waitFor(() => expect(decided).toHaveLength(2));
    expect(decided[1]).toEqual({ id: CLAIM_ID, version: 1, result: 'confirm' });
  });
});
