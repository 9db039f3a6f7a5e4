import {
  DATE_LIMIT_ORDER_MESSAGE,
  dateLimitMessage,
  type FormItem,
  type FormItemInput,
  FormItemSchema,
} from '@ks/contract/form-schema';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '@/test/fetch-mock.ts';
import { renderWidget } from '@/test/render-widget.tsx';
import { testTimeout } from '@/test/waits.ts';
import { FormItemDialog, PROPERTY_TIPS } from './form-item-dialog.tsx';

const itemOf = (input: Partial<FormItemInput> & Pick<FormItemInput, 'code' | 'type'>): FormItem =>
  FormItemSchema.parse({ name: input.code, ...input });

/** Opens the dialog on an existing item and answers what it submits. */
async function editItem(item: FormItem) {
  mockFetch({
    'GET /ks/base/dictionary/config/dics': ok([]),
    'GET /ks/node/field/value-ranges': ok([]),
  });
  const onSubmit = vi.fn<(item: FormItem) => void>();
  renderWidget(
    <FormItemDialog open item={item} items={[item]} groups={[]} onCancel={() => {}} onSubmit={onSubmit} />,
  );
  const dialog = (await screen.findByText(`编辑字段“${item.name}”`)).closest('.ant-modal') as HTMLElement;
  const confirm = () => fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
  return { dialog, confirm, onSubmit };
}

describe('FormItemDialog: select-edit options', () => {
  it('edits an optional option list for select-edit, whose value stays free text', async () => {
    const { dialog, confirm, onSubmit } = await editItem(
      itemOf({ code: 'unit', name: '单位', type: 'select-edit' }),
    );
    // No options is fine: the list only suggests.
    confirm();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(within(dialog).queryByText('请至少添加一个选项')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: '添加选项' }));
    fireEvent.change(within(dialog).getByLabelText('选项1名称'), { target: { value: '建设单位' } });
    fireEvent.change(within(dialog).getByLabelText('选项1值'), { target: { value: 'js' } });
    confirm();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1]?.[0]).toMatchObject({
      type: 'select-edit',
      source: { kind: 'static' },
      options: { list: [{ label: '建设单位', value: 'js' }] },
    });
  });
});

describe('FormItemDialog: date limits', () => {
  it('refuses limits that are not YYYY-MM-DD days or that are out of order, under their inputs', async () => {
    const { dialog, confirm, onSubmit } = await editItem(
      itemOf({ code: 'day', name: '开标日期', type: 'date' }),
    );
    const limitOf = (label: string) => within(dialog).getByLabelText(label);
    fireEvent.change(limitOf('最早日期'), { target: { value: '2024/01/01' } });
    confirm();
    expect(await within(dialog).findByText(dateLimitMessage('最早日期'))).toBeTruthy();
    fireEvent.change(limitOf('最早日期'), { target: { value: '2024-12-31' } });
    fireEvent.change(limitOf('最晚日期'), { target: { value: '2024-01-01' } });
    confirm();
    expect(await within(dialog).findByText(DATE_LIMIT_ORDER_MESSAGE)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(limitOf('最早日期'), { target: { value: ' 2024-01-01 ' } });
    fireEvent.change(limitOf('最晚日期'), { target: { value: '2024-12-31' } });
    confirm();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ minDate: '2024-01-01', maxDate: '2024-12-31' });
  });
});

describe('FormItemDialog: labels a newcomer can read', () => {
  const WIRE_NAMES = ['text', 'parentNode', 'childNode', 'showPrompt', 'curInfo', 'selectMode'];

  it('names properties in Chinese, keeps the wire name as a grey hint and explains them in a tooltip', async () => {
    const { dialog } = await editItem(itemOf({ code: 'xmmc', name: '项目名称', type: 'text' }));
    const text = dialog.textContent ?? '';
    // No label reads 单行文本（text） or 上级字段（parentNode） any more.
    for (const wire of WIRE_NAMES) expect(text).not.toContain(`（${wire}）`);
    expect(within(dialog).getByTitle('单行文本')).toBeTruthy();
    const hints = [...dialog.querySelectorAll('.ks-wire-name')].map((hint) => hint.textContent);
    expect(hints).toEqual(expect.arrayContaining(WIRE_NAMES.slice(1)));

    const label = within(dialog).getByText('上级字段').closest('label') as HTMLElement;
    const icon = label.querySelector('.anticon-question-circle') as HTMLElement;
    fireEvent.mouseEnter(icon);
    expect(await screen.findByText(PROPERTY_TIPS.parentNode)).toBeTruthy();
  });
});

