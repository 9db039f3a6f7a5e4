import type { FilterItem } from '@ks/contract/node-definition';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setNavigator } from '@/lib/navigation.ts';
import { mockFetch, ok } from '@/test/fetch-mock.ts';
import { renderWidget } from '@/test/render-widget.tsx';
import { testTimeout } from '@/test/waits.ts';
import { NODE } from '../test-fixtures.tsx';
import { FilterCard } from './filter-card.tsx';

vi.setConfig({ testTimeout: testTimeout(6) });

const CATEGORIES = [
  { label: '施工', value: 'sg' },
  { label: '监理', value: 'jl' },
  { label: '勘察', value: 'kc' },
];

function setup(items: Partial<FilterItem>[]) {
  mockFetch({
    'POST /ks/array/filter/directory/filter-fields': ok({
      code: 'ZZ',
      result: items.map((item) => ({ name: '资质类别', code: 'category', dataList: CATEGORIES, ...item })),
    }),
  });
  setNavigator({ navigate: () => {}, getPath: () => '/dynamicPage/dynamicIndex' });
  const onChange = vi.fn<(values: Record<string, string>) => void>();
  const view = renderWidget(<FilterCard node={NODE} displayCode="ZZ" open onChange={onChange} />);
  return { ...view, onChange };
}

/** The option rows the open dropdown lists. */
const shownOptions = () =>
  [...document.querySelectorAll('.ant-select-item-option')].map((option) => option.textContent);

describe('FilterCard: select-type filters', () => {
  it.each([
    ['filter-select', '下拉搜索'],
    ['select-filter', '下拉过滤'],
  ] as const)('%s (%s) narrows its options by the typed label and emits the value', async (type, _label) => {
    const { user, onChange } = setup([{ type }]);
    const box = await screen.findByRole('combobox');
    await user.type(box, '监');
    await waitFor(() => expect(shownOptions()).toEqual(['监理']));
    await user.click(await screen.findByTitle('监理'));
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ category: 'jl' }));
  });

  it('select-edit (下拉可输入) takes a typed text as it is', async () => {
    const { user, onChange } = setup([{ type: 'select-edit' }]);
    expect(await screen.findByText('请输入或选择资质类别')).toBeTruthy();
    await user.type(screen.getByRole('combobox'), '特级');
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ category: '特级' }));
  });

  it('select-edit (下拉可输入) also offers its options: shows the picked label, emits its value', async () => {
    const { user, onChange } = setup([{ type: 'select-edit' }]);
    // The select renders its input anew as its value changes: look it up each time.
    const box = () => screen.getByRole('combobox') as HTMLInputElement;
    await user.type(await screen.findByRole('combobox'), '勘');
    await waitFor(() => expect(shownOptions()).toEqual(['勘察']));
    await user.click(await screen.findByTitle('勘察'));
    await waitFor(() => expect(box().value).toBe('勘察'));
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ category: 'kc' }));
    await user.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(box().value).toBe(''));
  });

  it('a plain select (下拉) lists every option and takes no typing', async () => {
    const { user, onChange } = setup([{ type: 'select' }]);
    const box = await screen.findByRole('combobox');
    fireEvent.mouseDown(box);
    await waitFor(() => expect(shownOptions()).toEqual(['施工', '监理', '勘察']));
    expect((box as HTMLInputElement).readOnly).toBe(true);
    await user.click(await screen.findByTitle('施工'));
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ category: 'sg' }));
  });
});

describe('FilterCard: closed', () => {
  it('takes its fields out of the tab order (inert), not only out of the accessibility tree', async () => {
    mockFetch({ 'POST /ks/array/filter/directory/filter-fields': ok({ code: 'ZZ', result: [] }) });
    setNavigator({ navigate: () => {}, getPath: () => '/dynamicPage/dynamicIndex' });
    const closed = renderWidget(<FilterCard node={NODE} displayCode="ZZ" open={false} onChange={vi.fn()} />);
    const card = screen.getByTestId('filter-card-ZZ');
    expect(card.hasAttribute('inert')).toBe(true);
    expect(card.hasAttribute('aria-hidden')).toBe(false);
    closed.unmount();
    renderWidget(<FilterCard node={NODE} displayCode="ZZ" open onChange={vi.fn()} />);
    expect(screen.getByTestId('filter-card-ZZ').hasAttribute('inert')).toBe(false);
  });
});
