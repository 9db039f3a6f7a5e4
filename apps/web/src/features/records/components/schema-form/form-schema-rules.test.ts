/**
 * Unit tests of the contract's form rules (packages/contract/src/form-schema.ts). The contract
 * package has no test runner of its own, so they run with the web tests, beside the form that uses
 * the rules; the server runs the very same functions on save.
 */
import {
  type ComputedItemType,
  DATE_FORMAT_MESSAGE,
  DATE_LIMIT_ORDER_MESSAGE,
  dateLimitMessage,
  FIXED_OPTIONS,
  FORM_ITEM_TYPES,
  type FormItem,
  type FormItemInput,
  FormItemSchema,
  fromWire,
  INPUT_NUMBER_MAX,
  INPUT_NUMBER_MESSAGE,
  isComputedType,
  type NativeValue,
  numberMessage,
  optionsUnder,
  optionValueProblem,
  PARENT_FIRST_MESSAGE,
  PICKER_TYPE_MESSAGE,
  recordFromWire,
  recordToWire,
  schemaProblems,
  toWire,
  VALUE_KIND_OF,
  validateItem,
  validateRecord,
  visibleItems,
} from '@ks/contract/form-schema';
import { NodeDefinitionSchema } from '@ks/contract/node-definition';
import { describe, expect, it } from 'vitest';

const make = (input: Partial<FormItemInput> & Pick<FormItemInput, 'code' | 'type'>): FormItem =>
  FormItemSchema.parse({ name: input.code, ...input });

const LIST = {
  list: [
    { label: '甲', value: 'a' },
    { label: '乙', value: 'b' },
    { label: '停用', value: 'x', isDisabled: true },
  ],
};
const TREE = {
  list: [
    {
      label: '浙江',
      value: 'zj',
      children: [{ label: '杭州', value: 'hz', children: [{ label: '西湖', value: 'xh' }] }],
    },
    { label: '江苏', value: 'js', children: [{ label: '南京', value: 'nj' }] },
  ],
};

/** One good and one bad native value per item type, with the bad value's message. */
const CASES: Record<
  Exclude<(typeof FORM_ITEM_TYPES)[number], ComputedItemType>,
  { extra?: Partial<FormItemInput>; good: NativeValue; bad: NativeValue; message: string }
