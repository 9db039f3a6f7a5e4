import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setNavigator } from '@/lib/navigation.ts';
import { mockFetch, ok } from '@/test/fetch-mock.ts';
import { renderWidget } from '@/test/render-widget.tsx';
import { testTimeout } from '@/test/waits.ts';
import { NODE } from '../test-fixtures.tsx';
import { ImportDialog } from './import-dialog.tsx';

vi.setConfig({ testTimeout: testTimeout(6) });

describe('ImportDialog', () => {
  it('names each rejected field by its name, the code only for a field the form lacks', async () => {
    mockFetch({
      'POST /ks/monitor/import': ok({
        imported: 0,
        rejected: [
          { row: 3, errors: { kssj: '日期格式错误，请重新输入', zzmc: '资质名称必填' } },
          { row: 5, errors: { old_code: '取值不在选项中' } },
        ],
      }),
    });
    setNavigator({ navigate: () => {}, getPath: () => '/dynamicPage/dynamicIndex' });
    const { user } = renderWidget(
      <ImportDialog
        node={NODE}
        items={[
          { code: 'kssj', name: '开始时间' },
          { code: 'zzmc', name: '资质名称' },
        ]}
        open
        onClose={() => {}}
      />,
    );
    const dialog = (await screen.findByText('导入', { selector: '.ant-modal-title' })).closest(
      '.ant-modal',
    ) as HTMLElement;
    const file = new File(['x'], 'data.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    await user.upload(dialog.querySelector('input[type=file]') as HTMLInputElement, file);
    expect(await within(dialog).findByText('有2行数据未通过校验，未导入任何数据')).toBeTruthy();
    const cellsOf = (message: string) =>
      [...(within(dialog).getByText(message).closest('tr') as HTMLElement).querySelectorAll('td')].map(
        (cell) => cell.textContent,
      );
    expect(cellsOf('日期格式错误，请重新输入')).toEqual(['3', '开始时间', '日期格式错误，请重新输入']);
    expect(cellsOf('资质名称必填')).toEqual(['3', '资质名称', '资质名称必填']);
    expect(cellsOf('取值不在选项中')).toEqual(['5', 'old_code', '取值不在选项中']);
    expect(within(dialog).queryByText('kssj')).toBeNull();
  });
});
