import { screen, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { setNavigator } from '@/lib/navigation.ts';
import { makeBusinessId } from '@/test/factories.ts';
import { mockFetch, ok } from '@/test/fetch-mock.ts';
import { renderWidget } from '@/test/render-widget.tsx';
import { testTimeout } from '@/test/waits.ts';
import { column, makePage, makeRow } from '../../test-fixtures.tsx';
import { SchemaForm, type SchemaFormHandle } from './schema-form.tsx';
import { item } from './test-helpers.tsx';

/** The picked records' business numbers, as the server makes them. */
const RECORD_A = makeBusinessId();
const RECORD_B = makeBusinessId();

vi.setConfig({ testTimeout: testTimeout(6) });

describe('picker items in the form', () => {
  it("an item with selectMode 'picker-multiple' picks records of its source node into its value", async () => {
    mockFetch({
      'POST /ks/monitor/table-list': ok(
        makePage({
          columns: [column({ code: 'cert_no', name: '证书编号' })],
          records: [
            makeRow({ businessId: RECORD_A, cert_no: 'Z-1' }),
            makeRow({ businessId: RECORD_B, cert_no: 'Z-2' }),
          ],
          total: 2,
        }),
      ),
    });
    setNavigator({ navigate: () => {}, getPath: () => '/dynamicPage/dynamicDetail' });
    const ref = createRef<SchemaFormHandle>();
    const { user } = renderWidget(
      <SchemaForm
        ref={ref}
        items={[
          item({ code: 'title', name: '项目名称', type: 'text' }),
          item({
            code: 'certs',
            name: '资质证书',
            type: 'text',
            bianma: 'cert_no',
            selectMode: 'picker-multiple',
            curInfo: 'ZZXT/zzgl',
          }),
        ]}
      />,
    );
    // The plain text item keeps its input; the picker item is a button, not a text box.
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: '选择资质证书' }));
    await screen.findByText('Z-1');
    await user.click(screen.getByLabelText('全选'));
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(ref.current?.getValues()).toMatchObject({ certs: 'Z-1;Z-2' }));
    expect(screen.getByText('Z-2')).toBeTruthy();
  });

  it("an item with selectMode 'picker' but no source says so instead of a text box", () => {
    renderWidget(
      <SchemaForm items={[item({ code: 'xm', name: '项目', type: 'text', selectMode: 'picker' })]} />,
    );
    expect(screen.getByText('未配置选择来源')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