> = {
  text: { good: 'abc', bad: 'x'.repeat(201), message: '字段不能超过200个字符' },
  textarea: { good: '多行\n文本', bad: 'x'.repeat(2001), message: '字段不能超过2000个字符' },
  number: { good: 3.5, bad: 'abc', message: '字段须为数字' },
  'input-number': { good: 2, bad: 0, message: '字段须为不小于1的整数' },
  'read-text': { good: '只读', bad: 'x'.repeat(201), message: '字段不能超过200个字符' },
  'select-filter': { extra: { options: LIST }, good: 'a', bad: 'z', message: '字段的选项无效，请重新选择' },
  sex: { good: '男', bad: '未知', message: '字段的选项无效，请重新选择' },
  switch: { good: true, bad: 'yes', message: '字段的选项无效，请重新选择' },
  'switch-1': { good: false, bad: 1, message: '字段的选项无效，请重新选择' },
  'switch-2': { good: true, bad: 'on', message: '字段的选项无效，请重新选择' },
  y_n_ent: { good: '否', bad: 'Y', message: '字段的选项无效，请重新选择' },
  datetime: { good: '2024-02-29 13:30', bad: '2024-02-30 13:30', message: DATE_FORMAT_MESSAGE },
  date: { good: '2024-02-29', bad: '2024/02/29', message: DATE_FORMAT_MESSAGE },
  daterange: { good: ['2024-01-01', '2024-01-31'], bad: ['2024-01-01'], message: DATE_FORMAT_MESSAGE },
  radio: { extra: { options: LIST }, good: 'b', bad: 'x', message: '字段的选项无效，请重新选择' },
  checkbox: {
    extra: { options: LIST },
    good: ['a', 'b'],
    bad: ['a', 'z'],
    message: '字段的选项无效，请重新选择',
  },
  select: { extra: { options: LIST }, good: 'a', bad: 'z', message: '字段的选项无效，请重新选择' },
  'filter-select': { extra: { options: LIST }, good: 'a', bad: 'z', message: '字段的选项无效，请重新选择' },
  'select-link': { extra: { options: LIST }, good: 'a', bad: 'z', message: '字段的选项无效，请重新选择' },
  'select-m': { extra: { options: LIST }, good: ['a'], bad: 'a', message: '字段的选项无效，请重新选择' },
  'select-edit': {
    extra: { options: LIST },
    good: '自由输入',
    bad: 'x'.repeat(201),
    message: '字段不能超过200个字符',
  },
  'select-multiple': {
    extra: { options: LIST },
    good: ['a', 'b'],
    bad: ['x'],
    message: '字段的选项无效，请重新选择',
  },
  cascader: {
    extra: { options: TREE },
    good: ['zj', 'hz', 'xh'],
    bad: ['zj', 'nj'],
    message: '字段的选项无效，请重新选择',
  },
  'cascader-1': {
    extra: { options: TREE },
    good: ['js'],
    bad: ['sh'],
    message: '字段的选项无效，请重新选择',
  },
  'cascader-2': {
    extra: { options: TREE },
    good: ['js', 'nj'],
    bad: ['js', 'hz'],
    message: '字段的选项无效，请重新选择',
  },
  'cascader-3': {
    extra: { options: TREE },
    good: ['zj', 'hz', 'xh'],
    bad: ['zj', 'hz', 'gs'],
    message: '字段的选项无效，请重新选择',
  },
  transfer: { extra: { options: LIST }, good: ['b'], bad: ['x'], message: '字段的选项无效，请重新选择' },
  'transfer-1': {
    extra: { options: LIST },
    good: ['a'],
    bad: [1 as unknown as string],
    message: '字段的选项无效，请重新选择',
  },
  editor: { good: '<p>内容</p>', bad: 'x'.repeat(200001), message: '字段不能超过200000个字符' },
};

/** Types a person fills in: a computed item ignores what it is sent (computed-formula.test.ts). */
const INPUT_TYPES = FORM_ITEM_TYPES.filter((type): type is keyof typeof CASES => !isComputedType(type));

describe('validateRecord per item type', () => {
  it.each(INPUT_TYPES)('%s accepts a good value and refuses a bad one with its message', (type) => {
    const { extra, good, bad, message } = CASES[type];
    const field = make({ code: 'f', name: '字段', type, ...extra });
    expect(validateRecord([field], { f: good })).toEqual({ errors: {}, clean: { f: good } });
    expect(validateRecord([field], { f: bad }).errors).toEqual({ f: message });
  });

  it.each(INPUT_TYPES)('%s, required 1 or 2 and empty, answers {name}必填', (type) => {
    for (const required of ['1', '2'] as const) {
      const field = make({ code: 'f', name: '字段', type, required, ...CASES[type].extra });
      expect(validateRecord([field], {}).errors).toEqual({ f: '字段必填' });
      expect(validateRecord([field], { f: '' }).errors).toEqual({ f: '字段必填' });
    }
  });

  it('lets an empty optional item through as null', () => {
    expect(validateRecord([make({ code: 'f', type: 'select', options: LIST })], { f: [] })).toEqual({
      errors: {},
      clean: { f: null },
    });
  });

  it('requires a required switch to be on: {name}必填', () => {
    const field = make({ code: 'f', name: '承诺', type: 'switch', required: '1' });
    expect(validateRecord([field], { f: false }).errors).toEqual({ f: '承诺必填' });
    expect(validateRecord([field], { f: true }).errors).toEqual({});
  });

  it('takes 否 as the answer of a required yes/no question (switch-2, y_n_ent); only no answer is {name}必填', () => {
    const switch2 = make({ code: 'f', name: '是否联合体', type: 'switch-2', required: '1' });
    const yesNo = make({ code: 'g', name: '是否备案', type: 'y_n_ent', required: '2' });
    expect(validateRecord([switch2, yesNo], { f: false, g: '否' })).toEqual({
      errors: {},
      clean: { f: false, g: '否' },
    });
    expect(validateRecord([switch2, yesNo], {}).errors).toEqual({ f: '是否联合体必填', g: '是否备案必填' });
  });
});

