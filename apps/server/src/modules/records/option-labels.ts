import {
  FIXED_OPTIONS,
  type FormItem,
  type FormOption,
  fromWire,
  MULTI_VALUE_JOINS,
  OPTION_TYPES,
  optionsUnder,
  parentsOf,
  VALUE_KIND_OF,
  type WireValue,
} from '@ks/contract';
import type { Db } from '../../db/client.ts';
import { resolveOptions } from '../../engine/option-sources.ts';

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
 * Each item's own options, each non-static source (dictionary, value range) fetched once however
 * many items and rows use it.
 */
function optionCache(db: Db) {
  const bySource = new Map<string, Promise<FormOption[]>>();
  return (item: FormItem): Promise<FormOption[]> => {
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
}

/**
 * The option labels of a form's items, resolved once per call. A child select's codes are also
 * looked up in its parents' option trees (its options may be the parent option's children).
 */
export async function optionLabeller(
  db: Db,
  items: readonly FormItem[],
  joins: LabelJoins = DISPLAY_JOINS,
): Promise<ItemLabeller> {
  const optionsOf = optionCache(db);
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

/**
 * label → code of one item's options, for a row whose parent field holds `parentValue` (its wire
 * value, already read back to codes); null when the item stores no option codes.
 */
export type ItemCoder = (
  item: FormItem,
  parentValue: WireValue | undefined,
) => ReadonlyMap<string, string> | null;

/**
 * The way back from optionLabeller's labels, for an import: a sheet exported with labels imports
 * back to the same codes. A child select's labels are read first among the options under its
 * parent's value (optionsUnder: what the pull-down offered and the save checks), since one label may
 * stand for different codes under different parents; then among its own options.
 */
export async function optionCoder(db: Db, items: readonly FormItem[]): Promise<ItemCoder> {
  const optionsOf = optionCache(db);
  const byCode = new Map(items.map((item) => [item.code, item]));
  const own = new Map<string, { options: FormOption[]; codes: Map<string, string> }>();
  const parentOptions = new Map<string, FormOption[]>();
  for (const item of items) {
    if (!labelledItem(item)) continue;
    const options = await optionsOf(item);
    own.set(item.code, { options, codes: codesOf(options) });
    const parent = byCode.get(parentsOf(item)[0] ?? '');
    if (parent && labelledItem(parent)) parentOptions.set(item.code, await optionsOf(parent));
  }
  const underParent = new Map<string, Map<string, string>>();
  return (item, parentValue) => {
    const mine = own.get(item.code);
    if (!mine) return null;
    const parent = byCode.get(parentsOf(item)[0] ?? '');
    const tree = parentOptions.get(item.code);
    if (!parent || !tree || parentValue === null || parentValue === undefined || parentValue === '') {
      return mine.codes;
    }
    const key = `${item.code}\n${String(parentValue)}`;
    let codes = underParent.get(key);
    if (!codes) {
      // The parent's value as the save reads it (a cascader's path an array) when it narrows a child.
      const native = fromWire(parent.type, parentValue);
      const chosen = Array.isArray(native) ? native : String(native);
      codes = codesOf(optionsUnder(mine.options, tree, chosen, mine.options, parent.type), mine.codes);
      underParent.set(key, codes);
    }
    return codes;
  };
}

/**
 * label → code over every level of an option tree; `fallback`'s labels are kept where the tree has
 * none. The first code of a label wins.
 */
function codesOf(options: readonly FormOption[], fallback?: Map<string, string>): Map<string, string> {
  const codes = new Map<string, string>();
  const walk = (level: readonly FormOption[]) => {
    for (const option of level) {
      if (!codes.has(option.label)) codes.set(option.label, option.value);
      if (option.children) walk(option.children);
    }
  };
  walk(options);
  for (const [label, code] of fallback ?? []) if (!codes.has(label)) codes.set(label, code);
  return codes;
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
