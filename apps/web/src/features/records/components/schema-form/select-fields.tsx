import type { FormItemType } from '@ks/contract/form-schema';
import { AutoComplete, Select } from 'antd';
import { SEARCH_EDIT_LABELS, useSelectEdit } from '../../lib/use-select-edit.ts';
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
  const { text, onText, choices } = useSelectEdit(options, value, onChange);
  return (
    <AutoComplete
      id={id}
      open={open}
      onOpenChange={onOpenChange}
      value={text}
      onChange={onText}
      options={choices}
      showSearch={SEARCH_EDIT_LABELS}
      allowClear
      placeholder={item.prompt || `请输入或选择${item.name}`}
      disabled={isDisabled}
      style={{ width: '100%' }}
    />
  );
}