describe('validateRecord messages', () => {
  it('uses the item length before the type default: {name}不能超过{n}个字符', () => {
    const field = make({ code: 'f', name: '简称', type: 'text', length: 8 });
    expect(validateRecord([field], { f: '123456789' }).errors).toEqual({ f: '简称不能超过8个字符' });
    expect(validateRecord([field], { f: '12345678' }).errors).toEqual({});
  });

  it('answers the regex prompt, or {name}格式不正确 without one', () => {
    const prompted = make({
      code: 'f',
      name: '电话',
      type: 'text',
      regex: '^1\\d{10}$',
      showPrompt: '请输入11位手机号',
    });
    const bare = make({ code: 'g', name: '邮编', type: 'text', regex: '^\\d{6}$' });
    expect(validateRecord([prompted, bare], { f: '123', g: 'abc' }).errors).toEqual({
      f: '请输入11位手机号',
      g: '邮编格式不正确',
    });
    expect(validateRecord([prompted, bare], { f: '13800138000', g: '310000' }).errors).toEqual({});
  });

  it('checks a child select against the options under its parent’s value, as the pull-down offers them', () => {
    const tree = [
      { label: '江苏', value: 'js', children: [{ label: '南京', value: 'nj' }] },
      { label: '浙江', value: 'zj', children: [{ label: '杭州', value: 'hz' }] },
    ];
    const source = { kind: 'value-range' as const, code: 'area' };
    const province = make({ code: 'province', name: '省份', type: 'select', source });
    const city = make({ code: 'city', name: '城市', type: 'select-link', parentNode: 'province', source });
    const context = { optionsOf: () => tree };
    expect(validateRecord([province, city], { province: 'js', city: 'nj' }, context).errors).toEqual({});
    expect(validateRecord([province, city], { province: 'js', city: 'hz' }, context).errors).toEqual({
      city: '城市的选项无效，请重新选择',
    });
  });

  describe('a child of a parent holding several values (select-m, checkbox, select-multiple, transfer)', () => {
    const GROUPS = [
      { label: '甲', value: 'a', children: [{ label: '甲一', value: 'a1' }] },
      { label: '乙', value: 'b', children: [{ label: '乙一', value: 'b1' }] },
      { label: '丙', value: 'c', children: [{ label: '丙一', value: 'c1' }] },
    ];
    const FLAT = GROUPS.map(({ label, value }) => ({ label, value }));
    const TAGGED = [
      { label: '属甲', value: 'x', rangeKey: 'a' },
      { label: '属乙', value: 'y', rangeKey: 'b' },
      { label: '属丙', value: 'z', rangeKey: 'c' },
    ];

    it.each(['select-m', 'checkbox', 'select-multiple', 'transfer'] as const)(
      'under a %s parent offers the options under each chosen value, together',
      (type) => {
        // Options under a chosen option's children, and options tagged with a chosen value (rangeKey).
        const parent = make({ code: 'p', type, options: { list: GROUPS } });
        const child = make({ code: 'c', type: 'select', parentNode: 'p' });
        const flat = make({ code: 'q', type, options: { list: FLAT } });
        const tagged = make({ code: 't', type: 'select', parentNode: 'q', options: { list: TAGGED } });
        const items = [parent, child, flat, tagged];
        for (const [c, t] of [
          ['a1', 'x'],
          ['b1', 'y'],
        ])
          expect(validateRecord(items, { p: ['a', 'b'], c, q: ['a', 'b'], t }).errors).toEqual({});
        expect(validateRecord(items, { p: ['a', 'b'], c: 'c1', q: ['a', 'b'], t: 'z' }).errors).toEqual({
          c: 'c的选项无效，请重新选择',
          t: 't的选项无效，请重新选择',
        });
        const values = (options: readonly { value: string }[]) => options.map((one) => one.value);
        expect(values(optionsUnder([], GROUPS, ['a', 'b'], [], type))).toEqual(['a1', 'b1']);
        expect(values(optionsUnder(TAGGED, FLAT, ['a', 'c'], TAGGED, type))).toEqual(['x', 'z']);
      },
    );

    it('reads a cascader parent’s value as one path', () => {
      const parent = make({ code: 'p', type: 'cascader', options: TREE });
      const child = make({ code: 'c', type: 'select', parentNode: 'p' });
      expect(validateRecord([parent, child], { p: ['zj', 'hz'], c: 'xh' }).errors).toEqual({});
      expect(validateRecord([parent, child], { p: ['zj'], c: 'xh' }).errors).toEqual({
        c: 'c的选项无效，请重新选择',
      });
      expect(optionsUnder([], TREE.list, ['zj', 'hz'], [], 'cascader').map((one) => one.value)).toEqual([
        'xh',
      ]);
    });
  });

  it('reports static option values a multi-value could not carry back', () => {
    const field = make({
      code: 'm',
      name: '多选',
      type: 'checkbox',
      options: { list: [{ label: '甲', value: 'a;b' }], labelKey: 'label', valueKey: 'value' },
    });
    expect(schemaProblems([field])).toEqual(['多选：选项值「a;b」不能包含分号、斜杠或逗号']);
    expect(optionValueProblem('建筑/市政')).toBe('选项值「建筑/市政」不能包含分号、斜杠或逗号');
    expect(optionValueProblem('1,2')).toBe('选项值「1,2」不能包含分号、斜杠或逗号');
    expect(optionValueProblem(' a')).toBe('选项值「 a」不能以空格开头或结尾');
    expect(optionValueProblem('fj')).toBeNull();
  });

  it('treats an invalid developer regex as no pattern', () => {
    const field = make({ code: 'f', type: 'text', regex: '([' });
    expect(validateRecord([field], { f: 'anything' }).errors).toEqual({});
    expect(schemaProblems([field])).toEqual(['f的正则表达式无效']);
  });

  it('refuses input-number below 1 or with decimals', () => {
    const field = make({ code: 'f', name: '数量', type: 'input-number' });
    for (const bad of [0, -3, 1.5, 'x']) {
      expect(validateRecord([field], { f: bad }).errors).toEqual({ f: INPUT_NUMBER_MESSAGE('数量') });
    }
    expect(validateRecord([field], { f: '7' }).errors).toEqual({});
  });

  it.each(['1.0', '1e3', '7.', '0x10', ' '])(
    'refuses input-number text %j the integer column cannot read: {name}须为不小于1的整数',
    (text) => {
      const field = make({ code: 'f', name: '数量', type: 'input-number' });
      expect(validateItem(field, text, false, '数量必填')).toBe(INPUT_NUMBER_MESSAGE('数量'));
      expect(validateRecord([field], { f: text }).errors).toEqual({ f: INPUT_NUMBER_MESSAGE('数量') });
    },
  );

  it('takes input-number as a number or as whole-number text', () => {
    const field = make({ code: 'f', name: '数量', type: 'input-number' });
    for (const good of [7, 1e3, '7', ' 12 ', '+3'])
      expect(validateRecord([field], { f: good }).errors).toEqual({});
  });

  it.each(['0x10', '0b1', ' ', '1,000'])(
    'refuses number text %j the numeric column cannot read: {name}须为数字',
    (text) => {
      const field = make({ code: 'f', name: '金额', type: 'number' });
      expect(validateRecord([field], { f: text }).errors).toEqual({ f: numberMessage('金额') });
    },
  );

  it('takes decimal number text, with an exponent too', () => {
    const field = make({ code: 'f', name: '金额', type: 'number' });
    for (const good of ['12.5', '-3', '.5', '1e3', ' 8 '])
      expect(validateRecord([field], { f: good }).errors).toEqual({});
  });

  it('refuses input-number above its integer column: {name}不能大于2147483647', () => {
    const field = make({ code: 'f', name: '数量', type: 'input-number' });
    expect(validateRecord([field], { f: INPUT_NUMBER_MAX }).errors).toEqual({});
    expect(validateRecord([field], { f: 3000000000 }).errors).toEqual({ f: '数量不能大于2147483647' });
  });

  it('refuses an end date before its parent start date: {name}不能早于{parent}', () => {
    const begin = make({ code: 'begin', name: '开工日期', type: 'date' });
    const finish = make({ code: 'finish', name: '竣工日期', type: 'datetime', parentNode: 'begin' });
    expect(
      validateRecord([begin, finish], { begin: '2025-03-01', finish: '2025-02-28 10:00' }).errors,
    ).toEqual({
      finish: '竣工日期不能早于开工日期',
    });
    expect(
      validateRecord([begin, finish], { begin: '2025-03-01', finish: '2025-03-01 08:00' }).errors,
    ).toEqual({});
    // The start date is optional: an end date alone is savable (the order check needs both).
    expect(validateRecord([begin, finish], { finish: '2025-03-01 08:00' })).toEqual({
      errors: {},
      clean: { begin: null, finish: '2025-03-01 08:00' },
    });
  });

  it('checks dates against minDate and maxDate: {name}不在可选日期范围内', () => {
    const field = make({
      code: 'f',
      name: '开标日期',
      type: 'date',
      minDate: '2024-01-01',
      maxDate: '2024-12-31',
    });
    expect(validateRecord([field], { f: '2023-12-31' }).errors).toEqual({ f: '开标日期不在可选日期范围内' });
    expect(validateRecord([field], { f: '2025-01-01' }).errors).toEqual({ f: '开标日期不在可选日期范围内' });
    expect(validateRecord([field], { f: '2024-06-01' }).errors).toEqual({});
    const range = make({ code: 'r', name: '工期', type: 'daterange', maxDate: '2024-12-31' });
    expect(validateRecord([range], { r: ['2024-12-01', '2025-01-02'] }).errors).toEqual({
      r: '工期不在可选日期范围内',
    });
  });

  it('refuses a range whose end is before its start: {name}的结束日期不能早于开始日期', () => {
    const field = make({ code: 'r', name: '工期', type: 'daterange' });
    expect(validateRecord([field], { r: ['2024-02-01', '2024-01-01'] }).errors).toEqual({
      r: '工期的结束日期不能早于开始日期',
    });
  });

  it('refuses a datetime that is not year-month-day hours:minutes', () => {
    const field = make({ code: 'f', type: 'datetime' });
    expect(validateRecord([field], { f: '2024-01-01' }).errors).toEqual({ f: DATE_FORMAT_MESSAGE });
    expect(validateRecord([field], { f: '2024-01-01T08:30:00' }).errors).toEqual({});
  });

  it.each(['2024-05-01 24:30', '2024-05-01 10:75', '2024-05-01T25:00', '2024-05-01 23:59:60'])(
    'refuses the time of %j as the form’s picker does: 日期格式错误，请重新输入',
    (text) => {
      const field = make({ code: 'f', type: 'datetime' });
      expect(validateItem(field, text, false, 'f必填')).toBe(DATE_FORMAT_MESSAGE);
      expect(validateRecord([field], { f: text }).errors).toEqual({ f: DATE_FORMAT_MESSAGE });
    },
  );

  it('takes times from 00:00 to 23:59', () => {
    const field = make({ code: 'f', type: 'datetime' });
    for (const good of ['2024-05-01 00:00', '2024-05-01 23:59', '2024-05-01T23:59:59'])
      expect(validateRecord([field], { f: good }).errors).toEqual({});
  });

  it('refuses a date range whose days carry anything after the day: 日期格式错误，请重新输入', () => {
    const field = make({ code: 'r', type: 'daterange' });
    expect(validateRecord([field], { r: ['2024-01-01x', '2024-01-02'] }).errors).toEqual({
      r: DATE_FORMAT_MESSAGE,
    });
    expect(validateRecord([field], { r: ['2024-01-01', '2024-01-02 25:00'] }).errors).toEqual({
      r: DATE_FORMAT_MESSAGE,
    });
  });

  it('refuses a disabled option and checks loaded options through optionsOf', () => {
    const fixed = make({ code: 'f', name: '类型', type: 'select', options: LIST });
    expect(validateRecord([fixed], { f: 'x' }).errors).toEqual({ f: '类型的选项无效，请重新选择' });
    const dictionary = make({
      code: 'd',
      name: '资质',
      type: 'select',
      source: { kind: 'dictionary', code: 'zz' },
    });
    const optionsOf = () => [{ label: '一级', value: '1' }];
    expect(validateRecord([dictionary], { d: '2' }, { optionsOf }).errors).toEqual({
      d: '资质的选项无效，请重新选择',
    });
    expect(validateRecord([dictionary], { d: '1' }, { optionsOf }).errors).toEqual({});
    // A source the caller could not resolve is not checked here.
    expect(validateRecord([dictionary], { d: '2' }).errors).toEqual({});
  });

  it('refuses a child with a value while its parent is empty: 请先输入或选择上级条件后查询！', () => {
    const parent = make({ code: 'p', type: 'select', options: LIST });
    const child = make({ code: 'c', type: 'select-link', parentNode: 'p', options: LIST });
    expect(validateRecord([parent, child], { c: 'a' }).errors).toEqual({ c: PARENT_FIRST_MESSAGE });
    expect(validateRecord([parent, child], { p: 'a', c: 'a' }).errors).toEqual({});
    // A typed condition keys a child's options too ('请先输入或选择…').
    const keyword = make({ code: 'k', type: 'text' });
    const match = make({ code: 'm', type: 'select', parentNode: 'k', options: LIST });
    expect(validateRecord([keyword, match], { m: 'a' }).errors).toEqual({ m: PARENT_FIRST_MESSAGE });
  });

  it('lets a child whose options do not hang under its parent be filled while the parent is empty', () => {
    const select = make({ code: 'p', type: 'select', options: LIST });
    const note = make({ code: 'note', type: 'text', parentNode: 'p' });
    const day = make({ code: 'day', type: 'date', parentNode: 'p' });
    const free = make({ code: 'free', type: 'select-edit', parentNode: 'p', options: LIST });
    const toggle = make({ code: 's', type: 'switch-2' });
    const underSwitch = make({ code: 'u', type: 'select', parentNode: 's', options: LIST });
    const values = { note: '说明', day: '2024-01-01', free: '自由输入', u: 'a' };
    expect(validateRecord([select, note, day, free, toggle, underSwitch], values).errors).toEqual({});
  });
});

