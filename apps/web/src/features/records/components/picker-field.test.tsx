import { FormItemSchema, type NativeValue } from '@ks/contract/form-schema';
import { configure, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setNavigator } from '@/lib/navigation.ts';
import { type MockHandler, mockFetch, ok } from '@/test/fetch-mock.ts';
import { renderWidget } from '@/test/render-widget.tsx';
import type { ListQuery } from '../api/types.ts';
import { column, makePage, makeRow } from '../test-fixtures.tsx';
import { PickerField, pickerSourceOf } from './picker-field.tsx';

vi.setConfig({ testTimeout: 90000 });
configure({ asyncUtilTimeout: 15000 });

describe('pickerSourceOf', () => {
  it.each([
    ['ZZXT/zzgl', { systemCoding: 'ZZXT', gnCoding: 'zzgl' }],
    ['zzgl', null],
    ['', null],
  ])('%s → %j', (curInfo, expected) => {
    expect(pickerSourceOf({ curInfo })).toEqual(expected);
  });
});

describe('PickerField', () => {
  it('puts the picked records’ values into the item, joined by ; for a text item', async () => {
    const lists: ListQuery[] = [];
    const list: MockHandler = ({ body }) => {
      lists.push(body as ListQuery);
      return ok(
        makePage({
          columns: [column({ code: 'cert_no', name: '证书编号' })],
          records: [
            makeRow({ businessId: 'A', cert_no: 'Z-1' }),
            makeRow({ businessId: 'B', cert_no: 'Z-2' }),
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
