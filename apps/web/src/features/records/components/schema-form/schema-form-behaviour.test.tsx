import {
  DATE_FORMAT_MESSAGE,
  type FormOption,
  PARENT_FIRST_MESSAGE,
  type WireRecord,
} from '@ks/contract/form-schema';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers.tsx';
import { ApiError } from '@/lib/http.ts';
import { DateTimeInput } from './date-fields.tsx';
import type { OptionLoader } from './schema-form.tsx';
import { findOption, item, renderForm, typeDate } from './test-helpers.tsx';

const LIST = {
  list: [
    { label: '选项A', value: 'a' },
    { label: '选项B', value: 'b' },
  ],
};

async function submit(handle: () => { submit(): Promise<WireRecord | null> }) {
  let result: WireRecord | null = null;
  await act(async () => {
    result = await handle().submit();
  });
  return result as WireRecord | null;
}

const formItemOf = (label: string) =>
  screen.getByText(label, { selector: 'label' }).closest('.ant-form-item') as HTMLElement;

/** A day cell of the open date picker panel, once it is drawn. */
const pickerCell = (day: string) =>
  waitFor(() => {
    const found = document.querySelector(`td[title="${day}"]`);
    if (!found) throw new Error(`no cell ${day}`);
    return found;
  });

describe('SchemaForm: required and submit', () => {
  it('answers {name}必填 under each empty required item (required 1 and 2) and resolves null', async () => {
    const { handle } = renderForm({
      items: [
        item({ code: 'name', name: '项目名称', type: 'text', required: '1' }),
        item({ code: 'kind', name: '项目类型', type: 'select', required: '2', options: LIST }),
        item({ code: 'memo', name: '备注', type: 'textarea' }),
      ],
    });
    expect(await submit(handle)).toBeNull();
    expect(await screen.findByText('项目名称必填')).toBeTruthy();
    expect(await screen.findByText('项目类型必填')).toBeTruthy();
    expect(screen.queryByText('备注必填')).toBeNull();
    fireEvent.change(screen.getByLabelText('项目名称'), { target: { value: '一标段' } });
    await waitFor(() => expect(screen.queryByText('项目名称必填')).toBeNull());
  });

  it('shows the contract messages of values the server would refuse', async () => {
    const { handle } = renderForm({
      items: [
        item({ code: 'qty', name: '数量', type: 'input-number' }),
        item({ code: 'amount', name: '金额', type: 'number' }),
        item({ code: 'kind', name: '类型', type: 'select', options: LIST }),
        item({ code: 'short', name: '简称', type: 'text', length: 4 }),
      ],
      initialValues: { qty: 0, amount: 'abc', kind: 'zz', short: '超过四个字了' },
    });
    expect(await submit(handle)).toBeNull();
    expect(await screen.findByText('数量须为不小于1的整数')).toBeTruthy();
    expect(await screen.findByText('金额须为数字')).toBeTruthy();
    expect(await screen.findByText('类型的选项无效，请重新选择')).toBeTruthy();
    expect(await screen.findByText('简称不能超过4个字符')).toBeTruthy();
  });

  it('caps typing at the item length, else at the contract default', () => {
    renderForm({
      items: [
        item({ code: 'short', name: '简称', type: 'text', length: 8 }),
        item({ code: 'title', name: '标题', type: 'text' }),
        item({ code: 'memo', name: '备注', type: 'textarea' }),
      ],
    });
    expect((screen.getByLabelText('简称') as HTMLInputElement).maxLength).toBe(8);
    expect((screen.getByLabelText('标题') as HTMLInputElement).maxLength).toBe(200);
    expect((screen.getByLabelText('备注') as HTMLTextAreaElement).maxLength).toBe(2000);
  });

  it('shows an item marked readonly but does not let it change', () => {
    renderForm({
      items: [
        item({ code: 'code', name: '编号', type: 'text', readonly: true }),
        item({ code: 'note', name: '说明', type: 'read-text' }),
      ],
      initialValues: { code: 'BH-1', note: '系统生成' },
    });
    expect((screen.getByLabelText('编号') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('说明') as HTMLInputElement).readOnly).toBe(true);
    expect((screen.getByLabelText('说明') as HTMLInputElement).value).toBe('系统生成');
  });

  it('places the server errors under their fields and ignores unknown fields', async () => {
    const { handle } = renderForm({
      items: [
        item({ code: 'name', name: '项目名称', type: 'text' }),
        item({ code: 'code', name: '项目编号', type: 'text' }),
      ],
    });
    act(() => handle().setErrors({ code: '项目编号已存在', nope: '不显示' }));
    expect(await screen.findByText('项目编号已存在')).toBeTruthy();
    expect(within(formItemOf('项目编号')).getByText('项目编号已存在')).toBeTruthy();
    expect(screen.queryByText('不显示')).toBeNull();
  });

  it('resets to the initial values', async () => {
    const { handle } = renderForm({
      items: [item({ code: 'name', name: '项目名称', type: 'text' })],
      initialValues: { name: '原值' },
    });
    fireEvent.change(screen.getByLabelText('项目名称'), { target: { value: '新值' } });
    expect(handle().getValues()).toEqual({ name: '新值' });
    act(() => handle().reset());
    expect(handle().getValues()).toEqual({ name: '原值' });
  });
});