describe('switch-1 children', () => {
  const toggle = make({ code: 'has_bond', name: '是否缴纳', type: 'switch-1', childNode: 'bond, bond_day' });
  const bond = make({ code: 'bond', name: '保证金', type: 'number', show: false });
  const day = make({ code: 'bond_day', name: '缴纳日期', type: 'date' });

  it('hides the children while off: neither validated nor kept (hidden means absent)', () => {
    expect(visibleItems([toggle, bond, day], { has_bond: false }).visible.map((one) => one.code)).toEqual([
      'has_bond',
    ]);
    expect(validateRecord([toggle, bond, day], { has_bond: false, bond: 'abc', bond_day: 'x' })).toEqual({
      errors: {},
      clean: { has_bond: false },
    });
  });

  it('shows and requires the children while on: 请选择{name}', () => {
    const { visible, toggledOn } = visibleItems([toggle, bond, day], { has_bond: true });
    expect(visible.map((one) => one.code)).toEqual(['has_bond', 'bond', 'bond_day']);
    expect([...toggledOn]).toEqual(['bond', 'bond_day']);
    expect(validateRecord([toggle, bond, day], { has_bond: true }).errors).toEqual({
      bond: '请选择保证金',
      bond_day: '请选择缴纳日期',
    });
  });
});

