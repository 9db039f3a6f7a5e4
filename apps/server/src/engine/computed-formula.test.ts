import {
  type ComputedField,
  compileFormula,
  computedItemProblems,
  computeFields,
  evaluateFormula,
  FORMULA_MAX_DEPTH,
  FORMULA_MAX_LENGTH,
  type FormItemInput,
  FormItemSchema,
  FormulaError,
  type FormulaField,
  type FormulaValue,
  roundHalfUp,
  validateRecord,
} from '@ks/contract';
import { describe, expect, it } from 'vitest';

/** Unit tests of the computed-field formula language (decision 0017), shared by server and browser. */

const FIELDS: ReadonlyMap<string, FormulaField> = new Map(
  (
    [
      ['price', '单价', 'number'],
      ['qty', '数量', 'number'],
      ['rate', '税率', 'number'],
      ['title', '名称', 'text'],
      ['start_day', '开始日期', 'date'],
      ['end_day', '结束日期', 'date'],
      ['urgent', '加急', 'boolean'],
      ['tags', '标签', null],
    ] as const
  ).map(([code, name, type]) => [code, { code, name, type }]),
);
const VALUES: Record<string, FormulaValue> = {
  price: 12.5,
  qty: 4,
  rate: 0.13,
  title: '钢筋',
  start_day: '2026-01-30',
  end_day: '2026-03-01',
  urgent: true,
  tags: null,
};
const run = (formula: string, values: Record<string, FormulaValue> = VALUES) =>
  evaluateFormula(compileFormula(formula, FIELDS), (code) => values[code] ?? null);
const problemOf = (formula: string) => {
  try {
    compileFormula(formula, FIELDS);
    return null;
  } catch (error) {
    if (error instanceof FormulaError) return error.message;
    throw error;
  }
};

describe('evaluating formulas', () => {
  it.each([
    ['price * qty', 50],
    ['price * qty * (1 + rate)', 56.5],
    ['round(price * qty * rate, 1)', 6.5],
    ['round(1.005, 2)', 1.01],
    ['round(-2.5)', -3],
    ['0.1 + 0.2', 0.3],
    ['floor(7 / 2) + ceil(0.1) + abs(-1)', 5],
    ['min(price, qty, 9) + max(1, 2)', 6],
    ['qty % 3', 1],
    ['pow(2, 10)', 1024],
    ['daysBetween(start_day, end_day)', 30],
    ['addDays(start_day, 30)', '2026-03-01'],
    ['addDays(end_day, -1)', '2026-02-28'],
    ['year(end_day) * 100 + month(end_day)', 202603],
    ['day(start_day)', 30],
    ['urgent ? price * 2 : price', 25],
    ['qty > 3 && !urgent ? 1 : 0', 0],
    ['qty >= 4 || price < 0 ? "多" : "少"', '多'],
    ['title == "钢筋" ? 1 : 2', 1],
    ['end_day > start_day', true],
    ['concat(title, "×", qty, urgent)', '钢筋×4是'],
    ['-price + +qty', -8.5],
  ])('%s = %s', (formula, expected) => {
    expect(run(formula)).toEqual(expected);
  });

  it('answers empty when an input is empty, and ifEmpty/isEmpty/concat read empties', () => {
    const values = { ...VALUES, qty: null };
    expect(run('price * qty', values)).toBeNull();
    expect(run('round(qty)', values)).toBeNull();
    expect(run('qty > 1 ? 1 : 2', values)).toBeNull();
    expect(run('price * ifEmpty(qty, 0)', values)).toBe(0);
    expect(run('isEmpty(qty) ? "未填" : "已填"', values)).toBe('未填');
    expect(run('concat(title, qty)', values)).toBe('钢筋');
  });

  it('answers empty for a division by zero instead of refusing the save', () => {
    expect(run('price / (qty - 4)')).toBeNull();
    expect(run('price % 0')).toBeNull();
  });

  it('refuses a result a column cannot hold', () => {
    expect(() => run('pow(10, 400)')).toThrow('计算结果超出数值范围');
    expect(() => run('pow(price, qty * 1000)')).toThrow('计算结果超出数值范围');
    expect(() => run('addDays(start_day, 9999999)')).toThrow('结果不是有效日期');
    expect(() => run('round(price, 11)')).toThrow('round的小数位数须为0到10的整数');
  });

  it('rounds half away from zero (四舍五入) on the decimal value', () => {
    expect(roundHalfUp(2.675, 2)).toBe(2.68);
    expect(roundHalfUp(-1.005, 2)).toBe(-1.01);
    expect(roundHalfUp(0.5, 0)).toBe(1);
  });
});

