import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setNavigator } from '@/lib/navigation.ts';
import { makeBusinessId, makeRecordId } from '@/test/factories.ts';
import { type MockHandler, mockFetch, ok } from '@/test/fetch-mock.ts';
import { renderWidget } from '@/test/render-widget.tsx';
import { testTimeout } from '@/test/waits.ts';
import type { ListQuery, RecordRow } from '../api/types.ts';
import { column, makePage, makeRow, NODE } from '../test-fixtures.tsx';
import { QualificationPicker } from './qualification-picker.tsx';

/** The picked records' business numbers, as the server makes them. */
const RECORD_A = makeBusinessId();
const RECORD_B = makeBusinessId();
const RECORD_C = makeBusinessId();

vi.setConfig({ testTimeout: testTimeout(6) });

const COLUMNS = [column({ code: 'cert_name', name: '证书名称', isSearch: true })];
const ROWS = {
  a: makeRow({
    businessId: RECORD_A,
    cert_name: '安全生产许可证',
    fileList: [
      {
        fileName: '许可证.png',
        url: '/f/1',
        host: '',
        fileId: makeRecordId(),
        fileType: 'png',
        fileSize: 1,
        fileNo: '',
      },
    ],
  }),
  b: makeRow({ businessId: RECORD_B, cert_name: '建造师证书' }),
  c: makeRow({ businessId: RECORD_C, cert_name: '安全员证书' }),
};

function setup(mode: 'multiple' | 'single' = 'multiple', columns = COLUMNS) {
  const lists: ListQuery[] = [];
  const list: MockHandler = ({ body }) => {
    const query = body as ListQuery;
    lists.push(query);
    const keyword = String(query.search?.[0]?.val ?? '');
    const records = Object.values(ROWS).filter((row) => String(row.cert_name).includes(keyword));
    return ok(makePage({ columns, records, total: records.length }));
  };
  mockFetch({ 'POST /ks/monitor/table-list': list });
  setNavigator({ navigate: () => {}, getPath: () => '/dynamicPage/dynamicDetail' });
  const onConfirm = vi.fn<(rows: RecordRow[]) => void>();
  const view = renderWidget(
    <QualificationPicker source={NODE} open mode={mode} onConfirm={onConfirm} onClose={() => {}} />,
  );
  return { ...view, lists, onConfirm };
}

const checkbox = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const confirmButton = () => screen.getByRole('button', { name: /确\s*定/ }) as HTMLButtonElement;
const allBox = () => checkbox('全选').closest('.ant-checkbox') as HTMLElement;

describe('QualificationPicker', () => {
  it('keeps confirm disabled until one is chosen; check-all shows the indeterminate state', async () => {
    const { user, onConfirm } = setup();
    await screen.findByText('安全生产许可证');
    expect(confirmButton().disabled).toBe(true);
    await user.click(checkbox(`选择${RECORD_A}`));
    expect(allBox().className).toContain('ant-checkbox-indeterminate');
    expect(confirmButton().disabled).toBe(false);
    await user.click(checkbox('全选'));
    expect(allBox().className).toContain('ant-checkbox-checked');
    expect(allBox().className).not.toContain('ant-checkbox-indeterminate');
    await user.click(confirmButton());
    expect(onConfirm.mock.calls[0]?.[0].map((row) => row.businessId)).toEqual([RECORD_A, RECORD_B, RECORD_C]);
    await user.click(checkbox('全选'));
    expect(confirmButton().disabled).toBe(true);
  });

  it('keeps selections across searches, and searches with the first searchable column', async () => {
    const { user, lists, onConfirm } = setup();
    await screen.findByText('安全生产许可证');
    await user.click(checkbox(`选择${RECORD_B}`));
    await user.type(screen.getByPlaceholderText('请输入证书名称'), '安全');
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(lists.at(-1)?.search).toEqual([{ code: 'cert_name', val: '安全' }]));
    await waitFor(() => expect(screen.queryByText('建造师证书', { selector: 'td' })).toBeNull());
    await user.click(checkbox(`选择${RECORD_C}`));
    expect(screen.getByText('已选 2 项')).toBeTruthy();
    await user.click(confirmButton());
    expect(onConfirm.mock.calls[0]?.[0].map((row) => row.businessId)).toEqual([RECORD_B, RECORD_C]);
  });

  it('offers no keyword box when the source node has no searchable column', async () => {
    const { lists } = setup('multiple', [column({ code: 'cert_name', name: '证书名称' })]);
    await screen.findByText('安全生产许可证');
    // A keyword there could never narrow the list: the box and its buttons go.
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /查\s*询/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /重\s*置/ })).toBeNull();
    expect(screen.getByRole('button', { name: '查看图片' })).toBeTruthy();
    expect(lists.every((query) => query.search?.length === 0)).toBe(true);
  });

  it('throttles search and reset to once a second', async () => {
    const { user, lists } = setup();
    await screen.findByText('安全生产许可证');
    // The throttle reads the clock: hold it still, so a slow machine cannot stretch the second.
    let clock = Date.now();
    vi.spyOn(Date, 'now').mockImplementation(() => clock);
    const before = lists.length;
    await user.type(screen.getByPlaceholderText('请输入证书名称'), '安全');
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(lists.length).toBe(before + 1));
    clock += 999;
    await user.click(screen.getByRole('button', { name: /重\s*置/ }));
    // Within the second: dropped, the typed keyword stays.
    expect((screen.getByPlaceholderText('请输入证书名称') as HTMLInputElement).value).toBe('安全');
    clock += 1;
    await user.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() =>
      expect((screen.getByPlaceholderText('请输入证书名称') as HTMLInputElement).value).toBe(''),
    );
    await waitFor(() => expect(lists.at(-1)?.search).toEqual([]));
  });

  it('asks before clearing all selections', async () => {
    const { user } = setup();
    await screen.findByText('安全生产许可证');
    await user.click(checkbox(`选择${RECORD_A}`));
    await user.click(screen.getByRole('button', { name: /清\s*空/ }));
    expect(await screen.findByText('确定清空已选择的数据吗？')).toBeTruthy();
    expect(screen.getByText('已选 1 项')).toBeTruthy();
    const dialog = screen.getByText('确定清空已选择的数据吗？').closest('.ant-modal') as HTMLElement;
    fireEvent.click(dialog.querySelector('.ant-btn-primary') as HTMLElement);
    await waitFor(() => expect(screen.getByText('已选 0 项')).toBeTruthy());
  });

  it("asks for the rows' files, and warns '请先选择要查看的图片' when viewing images with none selected", async () => {
    const { user, lists } = setup();
    await screen.findByText('安全生产许可证');
    expect(lists[0]?.withFiles).toBe(true);
    await user.click(screen.getByRole('button', { name: '查看图片' }));
    expect(await screen.findByText('请先选择要查看的图片')).toBeTruthy();
  });

  it('in single mode picks one with a radio, replacing the previous choice', async () => {
    const { user, onConfirm } = setup('single');
    await screen.findByText('安全生产许可证');
    expect(screen.queryByLabelText('全选')).toBeNull();
    expect(confirmButton().disabled).toBe(true);
    await user.click(checkbox(`选择${RECORD_A}`));
    await user.click(checkbox(`选择${RECORD_B}`));
    expect(screen.getByText('已选 1 项')).toBeTruthy();
    await user.click(confirmButton());
    expect(onConfirm.mock.calls[0]?.[0].map((row) => row.businessId)).toEqual([RECORD_B]);
  });
});
