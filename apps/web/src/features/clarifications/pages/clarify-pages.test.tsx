import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setNavigator } from '@/lib/navigation.ts';
import { makeRecordId } from '@/test/factories.ts';
import { failure, mockFetch, ok, takeUnexpectedRequests } from '@/test/fetch-mock.ts';
import { renderWidget } from '@/test/render-widget.tsx';
import { signInAs } from '@/test/sign-in.ts';
import { waitBound } from '@/test/waits.ts';
import { makeClarification, makeObjection, makeReceipt, makeReceived, rowOf } from '../test-fixtures.ts';
import { ClarifyAuditPage, ClarifyPage } from './clarify-page.tsx';
import { ObjectionPage } from './objection-page.tsx';
import { ReceivedPage } from './received-page.tsx';

const WAIT = waitBound(2);

afterEach(() => expect(takeUnexpectedRequests()).toEqual([]));

const tree = (
  <Routes>
    <Route path="/clarify/file" element={<ClarifyPage />} />
    <Route path="/clarify/audit" element={<ClarifyAuditPage />} />
    <Route path="/clarify/received" element={<ReceivedPage />} />
    <Route path="/clarify/objection" element={<ObjectionPage />} />
  </Routes>
);

const rowWith = async (text: string) =>
  (await screen.findByText(text, {}, WAIT)).closest('tr') as HTMLElement;

describe('澄清文件 (/clarify/file)', () => {
  it('shows each row’s buttons as the server answered them and submits with the row’s version', async () => {
    signInAs('U');
    const draft = makeClarification({ title: '草稿澄清', version: 3 });
    const sent = makeClarification({
      title: '已发澄清',
      state: 'sent',
      actions: [],
      sentAt: '2026-11-29T03:00:00.000Z',
    });
    const bodies: unknown[] = [];
    mockFetch({
      'POST /ks/clarify/file/list': ok({
        mayDraft: true,
        records: [rowOf(draft), rowOf(sent, { deliveredCount: 2, receivedCount: 1 })],
      }),
      'POST /ks/clarify/file/submit': ({ body }) => {
        bodies.push(body);
        return ok({ ...draft, state: 'submitted', version: 4, actions: ['revoke'] });
      },
    });
    const { user } = renderWidget(tree, '/clarify/file');
    const draftRow = await rowWith('草稿澄清');
    expect(within(draftRow).getByText('草稿')).toBeTruthy();
    expect(
      within(draftRow)
        .getAllByRole('button')
        .map((b) => b.textContent?.replace(/\s/g, '')),
    ).toEqual(['查看', '编辑', '提交审核', '删除']);
    const sentRow = await rowWith('已发澄清');
    expect(within(sentRow).getByText('2 / 1')).toBeTruthy();
    expect(
      within(sentRow)
        .getAllByRole('button')
        .map((b) => b.textContent?.replace(/\s/g, '')),
    ).toEqual(['查看']);
    expect(screen.getByRole('button', { name: '起草澄清' })).toBeTruthy();

    await user.click(within(draftRow).getByRole('button', { name: '提交审核' }));
    const confirm = await screen.findByRole('dialog', {}, WAIT);
    await user.click(within(confirm).getByRole('button', { name: '提交审核' }));
    await waitFor(() => expect(bodies).toEqual([{ id: draft.id, version: 3 }]), WAIT);
  });

  it('tells the rule of time’s refusal of a send, with its dates', async () => {
    signInAs('U');
    const approved = makeClarification({
      title: '待发澄清',
      state: 'approved',
      actions: ['send', 'revoke'],
      version: 5,
    });
    const refusal =
      '澄清或者修改应当在投标截止时间至少15日前发出；不足15日的，应当顺延投标截止时间（澄清发出：2026-12-25，投标截止：2027-01-05，相隔11日；投标截止时间最早为2027-01-11 09:00）';
    const bodies: unknown[] = [];
    mockFetch({
      'POST /ks/clarify/file/list': ok({ mayDraft: true, records: [rowOf(approved)] }),
      'POST /ks/clarify/file/send': ({ body }) => {
        bodies.push(body);
        return failure(400, 400, refusal, { newBidDeadlineAt: refusal });
      },
    });
    // The HTTP client tells a refusal in the app's dialog on any page but the login's.
    setNavigator({ navigate: () => {}, getPath: () => '/clarify/file' });
    const { user } = renderWidget(tree, '/clarify/file');
    await user.click(within(await rowWith('待发澄清')).getByRole('button', { name: /^发\s?送$/ }));
    const confirm = await screen.findByRole('dialog', {}, WAIT);
    await user.click(within(confirm).getByRole('button', { name: /^发\s?送$/ }));
    expect(await screen.findByText(refusal, {}, WAIT)).toBeTruthy();
    expect(bodies).toEqual([{ id: approved.id, version: 5 }]);
  });

  it('says so when there is nothing, and offers no drafting to whom the server gives none', async () => {
    signInAs('M');
    mockFetch({ 'POST /ks/clarify/file/list': ok({ mayDraft: false, records: [] }) });
    renderWidget(tree, '/clarify/file');
    expect(await screen.findByText('暂无澄清文件', {}, WAIT)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '起草澄清' })).toBeNull();
  });

  it('drafts a clarification on a section the server offers and shows its refusal under the field', async () => {
    signInAs('U');
    const sectionId = makeRecordId();
    const bodies: unknown[] = [];
    mockFetch({
      'POST /ks/clarify/file/list': ok({ mayDraft: true, records: [] }),
      'POST /ks/clarify/file/sections': ok([
        {
          id: sectionId,
          code: 'JY202611290001-001',
          name: '施工标段',
          projectName: '滨江路',
          bidDeadlineAt: '2027-01-05 09:00',
        },
      ]),
      'POST /ks/clarify/file/save': ({ body }) => {
        bodies.push(body);
        return failure(400, 400, '新的投标截止时间应晚于原投标截止时间', {
          newBidDeadlineAt: '新的投标截止时间应晚于原投标截止时间',
        });
      },
    });
    const { user } = renderWidget(tree, '/clarify/file');
    expect(await screen.findByText('暂无澄清文件，项目审核通过后可点击“起草澄清”', {}, WAIT)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '起草澄清' }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    await user.click(within(dialog).getByLabelText('标段'));
    await user.click(
      await screen.findByText('滨江路 JY202611290001-001 施工标段（投标截止 2027-01-05 09:00）', {}, WAIT),
    );
    await user.type(within(dialog).getByLabelText('澄清标题'), '关于清单的澄清');
    await user.type(within(dialog).getByLabelText('澄清内容'), '更正第12项');
    await user.click(within(dialog).getByRole('button', { name: '保 存' }));
    expect(await within(dialog).findByText('新的投标截止时间应晚于原投标截止时间', {}, WAIT)).toBeTruthy();
    expect(bodies).toEqual([
      { sectionId, title: '关于清单的澄清', content: '更正第12项', newBidDeadlineAt: '', fileIds: [] },
    ]);
  });

  it('shows the receipt table: who was delivered, who confirmed and when', async () => {
    signInAs('U');
    const sent = makeClarification({
      title: '已发澄清',
      state: 'sent',
      actions: [],
      receipts: [
        makeReceipt({ enterpriseName: '投标企业甲', receivedAt: '2026-11-29T04:30:00.000Z' }),
        makeReceipt({ enterpriseName: '投标企业乙' }),
      ],
      history: [{ at: '2026-11-29T03:00:00.000Z', actorName: '张三', action: '发送澄清', reason: '' }],
    });
    const fileId = makeRecordId();
    sent.files = [
      {
        id: fileId,
        fileName: '工程量清单更正.pdf',
        url: `/ks/clarify/file/attachment/${fileId}?clarificationId=${sent.id}`,
      },
    ];
    mockFetch({
      'POST /ks/clarify/file/list': ok({ mayDraft: true, records: [rowOf(sent)] }),
      'POST /ks/clarify/file/detail': ok(sent),
    });
    const { user } = renderWidget(tree, '/clarify/file');
    await user.click(within(await rowWith('已发澄清')).getByRole('button', { name: '查看' }));
    const first = await rowWith('投标企业甲');
    expect(within(first).getByText('2026-11-29 12:30')).toBeTruthy();
    expect(within(await rowWith('投标企业乙')).getByText('未确认')).toBeTruthy();
    expect(screen.getByText('2026-11-29 11:00 张三 发送澄清')).toBeTruthy();
    const file = screen.getByText('工程量清单更正.pdf').closest('li') as HTMLElement;
    expect(within(file).getByRole('button', { name: '下载' })).toBeTruthy();
  });
});