describe('checking formulas', () => {
  it.each([
    ['', '请输入公式'],
    ['price *', '公式有语法错误（第8个字符附近）'],
    ['amount * 2', '公式引用了不存在的字段：amount'],
    ['title * 2', '字段「名称」是文本，不能用于“*”（需要数字）'],
    ['price + title', '字段「名称」是文本，不能用于“+”（需要数字）'],
    ['end_day - start_day', '字段「结束日期」是日期，不能用于“-”（需要数字），日期相减请用daysBetween'],
    ['start_day + 1', '字段「开始日期」是日期，不能用于“+”（需要数字），日期加天数请用addDays'],
    ['price > title', '字段「单价」是数字，字段「名称」是文本，不能用“>”比较'],
    ['qty ? 1 : 2', '字段「数量」是数字，不能用于条件“? :”（需要是/否）'],
    ['urgent ? 1 : "一"', '条件的两个结果须为同一类型：1是数字，"一"是文本'],
    ['round(title)', '函数round的参数类型错误：字段「名称」是文本，这里需要数字'],
    ['round()', '函数round需要1到2个参数'],
    ['daysBetween(start_day)', '函数daysBetween需要2个参数'],
    ['ifEmpty(price, "无")', '函数ifEmpty的参数类型错误：字段「单价」是数字，"无"是文本，两者须为同一类型'],
    ['tags', '公式不能使用多值字段「标签」'],
    ['price ** 2', '公式包含不支持的运算符“**”，乘方请用pow(x, y)'],
    ['price ^ 2', '公式包含不支持的运算符“^”，乘方请用pow(x, y)'],
    ['price | 1', '公式包含不支持的运算符“|”'],
    ['~price', '公式包含不支持的运算符“~”'],
    ['price; qty', '公式包含不支持的写法：多个表达式'],
    ['[price, qty]', '公式包含不支持的写法：数组'],
    ['null', '公式不支持“null”'],
  ])('refuses %j: %s', (formula, message) => {
    expect(problemOf(formula)).toBe(message);
  });

  it('types a formula by its result', () => {
    expect(compileFormula('price * qty', FIELDS).type).toBe('number');
    expect(compileFormula('addDays(start_day, 1)', FIELDS).type).toBe('date');
    expect(compileFormula('concat(title)', FIELDS).type).toBe('text');
    expect([...compileFormula('price * qty + price', FIELDS).fields].sort()).toEqual(['price', 'qty']);
  });
});

describe('hostile formulas', () => {
  it.each([
    ['__proto__', '公式引用了不存在的字段：__proto__'],
    ['constructor', '公式引用了不存在的字段：constructor'],
    ['hasOwnProperty', '公式引用了不存在的字段：hasOwnProperty'],
    ['toString()', '公式使用了不支持的函数：toString'],
    ['constructor("return process")()', '公式包含不支持的函数调用写法'],
    ['__proto__.polluted', '公式包含不支持的写法：属性访问（.或[]）'],
    ['price.constructor', '公式包含不支持的写法：属性访问（.或[]）'],
    ['price["constructor"]', '公式包含不支持的写法：属性访问（.或[]）'],
    ['this', '公式包含不支持的写法：this'],
    ['this.process', '公式包含不支持的写法：属性访问（.或[]）'],
    ['eval("1")', '公式使用了不支持的函数：eval'],
    ['Function("return 1")', '公式使用了不支持的函数：Function'],
    ['require("fs")', '公式使用了不支持的函数：require'],
    ['Math.max(1, 2)', '公式包含不支持的函数调用写法'],
    ['1e999 * price', '公式中的数字过大：1e999'],
  ])('refuses %j: %s', (formula, message) => {
    expect(problemOf(formula)).toBe(message);
  });

  it('leaves Object.prototype untouched', () => {
    for (const formula of ['__proto__', 'constructor', '__proto__.x', 'toString()'])
      expect(problemOf(formula)).not.toBeNull();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses nesting deeper than the limit before evaluating anything', () => {
    const nested = (depth: number) => `${'('.repeat(depth)}price${')'.repeat(depth)}`;
    expect(problemOf(nested(10))).toBeNull();
    // Parentheses add no tree level; calls do.
    const calls = (depth: number) => `${'abs('.repeat(depth)}price${')'.repeat(depth)}`;
    expect(problemOf(calls(FORMULA_MAX_DEPTH - 1))).toBeNull();
    expect(problemOf(calls(FORMULA_MAX_DEPTH))).toBe(`公式嵌套过深（最多${FORMULA_MAX_DEPTH}层）`);
    expect(problemOf(`${'-'.repeat(200)}price`)).toBe(`公式嵌套过深（最多${FORMULA_MAX_DEPTH}层）`);
    expect(problemOf(`${'1+'.repeat(200)}1`)).toBe(`公式嵌套过深（最多${FORMULA_MAX_DEPTH}层）`);
  });

  it('refuses a formula longer than the limit without parsing it', () => {
    const long = `price${' + price'.repeat(FORMULA_MAX_LENGTH)}`;
    expect(problemOf(long)).toBe(`公式不能超过${FORMULA_MAX_LENGTH}个字符`);
    expect(problemOf('('.repeat(100_000))).toBe(`公式不能超过${FORMULA_MAX_LENGTH}个字符`);
  });

  it('answers a syntax error for unbalanced or odd input, never a crash', () => {
    for (const formula of ['((price', 'price)', '"unterminated', 'price ? 1', '@', 'a b'])
      expect(problemOf(formula)).toMatch(/^公式有语法错误|^公式包含不支持的写法/);
  });
});