describe('SchemaForm: regex prompt', () => {
  it('shows showPrompt while a typed value misses the pattern, and clears the value on blur', async () => {
    const { handle } = renderForm({
      items: [
        item({
          code: 'phone',
          name: '手机号',
          type: 'text',
          regex: '^1\\d{10}$',
          showPrompt: '请输入11位手机号',
        }),
      ],
    });
    const input = screen.getByLabelText('手机号') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '12a' } });
    expect(await screen.findByText('请输入11位手机号')).toBeTruthy();
    fireEvent.change(input, { target: { value: '13800138000' } });
    await waitFor(() => expect(screen.queryByText('请输入11位手机号')).toBeNull());
    fireEvent.blur(input);
    expect(input.value).toBe('13800138000');
    fireEvent.change(input, { target: { value: '138' } });
    fireEvent.blur(input);
    await waitFor(() => expect(input.value).toBe(''));
    expect(handle().getValues()).toEqual({ phone: null });
    expect(await screen.findByText('请输入11位手机号')).toBeTruthy();
  });
});

describe('SchemaForm: switch-1 children', () => {
  const items = [
    item({ code: 'has_bond', name: '是否缴纳保证金', type: 'switch-1', childNode: 'bond,bond_day' }),
    item({ code: 'bond', name: '保证金', type: 'number', show: false }),
    item({ code: 'bond_day', name: '缴纳日期', type: 'date' }),
  ];

  it('shows and requires the children while on, hides and clears them while off', async () => {
    const { handle } = renderForm({ items });
    expect(screen.queryByLabelText('保证金')).toBeNull();
    expect(screen.queryByLabelText('缴纳日期')).toBeNull();
    expect(handle().getValues()).toEqual({ has_bond: false });

    fireEvent.click(screen.getByLabelText('是否缴纳保证金'));
    expect(await screen.findByLabelText('保证金')).toBeTruthy();
    expect(screen.getByText('缴纳日期', { selector: 'label' }).className).toContain('ant-form-item-required');
    expect(await submit(handle)).toBeNull();
    expect(await screen.findByText('请选择保证金')).toBeTruthy();
    expect(await screen.findByText('请选择缴纳日期')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('保证金'), { target: { value: '500' } });
    await waitFor(() => expect(handle().getValues()).toMatchObject({ has_bond: true, bond: 500 }));

    // Off: the children leave the form (hidden means absent) ...
    fireEvent.click(screen.getByLabelText('是否缴纳保证金'));
    await waitFor(() => expect(screen.queryByLabelText('保证金')).toBeNull());
    expect(handle().getValues()).toEqual({ has_bond: false });
    expect(await submit(handle)).toEqual({ has_bond: false });

    // ... and come back empty.
    fireEvent.click(screen.getByLabelText('是否缴纳保证金'));
    expect(((await screen.findByLabelText('保证金')) as HTMLInputElement).value).toBe('');
    expect(handle().getValues()).toEqual({ has_bond: true, bond: null, bond_day: null });
  });

  it('starts with the children shown when the record has the switch on', () => {
    const { handle } = renderForm({
      items,
      initialValues: { has_bond: true, bond: 300, bond_day: '2024-01-02' },
    });
    expect(screen.getByLabelText('保证金')).toBeTruthy();
    expect(handle().getValues()).toEqual({ has_bond: true, bond: 300, bond_day: '2024-01-02' });
  });
});

