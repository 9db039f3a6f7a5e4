import {
  FIXED_OPTIONS,
  type FormItem,
  type FormOption,
  MULTI_VALUE_JOINS,
  OPTION_TYPES,
  parentsOf,
  VALUE_KIND_OF,
  type WireValue,
} from '@ks/contract';
import type { Db } from '../../db/client.ts';
import { resolveOptions } from '../catalogues/option-sources.ts';

/** How labels of several values are joined: a multi choice's and a cascader path's separators. */
export type LabelJoins = { multi: string; path: string };
/** Lists read multi choices with 、; exports keep the wire joins so an exported sheet imports back. */
export const DISPLAY_JOINS: LabelJoins = { multi: '、', path: '/' };
export const WIRE_JOINS: LabelJoins = {
  multi: MULTI_VALUE_JOINS.multiSelect,
  path: MULTI_VALUE_JOINS.cascader,
};

/**
 * Items whose stored values are option codes (select-edit may hold a free text or a code), and the
 * types with the platform's fixed options (sex, y_n_ent).
 */
const labelledItem = (item: FormItem) =>
  OPTION_TYPES.includes(item.type) || item.type === 'select-edit' || FIXED_OPTIONS[item.type] !== undefined;

/** The display label of one item's wire value, or null when the item stores no option codes / is empty. */
export type ItemLabeller = (item: FormItem, value: WireValue | undefined) => string | null;

/**
 * The option labels of a form's items, resolved once per call: every non-static source (dictionary,
 * value range) is fetched once however many items and rows use it. A child select's codes are also
 * looked up in its parents' option trees (its options may be the parent option's children).
 */
export async function optionLabeller(
  db: Db,
  items: readonly FormItem[],
  joins: LabelJoins = DISPLAY_JOINS,
): Promise<ItemLabeller> {
  const bySource = new Map<string, Promise<FormOption[]>>();
  const optionsOf = (item: FormItem): Promise<FormOption[]> => {
    const fixed = FIXED_OPTIONS[item.type];
    if (fixed) return Promise.resolve(fixed.map((value) => ({ label: value, value })));
    if (item.source.kind === 'static') return Promise.resolve(item.options?.list ?? []);
    const key = JSON.stringify(item.source);
    let pending = bySource.get(key);
    if (!pending) {
      pending = resolveOptions(db, item.source).then((options) => options ?? []);
      bySource.set(key, pending);
    }
    return pending;
  };
  const byCode = new Map(items.map((item) => [item.code, item]));
  const trees = new Map<string, { own: FormOption[]; flat: Map<string, string> }>();
  for (const item of items) {
    if (!labelledItem(item)) continue;
    const own = await optionsOf(item);
    const flat = new Map<string, string>();
    for (const parentCode of parentsOf(item)) {
      const parent = byCode.get(parentCode);
      if (parent) flatten(await optionsOf(parent), flat);
    }
    flatten(own, flat); // the item's own labels win over its parents'
    trees.set(item.code, { own, flat });
  }
  return (item, value) => {
    const tree = trees.get(item.code);
    if (!tree || value === null || value === undefined || value === '') return null;
    const kind = VALUE_KIND_OF[item.type];
    const text = Array.isArray(value) ? value.join(joins.multi) : String(value);
    if (kind === 'path') {
      const parts = Array.isArray(value) ? value.map(String) : text.split(MULTI_VALUE_JOINS.cascader);
      return pathLabels(tree.own, parts, tree.flat).join(joins.path);
    }
    if (kind === 'multi') {
      const parts = Array.isArray(value) ? value.map(String) : text.split(MULTI_VALUE_JOINS.multiSelect);
      return parts.map((part) => tree.flat.get(part) ?? part).join(joins.multi);
    }
    return tree.flat.get(text) ?? text;
  };
}

/** value → label over every level of an option tree (first label of a value kept). */
function flatten(options: readonly FormOption[], into: Map<string, string>) {
  for (const option of options) {
    into.set(option.value, option.label);
    if (option.children) flatten(option.children, into);
  }
  return into;
}

/**
 * The labels of a cascader path, walking the tree level by level (the same code may sit under two
 * parents with different labels); a segment off the tree falls back to the flat map, then its code.
 */
function pathLabels(options: readonly FormOption[], path: string[], flat: Map<string, string>): string[] {
  const labels: string[] = [];
  let level: readonly FormOption[] | undefined = options;
  for (const part of path) {
    const option: FormOption | undefined = level?.find((one) => one.value === part);
    labels.push(option?.label ?? flat.get(part) ?? part);
    level = option?.children;
  }
  return labels;
}

/** The `labels` of a list row: each option item's display label by code (empty values left out). */
export function rowLabels(
  items: readonly FormItem[],
  wire: Record<string, WireValue>,
  labelOf: ItemLabeller,
): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const item of items) {
    const label = labelOf(item, wire[item.code]);
    if (label !== null) labels[item.code] = label;
  }
  return labels;
}
