import { MULTI_VALUE_JOINS } from '@ks/contract/constants';
import {
  FIXED_OPTIONS,
  type FormItem,
  type FormOption,
  type NativeValue,
  OPTION_TYPES,
  optionParentOf,
  VALUE_KIND_OF,
} from '@ks/contract/form-schema';

/** How many levels a cascader shows: cascader-1/2/3 cut the tree; cascader shows all of it. */
export const CASCADER_LEVELS: Partial<Record<FormItem['type'], number>> = {
  'cascader-1': 1,
  'cascader-2': 2,
  'cascader-3': 3,
};

/** Cuts an option tree below `levels` levels (the deepest shown level has no children). */
export function trimLevels(options: readonly FormOption[], levels: number): FormOption[] {
  return options.map((option) => {
    const { children, ...rest } = option;
    if (levels <= 1 || !children?.length) return rest;
    return { ...rest, children: trimLevels(children, levels - 1) };
  });
}

/**
 * Reads an option list whose label and value may sit under other keys (options.labelKey/valueKey,
 * or a pull-down answer's labelKey/valueKey), recursively for cascades.
 */
export function normalizeOptions(
  list: readonly unknown[],
  labelKey = 'label',
  valueKey = 'value',
): FormOption[] {
  return list.flatMap((raw) => {
    if (typeof raw !== 'object' || raw === null) return [];
    const record = raw as Record<string, unknown>;
    const label = record[labelKey] ?? record.label;
    const value = record[valueKey] ?? record.value;
    if (value === undefined || value === null) return [];
    const option: FormOption = {
      ...(record as FormOption),
      label: String(label ?? value),
      value: String(value),
    };
    if (Array.isArray(record.children))
      option.children = normalizeOptions(record.children, labelKey, valueKey);
    return [option];
  });
}

/** The options an item has without asking anyone: the platform's fixed ones or its static list. */
export function staticOptionsOf(item: FormItem): FormOption[] {
  const fixed = FIXED_OPTIONS[item.type];
  if (fixed) return fixed.map((value) => ({ label: value, value }));
  if (!item.options) return [];
  return normalizeOptions(item.options.list, item.options.labelKey, item.options.valueKey);
}

/**
 * Whether the item's options come from the caller's loader: a dictionary, a value range, or the
 * parent they hang under (optionParentOf). A child that offers no options, or whose parent keys none
 * (an end date under its start date), asks nobody.
 */
export function needsLoader(item: FormItem, byCode: ReadonlyMap<string, FormItem>): boolean {
  if (FIXED_OPTIONS[item.type]) return false;
  return item.source.kind !== 'static' || optionParentOf(item, byCode) !== null;
}

/** The label path of a cascader value, following the tree. */
export function pathLabels(options: readonly FormOption[], path: readonly string[]): string[] {
  const labels: string[] = [];
  let level: readonly FormOption[] | undefined = options;
  for (const step of path) {
    const found: FormOption | undefined = level?.find((option) => option.value === step);
    labels.push(found?.label ?? step);
    level = found?.children;
  }
  return labels;
}

const labelOf = (options: readonly FormOption[], value: string) =>
  options.find((option) => option.value === value)?.label ?? value;

/**
 * A value as text for the detail mode: option labels instead of values, multi-values joined as on
 * the wire (cascader by '/', multi-select by ';'), a date range as "start 至 end", switches 是/否.
 */
export function displayText(item: FormItem, value: NativeValue | undefined, options: readonly FormOption[]) {
  if (value === undefined || value === null || value === '') return '';
  const kind = VALUE_KIND_OF[item.type];
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (Array.isArray(value)) {
    if (kind === 'daterange') return value.join(' 至 ');
    if (kind === 'path') return pathLabels(options, value).join(MULTI_VALUE_JOINS.cascader);
    return value.map((one) => labelOf(options, one)).join(MULTI_VALUE_JOINS.multiSelect);
  }
  const text = String(value);
  if (OPTION_TYPES.includes(item.type) || item.type === 'select-edit') return labelOf(options, text);
  return text;
}
