import type { FormItemType } from '@ks/contract/form-schema';
import { AutoComplete, Select } from 'antd';
import { useRef } from 'react';
import type { FieldProps } from './types.ts';
import { useGuardedOpen } from './use-guarded-open.ts';

const MULTIPLE: readonly FormItemType[] = ['select-m', 'select-multiple'];
const SEARCHABLE: readonly FormItemType[] = ['select-filter', 'filter-select', 'select-multiple'];

/**
 * select, select-filter and filter-select (searchable), select-link (a parent or child of other
 * selects), select-m and select-multiple (several values; select-multiple searchable with tags
 * folded to one line).
 */
export function SelectField(props: FieldProps) {
  const { item, id, value, onChange, isDisabled, options, canOpen } = props;
  const { open, onOpenChange } = useGuardedOpen(canOpen);
  const isMultiple = MULTIPLE.includes(item.type);
  const current = isMultiple
    ? Array.isArray(value)
      ? value
      : []
    : typeof value === 'string'
      ? value
      : undefined;
  return (
    <Select<string | string[]>
      id={id}
      open={open}
      onOpenChange={onOpenChange}
      value={current}
      onChange={(next) => {
        if (Array.isArray(next)) onChange?.(next.length ? next : null);
        else onChange?.(next ?? null);
      }}
      options={options.map((option) => ({
        label: option.label,
        value: option.value,
        disabled: option.isDisabled,
      }))}
      mode={isMultiple ? 'multiple' : undefined}
      maxTagCount={item.type === 'select-multiple' ? 'responsive' : undefined}
      showSearch={SEARCHABLE.includes(item.type) ? { optionFilterProp: 'label' } : false}
      allowClear
      placeholder={item.prompt || `请选择${item.name}`}
      disabled={isDisabled}
      style={{ width: '100%' }}
    />
  );
}

/**
 * select-edit: a free text, or one of the options picked from the list. A picked option is stored
 * by its value and shown by its label, as the list and detail views show a stored value that is an
 * option's (displayText); typing an option's label stores that option's value too.
 */
export function SelectEditField(props: FieldProps) {
  const { item, id, value, onChange, isDisabled, options, canOpen } = props;
  const { open, onOpenChange } = useGuardedOpen(canOpen);
  // What was typed for the value last sent: typing 'a' must stay 'a' even when 'a' is an option's value.
  const typed = useRef<{ text: string; value: string } | null>(null);
  const stored = typeof value === 'string' ? value : '';
  const text =
    typed.current?.value === stored
      ? typed.current.text
      : (options.find((option) => option.value === stored)?.label ?? stored);
  const onText = (next: string | undefined) => {
    const input = next ?? '';
    const picked = options.find((option) => !option.isDisabled && option.label === input);
    const nextValue = picked ? picked.value : input;
    typed.current = { text: input, value: nextValue };
    onChange?.(nextValue);
  };
  return (
    <AutoComplete
      id={id}
      open={open}
      onOpenChange={onOpenChange}
      value={text || undefined}
      onChange={onText}
      // The input shows what is picked, so the choices carry their labels; onText maps one back.
      options={options.map((option) => ({
        key: option.value,
        label: option.label,
        value: option.label,
        disabled: option.isDisabled,
      }))}
      showSearch={{
        filterOption: (input, option) => String(option?.label ?? '').includes(input),
      }}
      allowClear
      placeholder={item.prompt || `请输入或选择${item.name}`}
      disabled={isDisabled}
      style={{ width: '100%' }}
    />
  );
}