describe('SchemaForm: parent and child selects', () => {
  const CITIES: Record<string, FormOption[]> = {
    zj: [{ label: '杭州', value: 'hz' }],
    js: [{ label: '南京', value: 'nj' }],
  };
  const items = [
    item({
      code: 'province',
      name: '省份',
      type: 'select',
      options: {
        list: [
          { label: '浙江', value: 'zj' },
          { label: '江苏', value: 'js' },
        ],
      },
    }),
    item({ code: 'city', name: '城市', type: 'select-link', parentNode: 'province', groupNumber: 'area_x' }),
    item({ code: 'district', name: '区县', type: 'select-link', parentNode: 'city' }),
  ];

  it('loads a child for its parent value, and on a parent change clears the children and reloads them', async () => {
    const loadOptions = vi.fn<OptionLoader>(async (child, parentValue) =>
      child.code === 'city'
        ? (CITIES[parentValue ?? ''] ?? [])
        : [{ label: `${parentValue}区`, value: `${parentValue}1` }],
    );
    const { handle } = renderForm({
      items,
      loadOptions,
      initialValues: { province: 'zj', city: 'hz', district: 'hz1' },
    });
    await waitFor(() => expect(loadOptions).toHaveBeenCalledWith(items[1], 'zj'));
    expect(loadOptions).toHaveBeenCalledWith(items[2], 'hz');
    expect(await screen.findByTitle('杭州')).toBeTruthy();

    const province = screen.getByLabelText('省份');
    fireEvent.mouseDown(province);
    fireEvent.click(await findOption(province, '江苏'));
    await waitFor(() => expect(handle().getValues()).toEqual({ province: 'js', city: null, district: null }));
    expect(loadOptions).toHaveBeenCalledWith(items[1], 'js');

    const city = screen.getByLabelText('城市');
    fireEvent.mouseDown(city);
    fireEvent.click(await findOption(city, '南京'));
    await waitFor(() => expect(loadOptions).toHaveBeenCalledWith(items[2], 'nj'));
    const district = screen.getByLabelText('区县');
    fireEvent.mouseDown(district);
    fireEvent.click(await findOption(district, 'nj区'));
    await waitFor(() =>
      expect(handle().getValues()).toEqual({ province: 'js', city: 'nj', district: 'nj1' }),
    );
    expect(await submit(handle)).toEqual({ province: 'js', city: 'nj', district: 'nj1' });
  });

  it('warns 请先输入或选择上级条件后查询！ when a _x child opens before its parent has a value', async () => {
    const loadOptions = vi.fn<OptionLoader>(async () => []);
    renderForm({ items, loadOptions });
    const city = screen.getByLabelText('城市');
    fireEvent.mouseDown(city);
    expect(await screen.findByText(PARENT_FIRST_MESSAGE)).toBeTruthy();
    expect(city.getAttribute('aria-expanded')).toBe('false');
    // Without _x in its group the child just opens, empty.
    const district = screen.getByLabelText('区县');
    fireEvent.mouseDown(district);
    await waitFor(() => expect(district.getAttribute('aria-expanded')).toBe('true'));
    expect(loadOptions).not.toHaveBeenCalled();
  });

  it('reloads the children of a typed parent once typing pauses', async () => {
    const loadOptions = vi.fn<OptionLoader>(async (_child, parentValue) => [
      { label: `${parentValue}-1`, value: '1' },
    ]);
    const { handle } = renderForm({
      items: [
        item({ code: 'keyword', name: '关键字', type: 'text' }),
        item({ code: 'pick', name: '匹配项', type: 'select', parentNode: 'keyword' }),
      ],
      loadOptions,
      initialValues: { keyword: 'a', pick: '1' },
    });
    await waitFor(() =>
      expect(loadOptions).toHaveBeenCalledWith(expect.objectContaining({ code: 'pick' }), 'a'),
    );
    const input = screen.getByLabelText('关键字');
    for (const text of ['ab', 'abc', 'abcd']) fireEvent.change(input, { target: { value: text } });
    expect(handle().getValues()).toEqual({ keyword: 'abcd', pick: null });
    await waitFor(() =>
      expect(loadOptions).toHaveBeenCalledWith(expect.objectContaining({ code: 'pick' }), 'abcd'),
    );
    expect(loadOptions).toHaveBeenCalledTimes(2);
  });

  it('keeps the children whose options do not hang under the parent: a date under a date, a text under a select', async () => {
    const loadOptions = vi.fn<OptionLoader>(async () => []);
    const { handle } = renderForm({
      items: [
        item({ code: 'begin', name: '开工日期', type: 'date' }),
        item({ code: 'finish', name: '竣工日期', type: 'date', parentNode: 'begin' }),
        item({ code: 'kind', name: '类型', type: 'select', options: LIST }),
        item({ code: 'note', name: '说明', type: 'text', parentNode: 'kind' }),
      ],
      loadOptions,
      initialValues: { begin: '2024-05-01', finish: '2024-05-20', kind: 'a', note: '保留' },
    });
    typeDate(screen.getByLabelText('开工日期'), '2024-05-03');
    await waitFor(() => expect(handle().getValues()).toMatchObject({ begin: '2024-05-03' }));
    const kind = screen.getByLabelText('类型');
    fireEvent.mouseDown(kind);
    fireEvent.click(await findOption(kind, '选项B'));
    await waitFor(() =>
      expect(handle().getValues()).toEqual({
        begin: '2024-05-03',
        finish: '2024-05-20',
        kind: 'b',
        note: '保留',
      }),
    );
    // Neither child offers options: nobody is asked for any.
    expect(loadOptions).not.toHaveBeenCalled();
  });

  it('loads the options of a dictionary item on mount', async () => {
    const dictionary = item({
      code: 'grade',
      name: '资质等级',
      type: 'select',
      source: { kind: 'dictionary', code: 'zzdj' },
    });
    const loadOptions = vi.fn<OptionLoader>(async () => [{ label: '甲级', value: '1' }]);
    const { handle } = renderForm({ items: [dictionary], loadOptions, initialValues: { grade: '1' } });
    await waitFor(() => expect(loadOptions).toHaveBeenCalledWith(dictionary, undefined));
    expect(await screen.findByTitle('甲级')).toBeTruthy();
    expect(await submit(handle)).toEqual({ grade: '1' });
  });

  it('shows a refusal of the option call under its field, and nothing for other failures', async () => {
    const items = [
      item({ code: 'kind', name: '信用事项', type: 'select', source: { kind: 'dictionary', code: 'xy' } }),
      item({ code: 'grade', name: '资质等级', type: 'select', source: { kind: 'dictionary', code: 'zz' } }),
    ];
    const loadOptions = vi.fn<OptionLoader>(async (one) => {
      if (one.code === 'kind')
        throw new ApiError({ status: 200, code: 400, message: '请先选择企业类型', kind: 'api' });
      throw new ApiError({ status: 500, code: 500, message: '服务器错误', kind: 'api' });
    });
    renderForm({ items, loadOptions });
    expect(await within(formItemOf('信用事项')).findByText('请先选择企业类型')).toBeTruthy();
    await waitFor(() => expect(loadOptions).toHaveBeenCalledTimes(2));
    expect(within(formItemOf('资质等级')).queryByText('服务器错误')).toBeNull();
  });
});