describe('澄清审核 (/clarify/audit)', () => {
  it('lists the queue and returns a clarification only with its reason', async () => {
    signInAs('M');
    const submitted = makeClarification({
      title: '待审澄清',
      state: 'submitted',
      side: 'centre',
      actions: ['approve', 'return'],
      version: 2,
    });
    const bodies: unknown[] = [];
    mockFetch({
      'POST /ks/clarify/file/queue': ok({ mayDraft: false, records: [rowOf(submitted)] }),
      'POST /ks/clarify/file/audit': ({ body }) => {
        bodies.push(body);
        return ok({ ...submitted, state: 'returned', actions: [] });
      },
    });
    const { user } = renderWidget(tree, '/clarify/audit');
    expect(await screen.findByText('澄清审核', {}, WAIT)).toBeTruthy();
    const row = await rowWith('待审澄清');
    // approve and return are one 审核 button.
    expect(
      within(row)
        .getAllByRole('button')
        .map((b) => b.textContent?.replace(/\s/g, '')),
    ).toEqual(['查看', '审核']);
    await user.click(within(row).getByRole('button', { name: '审核' }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    await user.click(within(dialog).getByLabelText('退回'));
    await user.click(within(dialog).getByRole('button', { name: '确 定' }));
    expect(await within(dialog).findByText('请填写退回理由', {}, WAIT)).toBeTruthy();
    expect(bodies).toEqual([]);
    await user.type(within(dialog).getByLabelText('退回理由'), '内容不完整');
    await user.click(within(dialog).getByRole('button', { name: '确 定' }));
    await waitFor(
      () =>
        expect(bodies).toEqual([{ id: submitted.id, version: 2, decision: 'return', reason: '内容不完整' }]),
      WAIT,
    );
  });

  it('says the queue is empty', async () => {
    signInAs('M');
    mockFetch({ 'POST /ks/clarify/file/queue': ok({ mayDraft: false, records: [] }) });
    renderWidget(tree, '/clarify/audit');
    expect(await screen.findByText('暂无待审核的澄清文件', {}, WAIT)).toBeTruthy();
  });
});

describe('收到的澄清 (/clarify/received)', () => {
  it('confirms receipt of a delivery while the server offers it', async () => {
    signInAs('U');
    const open = makeReceived({ title: '待确认澄清' });
    const done = makeReceived({ title: '已确认澄清', receivedAt: '2026-11-29T05:00:00.000Z', actions: [] });
    const ids: unknown[] = [];
    mockFetch({
      'POST /ks/clarify/file/received': ok([open, done]),
      'POST /ks/clarify/file/receipt': ({ body }) => {
        ids.push(body);
        return ok({ ...open, receivedAt: '2026-11-29T06:00:00.000Z', actions: [] });
      },
    });
    const { user } = renderWidget(tree, '/clarify/received');
    const doneRow = await rowWith('已确认澄清');
    expect(within(doneRow).queryByRole('button', { name: '确认收到' })).toBeNull();
    expect(within(doneRow).getByText('2026-11-29 13:00')).toBeTruthy();
    await user.click(within(await rowWith('待确认澄清')).getByRole('button', { name: '确认收到' }));
    await waitFor(() => expect(ids).toEqual([{ id: open.id }]), WAIT);
  });

  it('explains an empty list', async () => {
    signInAs('U');
    mockFetch({ 'POST /ks/clarify/file/received': ok([]) });
    renderWidget(tree, '/clarify/received');
    expect(
      await screen.findByText('暂无收到的澄清文件。下载招标文件后，招标人发出的澄清会送达这里', {}, WAIT),
    ).toBeTruthy();
  });
});

describe('异议 (/clarify/objection)', () => {
  it('lets a bidder raise one and shows the rule of time’s refusal under the section', async () => {
    signInAs('U');
    const sectionId = makeRecordId();
    const refusal =
      '对招标文件有异议的，应当在投标截止时间10日前提出（异议提出：2026-12-28，投标截止：2027-01-05，相隔8日）';
    mockFetch({
      'POST /ks/clarify/objection/list': ok({
        mayRaise: true,
        records: [makeObjection({ content: '我的异议' })],
      }),
      'POST /ks/clarify/objection/sections': ok([
        {
          id: sectionId,
          code: 'JY202611290001-001',
          name: '施工标段',
          projectName: '滨江路',
          bidDeadlineAt: '2027-01-05 09:00',
        },
      ]),
      'POST /ks/clarify/objection/raise': failure(400, 400, refusal, { sectionId: refusal }),
    });
    const { user } = renderWidget(tree, '/clarify/objection');
    const mine = await rowWith('滨江路道路提升工程');
    expect(within(mine).getByText('待答复')).toBeTruthy();
    expect(within(mine).queryByRole('button', { name: '答复' })).toBeNull();
    await user.click(screen.getByRole('button', { name: '提出异议' }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    await user.click(within(dialog).getByLabelText('标段'));
    await user.click(
      await screen.findByText('滨江路 JY202611290001-001 施工标段（投标截止 2027-01-05 09:00）', {}, WAIT),
    );
    await user.type(within(dialog).getByLabelText('异议内容'), '工期不合理');
    await user.click(within(dialog).getByRole('button', { name: '提 交' }));
    expect(await within(dialog).findByText(refusal, {}, WAIT)).toBeTruthy();
  });

  it('lets the tenderee answer where the server offers it', async () => {
    signInAs('U');
    const open = makeObjection({ side: 'tenderee', actions: ['answer'], version: 2 });
    const bodies: unknown[] = [];
    mockFetch({
      'POST /ks/clarify/objection/list': ok({ mayRaise: true, records: [open] }),
      'POST /ks/clarify/objection/answer': ({ body }) => {
        bodies.push(body);
        return ok({ ...open, state: 'answered', answer: '已明确', actions: [] });
      },
    });
    const { user } = renderWidget(tree, '/clarify/objection');
    await user.click(within(await rowWith('投标企业甲')).getByRole('button', { name: '答复' }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    expect(within(dialog).getByText('应于 2026-12-02 前答复')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('答复内容'), '已明确');
    await user.click(within(dialog).getByRole('button', { name: '答 复' }));
    await waitFor(() => expect(bodies).toEqual([{ id: open.id, version: 2, answer: '已明确' }]), WAIT);
  });

  it('says so when there are none', async () => {
    signInAs('M');
    mockFetch({ 'POST /ks/clarify/objection/list': ok({ mayRaise: false, records: [] }) });
    renderWidget(tree, '/clarify/objection');
    expect(await screen.findByText('暂无异议', {}, WAIT)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '提出异议' })).toBeNull();
  });
});
