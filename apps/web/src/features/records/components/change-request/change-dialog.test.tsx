import { randomUUID } from 'node:crypto';
import { CONTACT_MESSAGES } from '@ks/contract/market';
import type { ChangeList, ChangeOperation, ChangeRecord } from '@ks/contract/record-changes';
import { CHANGE_MESSAGES, RECORD_CHANGE_PATHS } from '@ks/contract/record-changes';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeRecordId } from '@/test/factories.ts';
import { mockFetch, ok } from '@/test/fetch-mock.ts';
import { renderWidget } from '@/test/render-widget.tsx';
import { testTimeout } from '@/test/waits.ts';
import { NODE } from '../../test-fixtures.tsx';
import { ChangeDialog } from './change-dialog.tsx';

const RECORD_ID = makeRecordId();
const CHANGE_ID = makeRecordId();
const OTHER_CHANGE_ID = makeRecordId();

vi.setConfig({ testTimeout: testTimeout(6) });

/** antd spaces two-character button labels (提 交): match with or without it. */
const label = (text: string) => new RegExp(`^${text.split('').join('\\s*')}$`);

const ops = (...shown: ChangeOperation['code'][]): ChangeOperation[] =>
  (['save', 'submit', 'pass', 'reject', 'closed', 'modify'] as const).map((code) => ({
    code,
    name: { save: '保存', submit: '提交', pass: '通过', reject: '驳回', closed: '关闭', modify: '修改' }[
      code
    ],
    color: '#1677ff',
    show: code === 'closed' || shown.includes(code),
  }));

const FILE_ID = randomUUID();

/** What save and review answer: the round's id and version, and what the caller may do next. */
const saved_ = (id: string, version: number) => ({
  id,
  version,
  userPermission: false,
  managerPermission: false,
  operations: ops(),
});

const round = (overrides: Partial<ChangeRecord>): ChangeRecord => ({
  id: CHANGE_ID,
  businessId: RECORD_ID,
  round: 1,
  change: -1,
  changeStatus: '未通过',
  changeType: '信用信息/分数',
  changeTypeCode: 'g1/score',
  logbook: '复核后调整',
  auditRecord: '材料不全',
  attachment: `/ks/file/v1/files/${FILE_ID}`,
  fileList: [{ fileId: FILE_ID, url: `/ks/file/v1/files/${FILE_ID}`, annexName: '证明.pdf' }],
  dataList: [{ changeField: 'score', fieldName: '分数', oldValue: '5', newValue: '8', dataType: 'number' }],
  sbTime: '2026-05-01T02:00:00.000Z',
  czTime: '2026-05-02T02:00:00.000Z',
  contact: { ry_name: '王立新', tel: '0571-87654321' },
  requesterName: '企业',
  reviewerName: '管理员',
  version: 3,
  userPermission: false,
  managerPermission: false,
  operations: ops(),
  ...overrides,
});

const FIELDS = {
  values: { title: '优良工程奖', score: '5', start_time: '2026-01-01', end_time: '2026-12-31' },
  fields: [
    { code: 'title', name: '信用条目', type: 'text', parentNode: '' },
    { code: 'score', name: '分数', type: 'number', max: 10, parentNode: '' },
    { code: 'start_time', name: '开始时间', type: 'date', parentNode: '' },
    { code: 'end_time', name: '结束时间', type: 'date', parentNode: '' },
  ],
  enclosure: '',
  enclosureFiles: [],
  userPermission: true,
  managerPermission: false,
  operations: ops(),
};
const TREE = {
  list: [
    {
      label: '信用信息',
      value: 'g1',
      children: [
        { label: '信用条目', value: 'title' },
        { label: '分数', value: 'score' },
      ],
    },
    { label: '附件信息', value: 'info' },
  ],
  userPermission: true,
  managerPermission: false,
  operations: ops(),
};

const CONTACTS = [
  {
    id: makeRecordId(),
    ry_name: '刘晓燕',
    tel: '13951712345',
    position: '经营部经理',
    email: 'liuxy@example.com',
  },
];

