import { TABLE_PAGE_SIZE_DEFAULT, TABLE_PAGE_SIZES } from '@/lib/constants.ts';

/**
 * Per-table preferences kept in localStorage: the page
 * size a person chose and the columns they hid, each under the table's own key.
 */
const pageSizeKey = (tableKey: string) => `ks-table-page-size:${tableKey}`;
const hiddenColumnsKey = (tableKey: string) => `ks-table-hidden-columns:${tableKey}`;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private mode or a full store: the preference lasts for this page only.
  }
}

export function getStoredPageSize(tableKey: string): number {
  const stored = Number(read(pageSizeKey(tableKey)));
  return (TABLE_PAGE_SIZES as readonly number[]).includes(stored) ? stored : TABLE_PAGE_SIZE_DEFAULT;
}

export const storePageSize = (tableKey: string, size: number) => write(pageSizeKey(tableKey), String(size));

export function getHiddenColumns(tableKey: string): string[] {
  try {
    const parsed: unknown = JSON.parse(read(hiddenColumnsKey(tableKey)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((code): code is string => typeof code === 'string') : [];
  } catch {
    return [];
  }
}

export const storeHiddenColumns = (tableKey: string, codes: string[]) =>
  write(hiddenColumnsKey(tableKey), JSON.stringify(codes));
