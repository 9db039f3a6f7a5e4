import { MAX_LIST_OFFSET } from '@ks/contract/records';
import { describe, expect, it } from 'vitest';
import { nextCardPage, pageAt } from './page-position.ts';

const rows = [{ id: 'first' }, { id: 'middle' }, { id: 'last' }];
// With 10 rows a page, the last page read at an offset.
const lastOffsetPage = MAX_LIST_OFFSET / 10;

describe('pageAt', () => {
  it('reads any page within the offset cap at its offset', () => {
    expect(pageAt({ curPage: 1 }, lastOffsetPage, 10, rows)).toEqual({ curPage: lastOffsetPage });
    expect(pageAt({ curPage: lastOffsetPage + 1, after: 'x' }, lastOffsetPage, 10, rows)).toEqual({
      curPage: lastOffsetPage,
    });
  });

  it('reads the next page past the cap after the last row shown, the previous before the first', () => {
    expect(pageAt({ curPage: lastOffsetPage }, lastOffsetPage + 1, 10, rows)).toEqual({
      curPage: lastOffsetPage + 1,
      after: 'last',
    });
    expect(pageAt({ curPage: lastOffsetPage + 3 }, lastOffsetPage + 2, 10, rows)).toEqual({
      curPage: lastOffsetPage + 2,
      before: 'first',
    });
  });

  it('cannot reach a deeper page that is not next to the one shown, nor step from an empty page', () => {
    expect(pageAt({ curPage: 1 }, lastOffsetPage + 1, 10, rows)).toBeNull();
    expect(pageAt({ curPage: lastOffsetPage + 1 }, lastOffsetPage + 5, 10, rows)).toBeNull();
    expect(pageAt({ curPage: lastOffsetPage }, lastOffsetPage + 1, 10, [])).toBeNull();
  });

  it('counts the cap in rows, so a bigger page size reaches it sooner', () => {
    expect(pageAt({ curPage: 1 }, MAX_LIST_OFFSET / 50 + 1, 50, rows)).toBeNull();
    expect(pageAt({ curPage: 1 }, MAX_LIST_OFFSET / 50, 50, rows)).toEqual({ curPage: MAX_LIST_OFFSET / 50 });
  });
});

describe('nextCardPage', () => {
  const page = (curPage: number, count: number, total: number, totalExact = true) => ({
    curPage,
    pageSize: 10,
    total,
    totalExact,
    records: Array.from({ length: count }, (_, i) => ({ id: `r${curPage}-${i}` })),
  });

  it('asks the next page at its offset until an exact total is reached', () => {
    expect(nextCardPage(page(1, 10, 25))).toEqual({ curPage: 2 });
    expect(nextCardPage(page(3, 5, 25))).toBeUndefined();
    expect(nextCardPage(page(2, 10, 20))).toBeUndefined();
  });

  it('under an estimate, goes on until a short page whatever the estimate says', () => {
    expect(nextCardPage(page(2, 10, 15, false))).toEqual({ curPage: 3 });
    expect(nextCardPage(page(3, 4, 5000, false))).toBeUndefined();
    expect(nextCardPage(page(3, 0, 5000, false))).toBeUndefined();
  });

  it('past the offset cap, reads the next cards after the last one shown', () => {
    expect(nextCardPage(page(lastOffsetPage, 10, 50000, false))).toEqual({
      curPage: lastOffsetPage + 1,
      after: `r${lastOffsetPage}-9`,
    });
  });
});