describe('SchemaForm: select-edit', () => {
  it('shows an option’s label for its stored value, stores a picked option by value, and keeps free text', async () => {
    const { handle } = renderForm({
      items: [item({ code: 'unit', name: '单位', type: 'select-edit', options: LIST })],
      initialValues: { unit: 'a' },
    });
    const input = screen.getByLabelText('单位') as HTMLInputElement;
    expect(input.value).toBe('选项A');
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.click(await findOption(input, '选项B'));
    await waitFor(() => expect(handle().getValues()).toEqual({ unit: 'b' }));
    expect(input.value).toBe('选项B');
    fireEvent.change(input, { target: { value: '自填单位' } });
    await waitFor(() => expect(handle().getValues()).toEqual({ unit: '自填单位' }));
    expect(input.value).toBe('自填单位');
    // Typing an option's label is choosing it; typing text that is some option's value stays text.
    fireEvent.change(input, { target: { value: '选项A' } });
    await waitFor(() => expect(handle().getValues()).toEqual({ unit: 'a' }));
    expect(input.value).toBe('选项A');
    fireEvent.change(input, { target: { value: 'b' } });
    await waitFor(() => expect(handle().getValues()).toEqual({ unit: 'b' }));
    expect(input.value).toBe('b');
  });
});

describe('SchemaForm: dates', () => {
  it('answers 日期格式错误，请重新输入 for a typed date that is not year-month-day, and clears it', async () => {
    const { handle, container } = renderForm({
      items: [
        item({ code: 'day', name: '开标日期', type: 'date' }),
        item({ code: 'span', name: '工期', type: 'daterange' }),
      ],
      initialValues: { day: '2024-01-02' },
    });
    const day = screen.getByLabelText('开标日期') as HTMLInputElement;
    expect(day.maxLength).toBe(10);
    typeDate(day, '2024/13/01');
    expect(await screen.findByText(DATE_FORMAT_MESSAGE)).toBeTruthy();
    expect(handle().getValues()).toMatchObject({ day: null });
    const [start] = container.querySelectorAll<HTMLInputElement>('[data-code="span"] input');
    expect(start?.maxLength).toBe(10);
    typeDate(start as HTMLInputElement, '20240101');
    await waitFor(() => expect(within(formItemOf('工期')).getByText(DATE_FORMAT_MESSAGE)).toBeTruthy());
  });

  it('disables the days outside minDate and maxDate', async () => {
    renderForm({
      items: [
        item({ code: 'day', name: '开标日期', type: 'date', minDate: '2024-05-10', maxDate: '2024-05-20' }),
      ],
      initialValues: { day: '2024-05-15' },
    });
    fireEvent.mouseDown(screen.getByLabelText('开标日期'));
    fireEvent.click(screen.getByLabelText('开标日期'));
    expect((await pickerCell('2024-05-09')).className).toContain('ant-picker-cell-disabled');
    expect((await pickerCell('2024-05-21')).className).toContain('ant-picker-cell-disabled');
    expect((await pickerCell('2024-05-10')).className).not.toContain('ant-picker-cell-disabled');
    expect((await pickerCell('2024-05-20')).className).not.toContain('ant-picker-cell-disabled');
  });

  it('disables, in an end date whose parent is a start date, the days before the start', async () => {
    renderForm({
      items: [
        item({ code: 'begin', name: '开工日期', type: 'date' }),
        item({ code: 'finish', name: '竣工日期', type: 'date', parentNode: 'begin' }),
      ],
      initialValues: { begin: '2024-05-15', finish: '2024-05-20' },
    });
    fireEvent.mouseDown(screen.getByLabelText('竣工日期'));
    fireEvent.click(screen.getByLabelText('竣工日期'));
    expect((await pickerCell('2024-05-14')).className).toContain('ant-picker-cell-disabled');
    expect((await pickerCell('2024-05-15')).className).not.toContain('ant-picker-cell-disabled');
  });

  it('disables, in the end part of a range, the days before the chosen start', async () => {
    const { container } = renderForm({
      items: [item({ code: 'span', name: '工期', type: 'daterange' })],
      initialValues: { span: '2024-05-10,2024-05-20' },
    });
    const [start] = container.querySelectorAll<HTMLInputElement>('[data-code="span"] input');
    fireEvent.mouseDown(start as HTMLInputElement);
    fireEvent.click(start as HTMLInputElement);
    expect((await pickerCell('2024-05-12')).className).not.toContain('ant-picker-cell-disabled');
    fireEvent.click(await pickerCell('2024-05-15'));
    await waitFor(async () =>
      expect((await pickerCell('2024-05-14')).className).toContain('ant-picker-cell-disabled'),
    );
    expect((await pickerCell('2024-05-16')).className).not.toContain('ant-picker-cell-disabled');
  });

  it('offers times every 30 minutes in the form, 00 to 23 hours', async () => {
    renderForm({ items: [item({ code: 'at', name: '开标时间', type: 'datetime' })] });
    const input = screen.getByLabelText('开标时间') as HTMLInputElement;
    expect(input.maxLength).toBe(16);
    fireEvent.mouseDown(input);
    fireEvent.click(input);
    const columns = await waitFor(() => {
      const found = document.querySelectorAll('.ant-picker-time-panel-column');
      if (found.length < 2) throw new Error('no time panel');
      return found;
    });
    const texts = (column: Element | undefined) =>
      [...(column?.querySelectorAll('.ant-picker-time-panel-cell-inner') ?? [])].map(
        (cell) => cell.textContent,
      );
    expect(texts(columns[1])).toEqual(['00', '30']);
    expect(texts(columns[0])).toHaveLength(24);
    expect(texts(columns[0]).at(-1)).toBe('23');
  });
});

