import { FORM_ITEM_TYPES, type FormItem, type FormItemType, type WireRecord } from '@ks/contract/form-schema';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { testTimeout, waitBound } from '@/test/waits.ts';
import { findCascaderOption, findOption, item, renderForm, typeDate } from './test-helpers.tsx';

// antd pickers and the lazily loaded editor are slow to render under jsdom on a busy machine.
vi.setConfig({ testTimeout: testTimeout(12) });

const LIST = {
  list: [
    { label: '选项A', value: 'a' },
    { label: '选项B', value: 'b' },
    { label: '选项C', value: 'c' },
  ],
};
const TREE = {
  list: [
    {
      label: '浙江',
      value: 'zj',
      children: [{ label: '杭州', value: 'hz', children: [{ label: '西湖', value: 'xh' }] }],
    },
    {
      label: '江苏',
      value: 'js',
      children: [{ label: '南京', value: 'nj', children: [{ label: '玄武', value: 'xw' }] }],
    },
  ],
};
const OPTIONED = new Set<FormItemType>([
  'select-filter',
  'radio',
  'checkbox',
  'select',
  'filter-select',
  'select-link',
  'select-m',
  'select-edit',
  'select-multiple',
  'transfer',
  'transfer-1',
]);

/** One wire value per type, as the server sends it. */
const WIRE: Record<FormItemType, WireRecord[string]> = {
  text: '单行',
  textarea: '第一行\n第二行',
  number: 12.5,
  'input-number': 3,
  'read-text': '只读内容',
  'select-filter': 'b',
  sex: '女',
  switch: true,
  'switch-1': false,
  'switch-2': true,
  y_n_ent: '是',
  datetime: '2024-05-06 09:30',
  date: '2024-05-06',
  daterange: '2024-05-01,2024-05-31',
  radio: 'a',
  checkbox: 'a;c',
  select: 'c',
  'filter-select': 'a',
  'select-link': 'b',
  'select-m': 'a;b',
  'select-edit': '自己输入的值',
  'select-multiple': 'b;c',
  cascader: 'zj/hz/xh',
  'cascader-1': 'js',
  'cascader-2': 'js/nj',
  'cascader-3': 'zj/hz/xh',
  transfer: 'a;b',
  'transfer-1': 'c',
  editor: '<p>富文本内容</p>',
  // What the formulas below compute from the values above, so a submit gives the same record back.
  'computed-number': 25,
  'computed-date': '2024-05-07',
  'computed-text': '单行！',
};
const FORMULAS: Partial<Record<FormItemType, string>> = {
  'computed-number': 'number * 2',
  'computed-date': 'addDays(date, 1)',
  'computed-text': 'concat(text, "！")',
};

const itemOf = (type: FormItemType): FormItem =>
  item({
    code: type.replace(/-/g, '_').replace(/^(\d)/, 'f$1'),
    name: `字段${type}`,
    type,
    ...(OPTIONED.has(type) ? { options: LIST } : {}),
    ...(type.startsWith('cascader') ? { options: TREE } : {}),
    formula: FORMULAS[type] ?? '',
  });
const ALL = FORM_ITEM_TYPES.map(itemOf);
const wireOf = (items: FormItem[]) => Object.fromEntries(items.map((one) => [one.code, WIRE[one.type]]));

describe('SchemaForm: every item type', () => {
  it(
    'renders every type of the specification and round-trips its wire value unchanged',
    async () => {
      const wire = wireOf(ALL);
      const { handle } = renderForm({ items: ALL, initialValues: wire });
      for (const one of ALL) expect(screen.getByText(one.name)).toBeTruthy();
      // The editor arrives lazily with its content.
      expect(await screen.findByText('富文本内容', {}, waitBound(6))).toBeTruthy();
      expect(handle().getValues()).toEqual(wire);
      let submitted: WireRecord | null = null;
      await act(async () => {
        submitted = await handle().submit();
      });
      expect(submitted).toEqual(wire);
    },
    testTimeout(12),
  );

  it(
    'shows the values as text in detail mode: option labels, joined multi-values, 是/否',
    async () => {
      const { container } = renderForm({ items: ALL, initialValues: wireOf(ALL), readOnly: true });
      const text = (type: FormItemType) =>
        container.querySelector(`[data-code="${itemOf(type).code}"] .ks-detail-value`)?.textContent;
      expect(text('select')).toBe('选项C');
      expect(text('select-m')).toBe('选项A;选项B');
      expect(text('checkbox')).toBe('选项A;选项C');
      expect(text('transfer')).toBe('选项A;选项B');
      expect(text('cascader')).toBe('浙江/杭州/西湖');
      expect(text('cascader-2')).toBe('江苏/南京');
      expect(text('daterange')).toBe('2024-05-01 至 2024-05-31');
      expect(text('switch')).toBe('是');
      expect(text('switch-1')).toBe('否');
      expect(text('sex')).toBe('女');
      expect(text('number')).toBe('12.5');
      expect(text('select-edit')).toBe('自己输入的值');
      expect(container.querySelectorAll('input:not([type=file])')).toHaveLength(0);
      // The editor stays an editor, read-only, 450 px with the detail placeholder.
      const editor = await screen.findByTestId('rich-text-editor', {}, waitBound(6));
      expect(editor.style.height).toBe('450px');
      expect(within(editor).queryByRole('toolbar')).toBeNull();
    },
    testTimeout(12),
  );
});