describe('FormItemDialog: computed fields', () => {
  const price = itemOf({ code: 'price', name: '单价', type: 'number' });
  const title = itemOf({ code: 'title', name: '名称', type: 'text' });
  const tax = itemOf({ code: 'tax', name: '税额', type: 'computed-number', formula: 'amount * 0.13' });
  const amount = itemOf({ code: 'amount', name: '金额', type: 'computed-number', formula: '' });

  async function editComputed() {
    mockFetch({
      'GET /ks/base/dictionary/config/dics': ok([]),
      'GET /ks/node/field/value-ranges': ok([]),
    });
    const onSubmit = vi.fn<(item: FormItem) => void>();
    renderWidget(
      <FormItemDialog
        open
        item={amount}
        items={[price, title, tax, amount]}
        groups={[]}
        onCancel={() => {}}
        onSubmit={onSubmit}
      />,
    );
    const dialog = (await screen.findByText('编辑字段“金额”')).closest('.ant-modal') as HTMLElement;
    const confirm = () => fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    const setFormula = (text: string) =>
      fireEvent.change(within(dialog).getByLabelText('计算公式'), { target: { value: text } });
    return { dialog, confirm, setFormula, onSubmit };
  }

  it('offers a formula editor with the explanation, the field codes and the functions', async () => {
    const { dialog } = await editComputed();
    expect(within(dialog).getByText(/计算字段的值由服务器在每次保存时按公式计算/)).toBeTruthy();
    const fields = within(dialog).getByRole('list', { name: '可用字段' });
    expect(within(fields).getByText('price')).toBeTruthy();
    expect(fields.textContent).toContain('price 单价（数字）');
    expect(fields.textContent).toContain('title 名称（单行文本）');
    expect(fields.textContent).not.toContain('amount');
    const functions = within(dialog).getByRole('list', { name: '可用函数' });
    expect(functions.textContent).toContain('round(x, 位数)');
  });

  it('refuses an unknown field, a type error and a cycle under the formula, then saves a good one', {
    timeout: testTimeout(16),
  }, async () => {
    const { dialog, confirm, setFormula, onSubmit } = await editComputed();
    confirm();
    expect(await within(dialog).findByText('计算字段「金额」：请输入公式')).toBeTruthy();
    setFormula('price * qty');
    confirm();
    expect(await within(dialog).findByText('计算字段「金额」：公式引用了不存在的字段：qty')).toBeTruthy();
    setFormula('title * 2');
    confirm();
    expect(
      await within(dialog).findByText('计算字段「金额」：字段「名称」是文本，不能用于“*”（需要数字）'),
    ).toBeTruthy();
    setFormula('tax + price');
    confirm();
    expect(await within(dialog).findByText('计算字段之间存在循环引用：税额 → 金额 → 税额')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    setFormula(' round(price * 2, 2) ');
    confirm();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      code: 'amount',
      type: 'computed-number',
      formula: 'round(price * 2, 2)',
    });
  });
});

describe('FormItemDialog: highest value', () => {
  it('keeps a number item’s highest score (max) and clears it back to unbounded', async () => {
    const { dialog, confirm, onSubmit } = await editItem(
      itemOf({ code: 'score', name: '分数', type: 'number' }),
    );
    fireEvent.change(within(dialog).getByLabelText('最高分'), { target: { value: '10' } });
    confirm();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ code: 'score', max: 10 });
    fireEvent.change(within(dialog).getByLabelText('最高分'), { target: { value: '' } });
    confirm();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1]?.[0]?.max).toBeUndefined();
  });
});
