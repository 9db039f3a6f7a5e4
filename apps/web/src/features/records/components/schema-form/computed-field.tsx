import { Input } from 'antd';
import type { FieldProps } from './types.ts';

/** What a computed field shows instead of an input: its value is the server's, never typed. */
export const COMPUTED_HINT = '由系统按公式计算，保存后以服务器结果为准';

/**
 * computed-number, computed-date, computed-text (decision 0017): read-only. The form fills in a
 * preview as the other fields change (the contract's validateRecord, the same code the server runs
 * on save); what is stored is what the server computes.
 */
export function ComputedField({ item, id, value }: FieldProps) {
  const text = value === null || value === undefined ? '' : String(value);
  return (
    <Input
      id={id}
      value={text}
      readOnly
      aria-readonly
      placeholder="自动计算"
      title={COMPUTED_HINT}
      aria-description={`${item.name}：${COMPUTED_HINT}`}
    />
  );
}
