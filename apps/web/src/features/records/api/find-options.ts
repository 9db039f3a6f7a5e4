import type { FormItem, FormOption } from '@ks/contract/form-schema';
import { http } from '@/lib/http.ts';
import type { NodeRef } from './types.ts';

type PullDown = { result: { list: Record<string, unknown>[]; labelKey: string; valueKey: string } };

/**
 * A module's refusal to offer options (e.g. 请先选择所属企业) is the form's to show under the field,
 * not a dialog on opening the form.
 */
const OPTION_CALL = { quietCodes: [400] } as const;

/**
 * Which record the options are for: the one being edited (a module's per-caller options follow it:
 * decision 0058), or on a new one the enterprise an administrator enters it for (decision 0060).
 */
export type OptionTarget = { recordId?: string | undefined; ownerUserId?: string | undefined };

const targetOf = ({ recordId, ownerUserId }: OptionTarget) => ({
  ...(recordId ? { id: recordId } : {}),
  ...(ownerUserId && !recordId ? { ownerUserId } : {}),
});

/** POST /ks/common/common/pull-down: a field's options; `key` is the parent's value for child selects. */
export async function findFieldOptions(
  node: NodeRef,
  code: string,
  key?: string,
  target: OptionTarget = {},
): Promise<FormOption[]> {
  const answer = await http.post<PullDown>(
    '/ks/common/common/pull-down',
    { ...node, displayCode: code, key, ...targetOf(target) },
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
  target: OptionTarget = {},
): Promise<FormOption[]> {
  const answer = await http.post<{ code: string; data: FormOption[] }>(
    '/ks/common/common/cert-cascade',
    { ...node, displayCode: code, ...targetOf(target) },
    OPTION_CALL,
  );
  return answer.data;
}

/**
 * The SchemaForm's option loader for one node (and the record being edited, or the enterprise a new
 * one is entered for): a cascader without a parent reads its whole cascade tree; every child (a
 * cascader too) reads the pull-down under its parent's value, the options the shared validation will
 * accept for it.
 */
export const optionLoaderFor =
  (node: NodeRef, target: OptionTarget = {}) =>
  (item: FormItem, parentValue: string | undefined): Promise<FormOption[]> =>
    item.type.startsWith('cascader') && parentValue === undefined
      ? findCascadeOptions(node, item.code, target)
      : findFieldOptions(node, item.code, parentValue, target);
