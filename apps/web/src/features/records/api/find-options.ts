import type { FormItem, FormOption } from '@ks/contract/form-schema';
import { http } from '@/lib/http.ts';
import type { NodeRef } from './types.ts';

type PullDown = { result: { list: Record<string, unknown>[]; labelKey: string; valueKey: string } };

/**
 * A module's refusal to offer options (e.g. 请先选择企业类型) is the form's to show under the field,
 * not a dialog on opening the form.
 */
const OPTION_CALL = { quietCodes: [400] } as const;

/**
 * POST /ks/common/common/pull-down: a field's options; `key` is the parent's value for child selects,
 * `recordId` the record being edited (a module's per-caller options follow it: decision 0058).
 */
export async function findFieldOptions(
  node: NodeRef,
  code: string,
  key?: string,
  recordId?: string,
): Promise<FormOption[]> {
  const answer = await http.post<PullDown>(
    '/ks/common/common/pull-down',
    { ...node, displayCode: code, key, ...(recordId ? { id: recordId } : {}) },
    OPTION_CALL,
  );
  const { list, labelKey, valueKey } = answer.result;
  return list.map((entry) => ({
    ...(entry as Partial<FormOption>),
    label: String(entry[labelKey] ?? ''),
    value: String(entry[valueKey] ?? ''),
  }));
}

/** POST /ks/common/common/cert-cascade: the cascade tree of a cascader field. */
export async function findCascadeOptions(
  node: NodeRef,
  code: string,
  recordId?: string,
): Promise<FormOption[]> {
  const answer = await http.post<{ code: string; data: FormOption[] }>(
    '/ks/common/common/cert-cascade',
    { ...node, displayCode: code, ...(recordId ? { id: recordId } : {}) },
    OPTION_CALL,
  );
  return answer.data;
}

/**
 * The SchemaForm's option loader for one node (and the record being edited, if any): a cascader
 * without a parent reads its whole cascade tree; every child (a cascader too) reads the pull-down
 * under its parent's value, the options the shared validation will accept for it.
 */
export const optionLoaderFor =
  (node: NodeRef, recordId?: string) =>
  (item: FormItem, parentValue: string | undefined): Promise<FormOption[]> =>
    item.type.startsWith('cascader') && parentValue === undefined
      ? findCascadeOptions(node, item.code, recordId)
      : findFieldOptions(node, item.code, parentValue, recordId);
