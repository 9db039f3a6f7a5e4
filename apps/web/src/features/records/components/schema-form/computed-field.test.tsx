import type { WireRecord } from '@ks/contract/form-schema';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { item, renderForm } from './test-helpers.tsx';

/** Computed fields in the one form renderer (decision 0017): read-only, previewed, the server's value shown. */
const ITEMS = [
  item({ code: 'price', name: '单价', type: 'number' }),
  item({ code: 'qty', name: '数量', type: 'input-number' }),
  item({ code: 'amount', name: '金额', type: 'computed-number', formula: 'round(price * qty, 2)' }),
  item({ code: 'due', name: '到期日', type: 'computed-date', formula: 'addDays(sign_day, 30)' }),
  item({ code: 'sign_day', name: '签订日期', type: 'date' }),
];

describe('SchemaForm: computed fields', () => {
  it('shows the saved value read-only, and previews a new one as the inputs change', async () => {
    const emitted: WireRecord[] = [];
    const { handle } = renderForm({
      items: ITEMS,
      initialValues: { price: 2.5, qty: 4, amount: 10, sign_day: '2026-01-01', due: '2026-01-31' },
      onValuesChange: (values) => emitted.push(values),
    });
    const amount = screen.getByLabelText('金额') as HTMLInputElement;
    expect(amount.value).toBe('10');
    expect(amount.readOnly).toBe(true);
    expect((screen.getByLabelText('到期日') as HTMLInputElement).value).toBe('2026-01-31');
    // Typing into a computed field changes nothing: it has no editable input.
    fireEvent.change(amount, { target: { value: '999' } });
    expect(handle().getValues().amount).toBe(10);

    fireEvent.change(screen.getByLabelText('数量'), { target: { value: '3' } });
    await waitFor(() => expect((screen.getByLabelText('金额') as HTMLInputElement).value).toBe('7.5'));
    expect(emitted.at(-1)).toMatchObject({ qty: 3, amount: 7.5 });
  });

  it('previews empty while an input is empty, and submits without asking for the computed value', async () => {
    const { handle } = renderForm({ items: ITEMS, initialValues: { price: 2 } });
    const amount = screen.getByLabelText('金额') as HTMLInputElement;
    expect(amount.value).toBe('');
    expect(amount.placeholder).toBe('自动计算');
    fireEvent.change(screen.getByLabelText('数量'), { target: { value: '5' } });
    await waitFor(() => expect((screen.getByLabelText('金额') as HTMLInputElement).value).toBe('10'));
    let submitted: WireRecord | null = null;
    await act(async () => {
      submitted = await handle().submit();
    });
    expect(submitted).toMatchObject({ price: 2, qty: 5, amount: 10, due: null });
  });

  it('shows the value as text in detail mode', () => {
    const { container } = renderForm({
      items: ITEMS,
      initialValues: { price: 2.5, qty: 4, amount: 10 },
      readOnly: true,
    });
    expect(container.querySelector('[data-code="amount"] .ks-detail-value')?.textContent).toBe('10');
  });
});
