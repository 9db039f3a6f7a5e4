import type { FilterItem } from '@ks/contract/node-definition';
import {
  SEARCH_BAR_COL,
  SEARCH_BAR_EXPANDED_COL,
  SEARCH_BAR_TOP_FIELDS,
  SELECT_TYPE_FILTERS,
} from '@/lib/constants.ts';

export type FilterFormValue = string | string[] | null | undefined;

/**
 * Filter-card submit: array values joined by comma; empty values are left out so
 * the server filters only on what was chosen.
 */
export function filterValuesOf(values: Record<string, FilterFormValue>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [code, value] of Object.entries(values)) {
    if (value === null || value === undefined) continue;
    const joined = Array.isArray(value) ? value.join(',') : String(value).trim();
    if (joined !== '') out[code] = joined;
  }
  return out;
}

/** Select-type filter items offer their options; the rest are typed. */
export const isSelectFilter = (item: Pick<FilterItem, 'type'>) =>
  (SELECT_TYPE_FILTERS as readonly string[]).includes(item.type) || item.type === 'select-multiple';

/**
 * The search bar's layout: collapsed, the first 3 fields at col 8; expanded, every
 * field at col 6.
 */
export function searchBarLayout<T>(fields: T[], expanded: boolean): { fields: T[]; col: number } {
  return expanded
    ? { fields, col: SEARCH_BAR_EXPANDED_COL }
    : { fields: fields.slice(0, SEARCH_BAR_TOP_FIELDS), col: SEARCH_BAR_COL };
}

/**
 * Width of each annex on a card's 'more' row: above 2 files a third, with exactly 3 a
 * half, with 7 the whole row; otherwise each file takes the full row alone.
 */
export function annexWidth(fileCount: number): string {
  if (fileCount === 7) return '100%';
  if (fileCount === 3) return '50%';
  if (fileCount > 2) return '33.3%';
  return '100%';
}
