import type { FormItem } from '@ks/contract/form-schema';
import {
  ENVELOPE_COLUMN_CODES,
  FILTERABLE_ENVELOPE_CODES,
  SORTABLE_ENVELOPE_CODES,
} from '@ks/contract/node-definition';

/** Names of the record-envelope columns a list may show or sort by besides the form's fields. */
const ENVELOPE_LABELS: Record<string, string> = {
  business_id: '业务编号',
  status: '状态',
  audit_state: '审核状态',
  submitted_at: '提交时间',
  created_at: '创建时间',
  updated_at: '更新时间',
  operations: '操作',
};
const envelopeOption = (code: string) => ({
  value: code,
  label: `${ENVELOPE_LABELS[code] ?? code}（${code}）`,
});

/** Envelope columns a list column may show (the contract's ENVELOPE_COLUMN_CODES). */
export const ENVELOPE_FIELDS = ENVELOPE_COLUMN_CODES.map(envelopeOption);
/** Envelope columns a list may sort by (the contract's SORTABLE_ENVELOPE_CODES). */
export const SORTABLE_ENVELOPE_FIELDS = SORTABLE_ENVELOPE_CODES.map(envelopeOption);
/** Envelope columns a filter card may filter on (the contract's FILTERABLE_ENVELOPE_CODES). */
export const FILTERABLE_ENVELOPE_FIELDS = FILTERABLE_ENVELOPE_CODES.map(envelopeOption);

/** Whether a list column has an order the table can sort by: a form field or a sortable envelope column. */
export const isSortableColumn = (items: readonly FormItem[], code: string) =>
  items.some((item) => item.code === code) || (SORTABLE_ENVELOPE_CODES as readonly string[]).includes(code);

export const fieldOptionsOf = (items: readonly FormItem[]) =>
  items.map((item) => ({ value: item.code, label: `${item.name}（${item.code}）` }));

export const labelOfField = (items: readonly FormItem[]) => (code: string) =>
  items.find((item) => item.code === code)?.name ?? ENVELOPE_LABELS[code] ?? code;