describe('SchemaForm: changing each kind of field emits wire values', () => {
  const changed = async (items: FormItem[], act: (container: HTMLElement) => Promise<void> | void) => {
    const emitted: WireRecord[] = [];
    const view = renderForm({ items, onValuesChange: (values) => emitted.push(values) });
    await act(view.container);
    return { ...view, emitted };
  };

  it('text, textarea, number and input-number', async () => {
    const items = ['text', 'textarea', 'number', 'input-number'].map((type) => itemOf(type as FormItemType));
    const { handle } = await changed(items, () => {
      fireEvent.change(screen.getByLabelText('字段text'), { target: { value: '你好' } });
      fireEvent.change(screen.getByLabelText('字段textarea'), { target: { value: '多行' } });
      fireEvent.change(screen.getByLabelText('字段number'), { target: { value: '-2.5' } });
      fireEvent.change(screen.getByLabelText('字段input-number'), { target: { value: '7' } });
    });
    await waitFor(() =>
      expect(handle().getValues()).toEqual({ text: '你好', textarea: '多行', number: -2.5, input_number: 7 }),
    );
  });

  it('switches, radio, sex, y_n_ent and checkbox', async () => {
    const items = ['switch', 'switch-2', 'radio', 'sex', 'y_n_ent', 'checkbox'].map((type) =>
      itemOf(type as FormItemType),
    );
    const { handle, emitted } = await changed(items, () => {
      fireEvent.click(screen.getByLabelText('字段switch'));
      fireEvent.click(screen.getByLabelText('字段switch-2'));
      const radio = screen.getByText('字段radio').closest('.ant-form-item') as HTMLElement;
      fireEvent.click(within(radio).getByLabelText('选项B'));
      fireEvent.click(screen.getByLabelText('男'));
      fireEvent.click(screen.getByLabelText('否'));
      const checkbox = screen.getByText('字段checkbox').closest('.ant-form-item') as HTMLElement;
      fireEvent.click(within(checkbox).getByLabelText('选项C'));
      fireEvent.click(within(checkbox).getByLabelText('选项A'));
    });
    expect(handle().getValues()).toEqual({
      switch: true,
      switch_2: true,
      radio: 'b',
      sex: '男',
      y_n_ent: '否',
      checkbox: 'a;c',
    });
    expect(emitted.at(-1)).toEqual(handle().getValues());
    // switch-2 labels itself 是/否.
    expect(screen.getByLabelText('字段switch-2').textContent).toContain('是');
  });

  it('selects: single, multiple and free input', async () => {
    const items = ['select', 'select-m', 'select-edit'].map((type) => itemOf(type as FormItemType));
    const { handle } = await changed(items, async () => {
      const select = screen.getByLabelText('字段select');
      fireEvent.mouseDown(select);
      fireEvent.click(await findOption(select, '选项B'));
      const multiple = screen.getByLabelText('字段select-m');
      fireEvent.mouseDown(multiple);
      fireEvent.click(await findOption(multiple, '选项A'));
      fireEvent.click(await findOption(multiple, '选项C'));
      fireEvent.change(screen.getByLabelText('字段select-edit'), { target: { value: '手填' } });
    });
    await waitFor(() =>
      expect(handle().getValues()).toEqual({ select: 'b', select_m: 'a;c', select_edit: '手填' }),
    );
  });

  it('cascader-2 shows two levels and joins the path with /', async () => {
    const { handle } = await changed([itemOf('cascader-2')], async () => {
      fireEvent.mouseDown(screen.getByLabelText('字段cascader-2'));
      fireEvent.click(await findCascaderOption('江苏'));
      fireEvent.click(await findCascaderOption('南京'));
    });
    await waitFor(() => expect(handle().getValues()).toEqual({ cascader_2: 'js/nj' }));
    fireEvent.mouseDown(screen.getByLabelText('字段cascader-2'));
    await findCascaderOption('南京');
    // A third level exists in the tree but cascader-2 does not show it.
    expect(screen.queryByTitle('玄武')).toBeNull();
  });

  it('transfer moves the checked options to the chosen side', async () => {
    const { handle } = await changed([itemOf('transfer')], (container) => {
      fireEvent.click(screen.getByText('选项B'));
      fireEvent.click(screen.getByText('选项C'));
      const toRight = container.querySelectorAll<HTMLButtonElement>(
        '.ant-transfer-actions button, .ant-transfer-operation button',
      )[0];
      fireEvent.click(toRight as HTMLButtonElement);
    });
    await waitFor(() => expect(handle().getValues()).toEqual({ transfer: 'b;c' }));
  });

  it('date, datetime and daterange take typed year-month-day', async () => {
    const items = ['date', 'datetime', 'daterange'].map((type) => itemOf(type as FormItemType));
    const { handle } = await changed(items, (container) => {
      typeDate(screen.getByLabelText('字段date'), '2024-03-08');
      typeDate(screen.getByLabelText('字段datetime'), '2024-03-08 14:30');
      const [start, end] = container.querySelectorAll<HTMLInputElement>('[data-code="daterange"] input');
      typeDate(start as HTMLInputElement, '2024-03-01');
      typeDate(end as HTMLInputElement, '2024-03-09');
    });
    await waitFor(() =>
      expect(handle().getValues()).toEqual({
        date: '2024-03-08',
        datetime: '2024-03-08 14:30',
        daterange: '2024-03-01,2024-03-09',
      }),
    );
  });
});