describe('wire values (joins)', () => {
  it.each([
    ['daterange', ['2024-01-01', '2024-01-31'], '2024-01-01,2024-01-31'],
    ['cascader', ['zj', 'hz', 'xh'], 'zj/hz/xh'],
    ['cascader-2', ['js', 'nj'], 'js/nj'],
    ['select-m', ['a', 'b'], 'a;b'],
    ['select-multiple', ['a', 'b'], 'a;b'],
    ['checkbox', ['a'], 'a'],
    ['transfer', ['a', 'b', 'c'], 'a;b;c'],
    ['transfer-1', ['b'], 'b'],
  ] as const)('%s joins %j as %s and splits it back', (type, native, wire) => {
    expect(toWire(type, [...native])).toBe(wire);
    expect(fromWire(type, wire)).toEqual(native);
  });

  it('passes scalars through and reads empty as null', () => {
    expect(toWire('number', 3)).toBe(3);
    expect(toWire('switch', false)).toBe(false);
    expect(toWire('text', undefined)).toBeNull();
    expect(fromWire('select-m', '')).toBeNull();
    expect(fromWire('select-m', ' a ; ;b')).toEqual(['a', 'b']);
    expect(fromWire('text', 'a;b')).toBe('a;b');
  });

  it('converts whole records by the schema, dropping unknown keys', () => {
    const items = [
      make({ code: 'm', type: 'select-m' }),
      make({ code: 'r', type: 'daterange' }),
      make({ code: 't', type: 'text' }),
    ];
    const native = recordFromWire(items, { m: 'a;b', r: '2024-01-01,2024-01-02', t: 'x', unknown: 'y' });
    expect(native).toEqual({ m: ['a', 'b'], r: ['2024-01-01', '2024-01-02'], t: 'x' });
    expect(recordToWire(items, native)).toEqual({ m: 'a;b', r: '2024-01-01,2024-01-02', t: 'x' });
  });

  it('gives every type a storage kind, and fixed options to sex and y_n_ent', () => {
    expect(Object.keys(VALUE_KIND_OF).sort()).toEqual([...FORM_ITEM_TYPES].sort());
    expect(FIXED_OPTIONS.sex).toEqual(['男', '女']);
    expect(FIXED_OPTIONS.y_n_ent).toEqual(['是', '否']);
  });
});

