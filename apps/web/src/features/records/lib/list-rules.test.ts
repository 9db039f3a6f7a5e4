import { describe, expect, it } from 'vitest';
import { annexWidth, filterValuesOf, isSelectFilter, searchBarLayout } from './list-rules.ts';
import { getHiddenColumns, getStoredPageSize, storeHiddenColumns, storePageSize } from './table-memory.ts';

describe('filterValuesOf (filter submit)', () => {
  it('joins array values by comma and leaves out empty ones', () => {
    expect(
      filterValuesOf({
        region: ['330100', '330200'],
        name: ' 甲 ',
        empty: '',
        none: null,
        list: [],
        missing: undefined,
      }),
    ).toEqual({ region: '330100,330200', name: '甲' });
  });
});

describe('searchBarLayout', () => {
  const fields = ['a', 'b', 'c', 'd', 'e'];
  it('shows the top 3 fields at col 8 when collapsed', () => {
    expect(searchBarLayout(fields, false)).toEqual({ fields: ['a', 'b', 'c'], col: 8 });
  });
  it('shows every field at col 6 when expanded', () => {
    expect(searchBarLayout(fields, true)).toEqual({ fields, col: 6 });
  });
});

describe('annexWidth (card annex "more")', () => {
  it.each([
    [1, '100%'],
    [3, '50%'],
    [4, '33.3%'],
    [6, '33.3%'],
    [7, '100%'],
    [8, '33.3%'],
  ])('%i files → %s', (count, width) => {
    expect(annexWidth(count)).toBe(width);
  });
});

describe('isSelectFilter (select-type filters)', () => {
  it.each(['select', 'select-link', 'select-multiple'] as const)('%s offers options', (type) => {
    expect(isSelectFilter({ type })).toBe(true);
  });
  it.each(['text', 'daterange'] as const)('%s is typed', (type) => {
    expect(isSelectFilter({ type })).toBe(false);
  });
});

describe('table memory', () => {
  it('remembers a page size per table and defaults to 10', () => {
    expect(getStoredPageSize('A:x')).toBe(10);
    storePageSize('A:x', 30);
    expect(getStoredPageSize('A:x')).toBe(30);
    expect(getStoredPageSize('A:y')).toBe(10);
  });
  it('ignores a stored size the pager does not offer', () => {
    localStorage.setItem('ks-table-page-size:A:z', '999');
    expect(getStoredPageSize('A:z')).toBe(10);
  });
  it('remembers hidden columns per table and survives junk', () => {
    storeHiddenColumns('A:x', ['name']);
    expect(getHiddenColumns('A:x')).toEqual(['name']);
    expect(getHiddenColumns('A:y')).toEqual([]);
    localStorage.setItem('ks-table-hidden-columns:A:q', '{bad');
    expect(getHiddenColumns('A:q')).toEqual([]);
  });
});