describe('DateTimeInput outside the form', () => {
  it('offers times every 15 minutes by default', async () => {
    render(
      <AppProviders>
        <DateTimeInput
          value={null}
          onChange={() => {}}
          onInvalidText={() => {}}
          withTime
          placeholder="时间"
        />
      </AppProviders>,
    );
    const input = screen.getByPlaceholderText('时间');
    fireEvent.mouseDown(input);
    fireEvent.click(input);
    const columns = await waitFor(() => {
      const found = document.querySelectorAll('.ant-picker-time-panel-column');
      if (found.length < 2) throw new Error('no time panel');
      return found;
    });
    const minutes = [...(columns[1]?.querySelectorAll('.ant-picker-time-panel-cell-inner') ?? [])];
    expect(minutes.map((cell) => cell.textContent)).toEqual(['00', '15', '30', '45']);
  });
});

describe('SchemaForm: layout', () => {
  const originalWidth = window.innerWidth;
  afterEach(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: originalWidth });
  });
  const setWidth = (width: number) =>
    act(() => {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
      window.dispatchEvent(new Event('resize'));
    });
  const spanOfCode = (container: HTMLElement, code: string) =>
    [...(container.querySelector(`[data-code="${code}"]`)?.classList ?? [])].find((name) =>
      /^ant-col-\d+$/.test(name),
    );

  it('gives 24 columns up to 1280, 12 up to 1536, else the item col', () => {
    const { container } = renderForm({ items: [item({ code: 'name', type: 'text', col: 8 })] });
    setWidth(1280);
    expect(spanOfCode(container, 'name')).toBe('ant-col-24');
    setWidth(1281);
    expect(spanOfCode(container, 'name')).toBe('ant-col-12');
    setWidth(1536);
    expect(spanOfCode(container, 'name')).toBe('ant-col-12');
    setWidth(1537);
    expect(spanOfCode(container, 'name')).toBe('ant-col-8');
  });

  it('with fixedDetail gives 24 columns up to 1536, else the item col', () => {
    const { container } = renderForm({
      items: [item({ code: 'name', type: 'text', col: 6 })],
      fixedDetail: true,
    });
    setWidth(1300);
    expect(spanOfCode(container, 'name')).toBe('ant-col-24');
    setWidth(1536);
    expect(spanOfCode(container, 'name')).toBe('ant-col-24');
    setWidth(1537);
    expect(spanOfCode(container, 'name')).toBe('ant-col-6');
  });

  it('groups items by groupNumber under their group name, keeping the given order', () => {
    const { container } = renderForm({
      items: [
        item({ code: 'a', name: '甲', type: 'text', groupNumber: 'g1' }),
        item({ code: 'b', name: '乙', type: 'text', groupNumber: 'g2' }),
        item({ code: 'c', name: '丙', type: 'text', groupNumber: 'g1' }),
      ],
      groups: [
        { groupNumber: 'g2', name: '联系方式' },
        { groupNumber: 'g1', name: '基本信息' },
      ],
    });
    const sections = [...container.querySelectorAll('section')];
    expect(sections.map((section) => section.querySelector('h5')?.textContent)).toEqual([
      '基本信息',
      '联系方式',
    ]);
    expect([...(sections[0]?.querySelectorAll('label') ?? [])].map((label) => label.textContent)).toEqual([
      '甲',
      '丙',
    ]);
  });
});