describe('computed fields of a form', () => {
  const computed = (
    code: string,
    name: string,
    formula: string,
    resultType: ComputedField['resultType'],
  ) => ({
    code,
    name,
    formula,
    resultType,
  });
  const fieldsWith = (extra: ComputedField[]) =>
    new Map([
      ...FIELDS,
      ...extra.map((one) => [one.code, { code: one.code, name: one.name, type: one.resultType }] as const),
    ]);

  it('computes fields that read other computed fields, in dependency order', () => {
    const list = [
      computed('total', '含税合计', 'net + tax', 'number'),
      computed('tax', '税额', 'round(net * rate, 2)', 'number'),
      computed('net', '金额', 'price * qty', 'number'),
    ];
    expect(computeFields(list, fieldsWith(list), VALUES)).toEqual({
      values: { net: 50, tax: 6.5, total: 56.5 },
      errors: {},
    });
  });

  it('names the fields of a cycle', () => {
    const list = [
      computed('a', '甲', 'b + 1', 'number'),
      computed('b', '乙', 'c + 1', 'number'),
      computed('c', '丙', 'a + 1', 'number'),
      computed('d', '丁', 'd', 'number'),
    ];
    const { errors } = computeFields(list, fieldsWith(list), VALUES);
    expect(errors.a).toBe('计算字段之间存在循环引用：甲 → 乙 → 丙 → 甲');
  });

  it('leaves a field uncomputed when a field it reads was refused', () => {
    const list = [computed('net', '金额', 'price * qty', 'number')];
    expect(computeFields(list, fieldsWith(list), VALUES, new Set(['qty']))).toEqual({
      values: {},
      errors: {},
    });
  });

  const item = (input: Partial<FormItemInput> & Pick<FormItemInput, 'code' | 'name' | 'type'>) =>
    FormItemSchema.parse(input);
  const form = [
    item({ code: 'price', name: '单价', type: 'number' }),
    item({ code: 'qty', name: '数量', type: 'input-number' }),
    item({ code: 'title', name: '名称', type: 'text' }),
    item({ code: 'sign_at', name: '签订时间', type: 'datetime' }),
    item({ code: 'amount', name: '金额', type: 'computed-number', formula: 'price * qty' }),
    item({ code: 'due', name: '到期日', type: 'computed-date', formula: 'addDays(sign_at, 10)' }),
    item({ code: 'label', name: '摘要', type: 'computed-text', formula: 'concat(title, "：", amount)' }),
  ];

  it('validateRecord ignores a sent value and stores the computed one', () => {
    const { errors, clean } = validateRecord(form, {
      price: '2.5',
      qty: 4,
      title: '水泥',
      sign_at: '2026-02-25 10:00:00',
      amount: 999,
      due: '1999-01-01',
      label: 'forged',
    });
    expect(errors).toEqual({});
    expect(clean).toMatchObject({ amount: 10, due: '2026-03-07', label: '水泥：10' });
  });

  it('validateRecord leaves a computed field empty when its inputs are', () => {
    const { errors, clean } = validateRecord(form, { title: '水泥' });
    expect(errors).toEqual({});
    expect(clean).toMatchObject({ amount: null, due: null, label: '水泥：' });
  });

  it('validateRecord does not compute from a refused value', () => {
    const { errors, clean } = validateRecord(form, { price: 'abc', qty: 2 });
    expect(errors).toEqual({ price: '单价须为数字' });
    expect(clean.amount).toBeUndefined();
  });

  it.each([
    ['amount', 'computed-number', 'price * missing', '计算字段「金额」：公式引用了不存在的字段：missing'],
    [
      'amount',
      'computed-number',
      'title * 2',
      '计算字段「金额」：字段「名称」是文本，不能用于“*”（需要数字）',
    ],
    [
      'amount',
      'computed-number',
      'concat(title)',
      '计算字段「金额」：公式的结果是文本，与字段类型（计算字段·数字）不符',
    ],
    ['amount', 'computed-number', 'amount + 1', '计算字段之间存在循环引用：金额 → 金额'],
  ] as const)('computedItemProblems names the item (%s = %s)', (code, type, formula, message) => {
    const items = [...form.filter((one) => one.code !== code), item({ code, name: '金额', type, formula })];
    expect(computedItemProblems(items)).toEqual([message]);
  });
});