function routes(list: ChangeList, extra: Record<string, unknown> = {}) {
  return mockFetch({
    [`POST ${RECORD_CHANGE_PATHS.list}`]: ok(list),
    [`POST ${RECORD_CHANGE_PATHS.fields}`]: ok(FIELDS),
    [`POST ${RECORD_CHANGE_PATHS.typeTree}`]: ok(TREE),
    'POST /ks/basic/contacts': { status: 200, body: { status: 200, result: CONTACTS } },
    ...(extra as Record<string, never>),
  });
}

const dialog = async () =>
  (await screen.findByText(/信息变更/, { selector: '.ant-modal-title' })).closest(
    '.ant-modal',
  ) as HTMLElement;

describe('ChangeDialog', () => {
  it('initiate mode: rounds as tabs with the last (new) one selected, checks before saving', async () => {
    const saved = vi.fn();
    routes(
      {
        records: [round({})],
        canInitiate: true,
        userPermission: true,
        managerPermission: false,
        operations: ops('save', 'submit'),
      },
      {
        [`POST ${RECORD_CHANGE_PATHS.save}`]: (request: { body: unknown }) => {
          saved(request.body);
          return ok(saved_(OTHER_CHANGE_ID, 1));
        },
      },
    );
    const { user } = renderWidget(
      <ChangeDialog node={NODE} recordId={RECORD_ID} mode="initiate" onClose={() => {}} />,
    );
    const modal = await dialog();
    const tabs = await within(modal).findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['第一次', '第二次']);
    expect(tabs[1]?.getAttribute('aria-selected')).toBe('true');
    const panel = within(modal).getByRole('tabpanel');
    expect(within(panel).getByLabelText('变更原因').getAttribute('rows')).toBe('2');
    // Submit before saving: 请先保存; save without a type: 请选择变更类型.
    await user.click(within(panel).getByRole('button', { name: label('提交') }));
    expect(await screen.findByText(CHANGE_MESSAGES.saveFirst)).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: label('保存') }));
    // The button is disabled for 1 s after the click.
    expect(
      within(panel)
        .getByRole('button', { name: label('保存') })
        .hasAttribute('disabled'),
    ).toBe(true);
    expect(await screen.findByText(CHANGE_MESSAGES.typeRequired)).toBeTruthy();
    expect(saved).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(
        within(panel)
          .getByRole('button', { name: label('保存') })
          .hasAttribute('disabled'),
      ).toBe(false),
    );
  });

  it('initiate mode: asks the contact person, prefilled from the enterprise’s contacts, and saves it', async () => {
    const saved = vi.fn();
    const draft = round({
      change: 1,
      changeStatus: '待提交',
      auditRecord: '',
      sbTime: null,
      czTime: null,
      contact: null,
      userPermission: true,
      operations: ops('save', 'submit'),
    });
    routes(
      {
        records: [draft],
        canInitiate: false,
        userPermission: true,
        managerPermission: false,
        operations: ops(),
      },
      {
        [`POST ${RECORD_CHANGE_PATHS.save}`]: (request: { body: unknown }) => {
          saved(request.body);
          return ok(saved_(CHANGE_ID, 4));
        },
      },
    );
    const { user } = renderWidget(
      <ChangeDialog node={NODE} recordId={RECORD_ID} mode="initiate" onClose={() => {}} />,
    );
    const panel = await within(await dialog()).findByRole('tabpanel');
    const name = (await within(panel).findByLabelText('联系人')) as HTMLInputElement;
    const tel = within(panel).getByLabelText('联系电话') as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('刘晓燕'));
    expect(tel.value).toBe('13951712345');
    expect(within(panel).queryByLabelText('职务')).toBeNull();
    // A wrong phone stays in the dialog with its message; nothing is sent.
    await user.clear(tel);
    await user.type(tel, '87654321');
    await user.click(within(panel).getByRole('button', { name: label('保存') }));
    expect(await within(panel).findByText(CONTACT_MESSAGES.telInvalid)).toBeTruthy();
    expect(saved).not.toHaveBeenCalled();
    await user.clear(tel);
    await user.type(tel, '0571-87654321');
    await waitFor(() => expect(within(panel).queryByText(CONTACT_MESSAGES.telInvalid)).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 1100)); // the save button's 1 s pause
    await user.click(within(panel).getByRole('button', { name: label('保存') }));
    await waitFor(() =>
      expect(saved).toHaveBeenCalledWith(
        expect.objectContaining({ id: CHANGE_ID, contact: { ry_name: '刘晓燕', tel: '0571-87654321' } }),
      ),
    );
  });

  it('check mode: an administrator reads previews, must give advice to reject, and passes', async () => {
    const reviewed = vi.fn();
    const onClose = vi.fn();
    const pending = round({
      id: OTHER_CHANGE_ID,
      round: 2,
      change: 1,
      changeStatus: '变更中',
      auditRecord: '',
      czTime: null,
      managerPermission: true,
      operations: ops('pass', 'reject', 'modify'),
    });
    routes(
      {
        records: [round({}), pending],
        canInitiate: false,
        userPermission: false,
        managerPermission: true,
        operations: ops(),
      },
      {
        [`POST ${RECORD_CHANGE_PATHS.review}`]: (request: { body: unknown }) => {
          reviewed(request.body);
          return ok(saved_(OTHER_CHANGE_ID, 5));
        },
      },
    );
    const { user } = renderWidget(
      <ChangeDialog node={NODE} recordId={RECORD_ID} mode="check" onClose={onClose} />,
    );
    const modal = await dialog();
    const tabs = await within(modal).findAllByRole('tab');
    expect(tabs[1]?.getAttribute('aria-selected')).toBe('true');
    const panel = within(modal).getByRole('tabpanel');
    // Read-only: no uploader button, the file is listed with a preview.
    expect(within(panel).queryByRole('button', { name: label('上传附件') })).toBeNull();
    expect(within(panel).getByText('证明.pdf')).toBeTruthy();
    expect(within(panel).getByLabelText('审核意见').getAttribute('rows')).toBe('5');
    // The requester's contact person, read-only.
    expect(within(panel).getByText('王立新')).toBeTruthy();
    expect(within(panel).getByText('0571-87654321')).toBeTruthy();
    expect(within(panel).queryByLabelText('联系人')).toBeNull();
    await user.click(within(panel).getByRole('button', { name: label('驳回') }));
    expect(await screen.findByText(CHANGE_MESSAGES.adviceRequired)).toBeTruthy();
    expect(reviewed).not.toHaveBeenCalled();
    // 修改 becomes 保存 while editing.
    await user.click(within(panel).getByRole('button', { name: label('修改') }));
    expect(await within(panel).findByRole('button', { name: label('保存') })).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: label('通过') }));
    expect(await screen.findByText(CHANGE_MESSAGES.saveFirst)).toBeTruthy();
    expect(reviewed).not.toHaveBeenCalled();
  });

  it('passes a change, then closes with the success flag', async () => {
    const onClose = vi.fn();
    const pending = round({
      change: 1,
      changeStatus: '变更中',
      auditRecord: '',
      czTime: null,
      operations: ops('pass', 'reject'),
    });
    routes(
      {
        records: [pending],
        canInitiate: false,
        userPermission: false,
        managerPermission: true,
        operations: ops(),
      },
      { [`POST ${RECORD_CHANGE_PATHS.review}`]: ok(saved_(CHANGE_ID, 4)) },
    );
    const { user } = renderWidget(
      <ChangeDialog node={NODE} recordId={RECORD_ID} mode="check" onClose={onClose} />,
    );
    const modal = await dialog();
    await user.click(await within(modal).findByRole('button', { name: label('通过') }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(await screen.findByText(CHANGE_MESSAGES.reviewed)).toBeTruthy();
  });

  it('shows the placeholders: no data (-2) in check mode, not started (-1) in initiate mode', async () => {
    routes({
      records: [],
      canInitiate: false,
      userPermission: false,
      managerPermission: true,
      operations: ops(),
    });
    const first = renderWidget(
      <ChangeDialog node={NODE} recordId={RECORD_ID} mode="check" onClose={() => {}} />,
    );
    expect(await screen.findByText(/^信息变更.+/, { selector: '.ant-empty-description' })).toBeTruthy();
    const text = screen.getByText(/^信息变更/, { selector: '.ant-empty-description' }).textContent;
    first.unmount();
    renderWidget(<ChangeDialog node={NODE} recordId={RECORD_ID} mode="initiate" onClose={() => {}} />);
    const other = (await screen.findByText(/^信息变更/, { selector: '.ant-empty-description' })).textContent;
    expect(text).not.toBe(other);
  });
});
