import { type FormItem, regexMessage, safeRegex, TEXT_MAX_LENGTH } from '@ks/contract/form-schema';
import { Input } from 'antd';
import type { FieldProps } from './types.ts';

/** The item's own max length, else the contract's default for its type. */
export function maxLengthOf(item: Pick<FormItem, 'type' | 'length'>): number {
  return item.length || TEXT_MAX_LENGTH[item.type as keyof typeof TEXT_MAX_LENGTH] || TEXT_MAX_LENGTH.text;
}

/** Whether a typed value misses the item's pattern (an empty value never does). */
export function missesPattern(item: Pick<FormItem, 'regex'>, text: string): boolean {
  if (!item.regex || text === '') return false;
  const pattern = safeRegex(item.regex);
  return pattern !== null && !pattern.test(text);
}

/**
 * text, textarea and read-text. While typing, a value missing the pattern shows the item's prompt
 * (the form's change rule runs the contract's check); on blur such a value is cleared
 * and the prompt stays to say why.
 */
export function TextField({ item, id, value, onChange, isDisabled, replaceValue }: FieldProps) {
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  const onBlur = (event: React.FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    if (missesPattern(item, event.target.value)) replaceValue('', regexMessage(item));
  };
  if (item.type === 'read-text') {
    return <Input id={id} value={text} readOnly variant="borderless" />;
  }
  const common = {
    id,
    value: text,
    maxLength: maxLengthOf(item),
    placeholder: item.prompt || `请输入${item.name}`,
    disabled: isDisabled,
    onBlur,
  };
  if (item.type === 'textarea') {
    return (
      <Input.TextArea
        {...common}
        autoSize={{ minRows: 3, maxRows: 8 }}
        showCount
        onChange={(event) => onChange?.(event.target.value)}
      />
    );
  }
  return <Input {...common} allowClear onChange={(event) => onChange?.(event.target.value)} />;
}