describe('schemaProblems', () => {
  it.each([
    [{ minDate: '2024/01/01' }, `开标日期：${dateLimitMessage('最早日期')}`],
    [{ maxDate: '2024-02-30' }, `开标日期：${dateLimitMessage('最晚日期')}`],
    [{ minDate: '2024-12-31', maxDate: '2024-01-01' }, `开标日期：${DATE_LIMIT_ORDER_MESSAGE}`],
  ])('reports date limits %j the picker cannot read, on save and publish too', (limits, problem) => {
    const field = make({ code: 'f', name: '开标日期', type: 'date', ...limits });
    expect(schemaProblems([field])).toEqual([problem]);
    const saved = NodeDefinitionSchema.safeParse({ form: { items: [field] } });
    expect(saved.error?.issues.map((issue) => issue.message)).toEqual([problem]);
  });

  it('takes a picker on text items only: a pick is another record’s value, not an option', () => {
    const options = { list: [{ label: '甲', value: 'a' }] };
    const onSelect = make({
      code: 'f',
      name: '资质',
      type: 'select-m',
      options,
      selectMode: 'picker-multiple',
    });
    expect(schemaProblems([onSelect])).toEqual([`资质：${PICKER_TYPE_MESSAGE}`]);
    const onText = make({ code: 'g', name: '资质', type: 'text', selectMode: 'picker-multiple' });
    const otherMode = make({ code: 'h', name: '类型', type: 'select', options, selectMode: 'toString' });
    expect(schemaProblems([onText, otherMode])).toEqual([]);
  });

  it('takes empty date limits, or real days in order', () => {
    const open = make({ code: 'f', type: 'date' });
    const closed = make({ code: 'g', type: 'date', minDate: '2024-01-01', maxDate: '2024-01-01' });
    expect(schemaProblems([open, closed])).toEqual([]);
  });

  it('reports duplicate codes and references to missing items', () => {
    const items = [
      make({ code: 'a', name: '甲', type: 'switch-1', childNode: 'b,zz' }),
      make({ code: 'a', name: '甲2', type: 'text' }),
      make({ code: 'b', name: '乙', type: 'select', parentNode: 'nope' }),
    ];
    expect(schemaProblems(items)).toEqual([
      '字段编码重复：a',
      '甲引用了不存在的字段：zz',
      '乙引用了不存在的字段：nope',
    ]);
  });
});
