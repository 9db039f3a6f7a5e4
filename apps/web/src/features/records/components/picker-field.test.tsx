import { FormItemSchema, type NativeValue } from '@ks/contract/form-schema';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setNavigator } from '@/lib/navigation.ts';
import { makeBusinessId } from '@/test/factories.ts';
import { type MockHandler, mockFetch, ok } from '@/test/fetch-mock.ts';
import { renderWidget } from '@/test/render-widget.tsx';
import { testTimeout } from '@/test/waits.ts';
import type { ListQuery } from '../api/types.ts';
import { column, makePage, makeRow } from '../test-fixtures.tsx';
import { PickerField, pickerSourceOf } from './picker-field.tsx';

/** The picked records' business numbers, as the server makes them. */
const RECORD_A = makeBusinessId();
const RECORD_B = makeBusinessId();
const RECORD_C = makeBusinessId();

vi.setConfig({ testTimeout: testTimeout(6) });

describe('pickerSourceOf', () => {
  it.each([
    ['ZZXT/zzgl', { systemCoding: 'ZZXT', gnCoding: 'zzgl' }],
    ['zzgl', null],
    ['', null],
  ])('%s → %j', (curInfo, expected) => {
    expect(pickerSourceOf({ curInfo })).toEqual(expected);
  });
});

const CERTS = FormItemSchema.parse({
  code: 'certs',
  name: '资质证书',
  type: 'text',
  bianma: 'cert_no',
  selectMode: 'picker-multiple',
  curInfo: 'ZZXT/zzgl',
});

/** The source node lists three certificates, Z-1 to Z-3 (records A to C). */
function mockCertificates() {
  mockFetch({
    'POST /ks/monitor/table-list': ok(
      makePage({
        columns: [column({ code: 'cert_no', name: '证书编号' })],
        records: [
          makeRow({ businessId: RECORD_A, cert_no: 'Z-1' }),
          makeRow({ businessId: RECORD_B, cert_no: 'Z-2' }),
          makeRow({ businessId: RECORD_C, cert_no: 'Z-3' }),
        ],
        total: 3,
      }),
    ),
  });
  setNavigator({ navigate: () => {}, getPath: () => '/dynamicPage/dynamicDetail' });
}

const isChecked = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).checked;

describe('PickerField', () => {
  it('reopens with the current values ticked, so a new pick adds to them', async () => {
    mockCertificates();
    const onChange = vi.fn<(value: NativeValue | null) => void>();
    const { user } = renderWidget(
      <PickerField item={CERTS} value="Z-1;Z-2" onChange={onChange} isDisabled={false} isDetail={false} />,
    );
    await user.click(screen.getByRole('button', { name: '选择资质证书' }));
    await screen.findByLabelText(`选择${RECORD_C}`);
    expect([
      isChecked(`选择${RECORD_A}`),
      isChecked(`选择${RECORD_B}`),
      isChecked(`选择${RECORD_C}`),
    ]).toEqual([true, true, false]);
    expect(screen.getByText('已选 2 项')).toBeTruthy();
    await user.click(screen.getByLabelText(`选择${RECORD_C}`));
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('Z-1;Z-2;Z-3'));
  });

  it('keeps an earlier value the list does not show, and unticking one drops it', async () => {
    mockCertificates();
    const onChange = vi.fn<(value: NativeValue | null) => void>();
    const { user } = renderWidget(
      <PickerField item={CERTS} value="Z-9;Z-1" onChange={onChange} isDisabled={false} isDetail={false} />,
    );
    await user.click(screen.getByRole('button', { name: '选择资质证书' }));
    await screen.findByLabelText(`选择${RECORD_A}`);
    expect(isChecked(`选择${RECORD_A}`)).toBe(true);
    await user.click(screen.getByLabelText(`选择${RECORD_A}`));
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('Z-9'));
  });

  it('closes one tag of a multi-pick value without opening the picker', async () => {
    const onChange = vi.fn<(value: NativeValue | null) => void>();
    const { user } = renderWidget(
      <PickerField item={CERTS} value="Z-1;Z-2" onChange={onChange} isDisabled={false} isDetail={false} />,
    );
    const tag = screen.getByText('Z-1').closest('.ant-tag') as HTMLElement;
    await user.click(tag.querySelector('.ant-tag-close-icon') as HTMLElement);
    expect(onChange).toHaveBeenCalledWith('Z-2');
    expect(screen.queryByText('已选', { exact: false })).toBeNull();
  });

  it('offers no close on the tag of a single pick, nor when the form is disabled', () => {
    const single = FormItemSchema.parse({ ...CERTS, selectMode: 'picker' });
    const { container, rerender } = renderWidget(
      <PickerField item={single} value="Z-1" isDisabled={false} isDetail={false} />,
    );
    expect(screen.getByText('Z-1')).toBeTruthy();
    expect(container.querySelector('.ant-tag-close-icon')).toBeNull();
    rerender(<PickerField item={CERTS} value="Z-1;Z-2" isDisabled isDetail={false} />);
    expect(container.querySelector('.ant-tag-close-icon')).toBeNull();
  });

  it('puts the picked records’ values into the item, joined by ; for a text item', async () => {
    const lists: ListQuery[] = [];
    const list: MockHandler = ({ body }) => {
      lists.push(body as ListQuery);
      return ok(
        makePage({
          columns: [column({ code: 'cert_no', name: '证书编号' })],
          records: [
            makeRow({ businessId: RECORD_A, cert_no: 'Z-1' }),
            makeRow({ businessId: RECORD_B, cert_no: 'Z-2' }),
          ],
          total: 2,
        }),
      );
    };
    mockFetch({ 'POST /ks/monitor/table-list': list });
    setNavigator({ navigate: () => {}, getPath: () => '/dynamicPage/dynamicDetail' });
    const item = FormItemSchema.parse({
      code: 'certs',
      name: '资质证书',
      type: 'text',
      bianma: 'cert_no',
      selectMode: 'picker-multiple',
      curInfo: 'ZZXT/zzgl',
    });
    const onChange = vi.fn<(value: NativeValue | null) => void>();
    const { user } = renderWidget(
      <PickerField item={item} value="" onChange={onChange} isDisabled={false} isDetail={false} />,
    );
    await user.click(screen.getByRole('button', { name: '选择资质证书' }));
    await screen.findByText('Z-1');
    expect(lists[0]).toMatchObject({ systemCoding: 'ZZXT', gnCoding: 'zzgl' });
    await user.click(screen.getByLabelText('全选'));
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('Z-1;Z-2'));
  });

  it('shows the values as text in detail mode', () => {
    const item = FormItemSchema.parse({
      code: 'certs',
      name: '资质证书',
      type: 'text',
      selectMode: 'picker',
    });
    renderWidget(<PickerField item={item} value="Z-1;Z-2" isDisabled={false} isDetail />);
    expect(screen.getByText('Z-1、Z-2')).toBeTruthy();
  });
});
