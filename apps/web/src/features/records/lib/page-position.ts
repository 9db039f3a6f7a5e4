import { MAX_LIST_OFFSET, type RecordPage } from '@ks/contract/records';

/** Where the table is: a page number, and past MAX_LIST_OFFSET the record its page follows or precedes. */
export type PagePosition = { curPage: number; after?: string; before?: string };
export const FIRST_PAGE: PagePosition = { curPage: 1 };

/**
 * The position of page `page` seen from the page shown (docs/architecture.md, "Filters and lists"). Within MAX_LIST_OFFSET
 * rows a page is read at its offset; past it only the next or previous page can be reached, read
 * after the last or before the first record shown (keyset); null for a deeper page.
 */
export function pageAt(
  shown: PagePosition,
  page: number,
  size: number,
  records: readonly { id: string }[],
): PagePosition | null {
  if ((page - 1) * size < MAX_LIST_OFFSET) return { curPage: page };
  const last = records.at(-1)?.id;
  const first = records[0]?.id;
  if (page === shown.curPage + 1 && last) return { curPage: page, after: last };
  if (page === shown.curPage - 1 && first) return { curPage: page, before: first };
  return null;
}

/**
 * The card list's next page after `last`, or undefined at the end: the last page reaches an exact
 * total; under an estimate (约) it is the first short one. Past the cap, read after the last card.
 */
export function nextCardPage(
  last: Pick<RecordPage, 'curPage' | 'pageSize' | 'total' | 'totalExact'> & {
    records: readonly { id: string }[];
  },
): PagePosition | undefined {
  const isLast = last.totalExact
    ? last.curPage * last.pageSize >= last.total
    : last.records.length < last.pageSize;
  if (isLast || last.records.length === 0) return undefined;
  return pageAt(last, last.curPage + 1, last.pageSize, last.records) ?? undefined;
}
