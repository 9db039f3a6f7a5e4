import type { FormItem, FormOption } from '@ks/contract/form-schema';
import { http } from '@/lib/http.ts';
import type { NodeRef } from './types.ts';

type PullDown = { result: { list: Record<string, unknown>[]; labelKey: string; valueKey: string } };

/** POST /ks/common/common/pull-down: a field's options; `key` is the parent's value for child selects. */
export async function findFieldOptions(node: NodeRef, code: string, key?: string): Promise<FormOption[]> {
  const answer = await http.post<PullDown>('/ks/common/common/pull-down', {
    ...node,
    displayCode: code,
    key,
  });
  const { list, labelKey, valueKey } = answer.result;
  return list.map((entry) => ({
    ...(entry as Partial<FormOption>),
    label: String(entry[labelKey] ?? ''),
    value: String(entry[valueKey] ?? ''),
  }));
}

/** POST /ks/common/common/cert-cascade: the cascade tree of a cascader field. */
export async function findCascadeOptions(node: NodeRef, code: string): Promise<FormOption[]> {
  const answer = await http.post<{ code: string; data: FormOption[] }>('/ks/common/common/cert-cascade', {
    ...node,
    displayCode: code,
  });
  return answer.data;
}

/**
 * The SchemaForm's option loader for one node: a cascader without a parent reads its whole cascade
 * tree; every child (a cascader too) reads the pull-down under its parent's value, the options the
 * shared validation will accept for it.
 */
export const optionLoaderFor =
  (node: NodeRef) =>
  (item: FormItem, parentValue: string | undefined): Promise<FormOption[]> =>
    item.type.startsWith('cascader') && parentValue === undefined
      ? findCascadeOptions(node, item.code)
      : findFieldOptions(node, item.code, parentValue);
