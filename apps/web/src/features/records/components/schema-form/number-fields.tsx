import { INPUT_NUMBER_MAX } from '@ks/contract/form-schema';
import { InputNumber } from 'antd';
import type { FieldProps } from './types.ts';

/** number (any finite number) and input-number (an integer of at least 1). */
export function NumberField({ item, id, value, onChange, isDisabled }: FieldProps) {
  const isInteger = item.type === 'input-number';
  const number =
    typeof value === 'number' ? value : typeof value === 'string' && value !== '' ? Number(value) : null;
  return (
    <InputNumber<number>
      id={id}
      value={number !== null && Number.isFinite(number) ? number : null}
      onChange={(next) => onChange?.(next ?? null)}
      placeholder={item.prompt || `请输入${item.name}`}
      disabled={isDisabled}
      style={{ width: '100%' }}
      {...(isInteger ? { min: 1, max: INPUT_NUMBER_MAX, precision: 0, step: 1 } : {})}
    />
  );
}
