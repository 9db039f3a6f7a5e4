import { describe, expect, it } from 'vitest';
import { fileNameOf } from '@/lib/http.ts';

describe('fileNameOf (the server file name of an export)', () => {
  it.each([
    [
      `attachment; filename="a.xlsx"; filename*=UTF-8''${encodeURIComponent('资质_20261122.xlsx')}`,
      '资质_20261122.xlsx',
    ],
    ['attachment; filename="plain.xlsx"', 'plain.xlsx'],
    ['attachment; filename=bare.xlsx', 'bare.xlsx'],
    ['attachment; filename*=UTF-8\'\'%E0%A4%A; filename="fallback.xlsx"', 'fallback.xlsx'],
    [null, 'download'],
  ])('%s → %s', (disposition, name) => {
    expect(fileNameOf(disposition, 'download')).toBe(name);
  });
});
