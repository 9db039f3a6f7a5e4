import { type FormItem, type FormItemInput, FormItemSchema } from '@ks/contract/form-schema';
import { fireEvent, render, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { AppProviders } from '@/app/providers.tsx';
import { SchemaForm, type SchemaFormHandle, type SchemaFormProps } from './schema-form.tsx';

// ProseMirror measures the selection to scroll it into view; jsdom has no layout, so ranges and text
// get empty rectangles (as an element without layout has).
const emptyRect = () => ({
  x: 0,
  y: 0,
  width: 0,
  height: 0,
  top: 0,
  right: 0,
  bottom: 0,
  left: 0,
  toJSON: () => ({}),
});
const emptyRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
for (const prototype of [Range.prototype, Text.prototype] as unknown as Element[]) {
  if (!('getClientRects' in prototype)) Object.assign(prototype, { getClientRects: emptyRects });
  if (!('getBoundingClientRect' in prototype)) Object.assign(prototype, { getBoundingClientRect: emptyRect });
}

/** A schema item as the builder would save it, with the contract's defaults. */
export const item = (input: Partial<FormItemInput> & Pick<FormItemInput, 'code' | 'type'>): FormItem =>
  FormItemSchema.parse({ name: input.code, ...input });

/** Renders the form with the real providers and answers its handle. */
export function renderForm(props: SchemaFormProps) {
  const ref = createRef<SchemaFormHandle>();
  const view = render(
    <AppProviders>
      <SchemaForm ref={ref} {...props} />
    </AppProviders>,
  );
  const handle = () => {
    if (!ref.current) throw new Error('SchemaForm did not mount');
    return ref.current;
  };
  return { ...view, handle };
}

/** The option with this label in the dropdown of this select (found through its listbox id). */
export async function findOption(select: HTMLElement, label: string) {
  return waitFor(() => {
    const popup = document.getElementById(`${select.id}_list`)?.closest('.ant-select-dropdown');
    const option = [...(popup?.querySelectorAll<HTMLElement>('.ant-select-item-option') ?? [])].find(
      (element) => element.textContent === label,
    );
    if (!option) throw new Error(`no option ${label}`);
    return option;
  });
}

export async function findCascaderOption(label: string) {
  return waitFor(() => {
    const open = '.ant-cascader-dropdown:not(.ant-cascader-dropdown-hidden) .ant-cascader-menu-item';
    const option = [...document.querySelectorAll<HTMLElement>(open)].find(
      (element) => element.textContent === label,
    );
    if (!option) throw new Error(`no cascader option ${label}`);
    return option;
  });
}

/** Types into a picker input and confirms with Enter, as a person typing a date would. */
export function typeDate(input: HTMLElement, text: string) {
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter' });
  fireEvent.blur(input);
}
