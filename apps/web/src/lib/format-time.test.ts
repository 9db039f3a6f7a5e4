import { describe, expect, it } from 'vitest';
import { formatTime } from './format-time.ts';

// Built from local parts, so the expectation holds in any time zone the tests run in.
const LOCAL = new Date(2026, 10, 25, 10, 3, 4, 567);

describe('formatTime', () => {
  it.each([
    [LOCAL.toISOString(), '2026-11-25 10:03'],
    [null, ''],
    [undefined, ''],
    ['', ''],
    ['未知', '未知'],
  ])('%s → %s', (input, expected) => {
    expect(formatTime(input)).toBe(expected);
  });
});
