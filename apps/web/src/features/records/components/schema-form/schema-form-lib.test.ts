import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { isDayDisabled, isTypedDateValid } from './date-fields.tsx';
import { spanOf } from './layout.ts';
import { displayText, normalizeOptions, trimLevels } from './options.ts';
import { item } from './test-helpers.tsx';

describe('spanOf (layout breakpoints)', () => {
  it.each([
    [800, false, 24],
    [1280, false, 24],
    [1281, false, 12],
    [1536, false, 12],
    [1537, false, 8],
    [1280, true, 24],
    [1536, true, 24],
    [1537, true, 8],
  ])('at width %i (fixed detail %s) spans %i for an item of col 8', (width, isFixed, span) => {
    expect(spanOf(width, 8, isFixed)).toBe(span);
  });
});

describe('date helpers', () => {
  it.each([
    ['2024-02-29', false, true],
    ['2023-02-29', false, false],
    ['2024/02/01', false, false],
    ['20240201', false, false],
    ['2024-2-1', false, false],
    ['2024-02-01 08:30', true, true],
    ['2024-02-01 24:00', true, false],
    ['2024-02-01', true, false],
  ])('typed %s (with time %s) is valid: %s', (text, withTime, isValid) => {
    expect(isTypedDateValid(text, withTime)).toBe(isValid);
  });

  it('disables days outside minDate and maxDate, and end days before the chosen start', () => {
    const limits = { minDate: '2024-05-10', maxDate: '2024-05-20' };
    expect(isDayDisabled(limits, dayjs('2024-05-09'))).toBe(true);
    expect(isDayDisabled(limits, dayjs('2024-05-10'))).toBe(false);
    expect(isDayDisabled(limits, dayjs('2024-05-20'))).toBe(false);
    expect(isDayDisabled(limits, dayjs('2024-05-21'))).toBe(true);
    const open = { minDate: '', maxDate: '' };
    expect(isDayDisabled(open, dayjs('2024-05-14'), dayjs('2024-05-15'))).toBe(true);
    expect(isDayDisabled(open, dayjs('2024-05-15'), dayjs('2024-05-15'))).toBe(false);
    expect(isDayDisabled(open, dayjs('1999-01-01'))).toBe(false);
  });
});

describe('option helpers', () => {
  const tree = [
    {
      label: '浙江',
      value: 'zj',
      children: [{ label: '杭州', value: 'hz', children: [{ label: '西湖', value: 'xh' }] }],
    },
  ];

  it('cuts a cascade to the levels a cascader-N shows', () => {
    expect(trimLevels(tree, 1)).toEqual([{ label: '浙江', value: 'zj' }]);
    expect(trimLevels(tree, 2)).toEqual([
      { label: '浙江', value: 'zj', children: [{ label: '杭州', value: 'hz' }] },
    ]);
  });

  it('reads options under their labelKey and valueKey', () => {
    expect(normalizeOptions([{ mc: '甲级', dm: 1 }, { mc: 'no value' }], 'mc', 'dm')).toEqual([
      { mc: '甲级', dm: 1, label: '甲级', value: '1' },
    ]);
  });

  it('shows values as text for the detail form', () => {
    const select = item({ code: 's', type: 'select-m', options: { list: [{ label: '甲', value: 'a' }] } });
    expect(displayText(select, ['a', 'zz'], [{ label: '甲', value: 'a' }])).toBe('甲;zz');
    expect(displayText(item({ code: 'c', type: 'cascader' }), ['zj', 'hz'], tree)).toBe('浙江/杭州');
    expect(displayText(item({ code: 'b', type: 'switch-2' }), false, [])).toBe('否');
    expect(displayText(item({ code: 't', type: 'text' }), null, [])).toBe('');
  });
});
