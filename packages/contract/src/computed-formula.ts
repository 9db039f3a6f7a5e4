import jsep from 'jsep';

/**
 * The formula language of computed fields (decision 0017): jsep parses the text into an expression
 * tree, and this file alone decides what the tree may contain and what it means. Nothing is ever
 * looked up on a JavaScript object by a name from the formula — fields and functions are Map
 * entries — and no `eval` or `Function` runs, so `__proto__`, `constructor` or `this.x` can only be
 * refused. The same code runs in the browser (the builder's check, the form's preview) and on the
 * server (draft save, every record save), so both always agree.
 */

/** What a formula computes: the three a column can hold, and yes/no for conditions. */
export type FormulaType = 'number' | 'text' | 'date' | 'boolean';
/** A value inside a formula: dates are 'YYYY-MM-DD' text; null is an empty field. */
export type FormulaValue = number | string | boolean | null;

/** A field a formula may name: its formula type, or null when its value cannot take part (multi-values). */
export type FormulaField = { code: string; name: string; type: FormulaType | null };
/** A computed field: where it stores its value and the formula that makes it. */
export type ComputedField = { code: string; name: string; formula: string; resultType: FormulaType };

/** Longer formulas are refused: a form's formula is a line, and the limit also bounds nesting and cost. */
export const FORMULA_MAX_LENGTH = 500;
/** Nesting depth of the expression tree: deeper is refused before anything is evaluated. */
export const FORMULA_MAX_DEPTH = 32;
/** A computed text is at most this long (concat of long texts). */
export const FORMULA_TEXT_MAX_LENGTH = 2000;
/** Decimal places round() accepts. */
export const ROUND_MAX_DIGITS = 10;

export const FORMULA_TYPE_LABELS: Record<FormulaType, string> = {
  number: '数字',
  text: '文本',
  date: '日期',
  boolean: '是/否',
};

/** A problem found in a formula or while computing it: the message names the computed field. */
export class FormulaError extends Error {}

type Node =
  | { kind: 'literal'; type: FormulaType; value: FormulaValue; label: string }
  | { kind: 'field'; type: FormulaType; code: string; label: string }
  | { kind: 'negate' | 'plus'; type: 'number'; operand: Node; label: string }
  | { kind: 'not'; type: 'boolean'; operand: Node; label: string }
  | { kind: 'arithmetic'; type: 'number'; operator: string; left: Node; right: Node; label: string }
  | { kind: 'compare'; type: 'boolean'; operator: string; left: Node; right: Node; label: string }
  | { kind: 'logical'; type: 'boolean'; operator: '&&' | '||'; left: Node; right: Node; label: string }
  | { kind: 'conditional'; type: FormulaType; test: Node; then: Node; otherwise: Node; label: string }
  | { kind: 'call'; type: FormulaType; fn: FormulaFunction; args: Node[]; label: string };

/** A checked formula: its tree, its result type and the codes of the fields it reads. */
export type CompiledFormula = { root: Node; type: FormulaType; fields: ReadonlySet<string> };

type Arity = { min: number; max: number };
type FormulaFunction = {
  name: string;
  arity: Arity;
  /** The result type for these argument types, or the problem with them. */
  typeOf: (args: readonly Node[]) => FormulaType | string;
  /** Whether an empty argument makes the result empty (most functions); ifEmpty/isEmpty/concat read empties. */
  emptyIn: boolean;
  apply: (args: readonly FormulaValue[]) => FormulaValue;
};

// ————— numbers and dates —————

/** Binary noise of double arithmetic (0.1 + 0.2) is cut at 15 significant digits, as a column should hold it. */
const tidy = (value: number) => (value === 0 ? 0 : Number(value.toPrecision(15)));

/** 四舍五入: half away from zero, on the tidied decimal value (round(1.005, 2) is 1.01). */
export function roundHalfUp(value: number, digits: number): number {
  const scale = 10 ** digits;
  const scaled = tidy(Math.abs(value) * scale);
  return (Math.sign(value) * Math.round(scaled)) / scale;
}

const DAY_MS = 86_400_000;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Days since 1970-01-01 of a 'YYYY-MM-DD' text, or null when it is no real day. */
function dayNumber(day: string): number | null {
  const match = DAY_PATTERN.exec(day);
  if (!match) return null;
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const date = new Date(time);
  if (Number.isNaN(time) || date.toISOString().slice(0, 10) !== day) return null;
  return time / DAY_MS;
}
/** 'YYYY-MM-DD' of a day number, or null outside the years a date column and picker hold (1–9999). */
function dayText(days: number): string | null {
  const date = new Date(days * DAY_MS);
  const year = date.getUTCFullYear();
  if (Number.isNaN(year) || year < 1 || year > 9999) return null;
  return date.toISOString().slice(0, 10);
}
function dateParts(value: FormulaValue | undefined): [number, number, number] {
  const match = DAY_PATTERN.exec(String(value));
  if (!match) throw new FormulaError('日期格式错误');
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

const TEXT_OF_BOOLEAN = { true: '是', false: '否' } as const;

// ————— functions —————

const numbers =
  (result: FormulaType) =>
  (args: readonly Node[]): FormulaType | string => {
    const wrong = args.find((arg) => arg.type !== 'number');
    return wrong ? `${wrong.label}是${FORMULA_TYPE_LABELS[wrong.type]}，这里需要数字` : result;
  };
const typed =
  (types: readonly FormulaType[], result: FormulaType) =>
  (args: readonly Node[]): FormulaType | string => {
    for (const [index, arg] of args.entries()) {
      const want = types[index] ?? 'number';
      if (arg.type !== want)
        return `${arg.label}是${FORMULA_TYPE_LABELS[arg.type]}，这里需要${FORMULA_TYPE_LABELS[want]}`;
    }
    return result;
  };

const FUNCTION_LIST: FormulaFunction[] = [
  {
    name: 'round',
    arity: { min: 1, max: 2 },
    typeOf: numbers('number'),
    emptyIn: true,
    apply: ([value, digits = 0]) => {
      const places = Number(digits);
      if (!Number.isInteger(places) || places < 0 || places > ROUND_MAX_DIGITS)
        throw new FormulaError(`round的小数位数须为0到${ROUND_MAX_DIGITS}的整数`);
      return roundHalfUp(Number(value), places);
    },
  },
  {
    name: 'floor',
    arity: { min: 1, max: 1 },
    typeOf: numbers('number'),
    emptyIn: true,
    apply: ([v]) => Math.floor(Number(v)),
  },
  {
    name: 'ceil',
    arity: { min: 1, max: 1 },
    typeOf: numbers('number'),
    emptyIn: true,
    apply: ([v]) => Math.ceil(Number(v)),
  },
  {
    name: 'abs',
    arity: { min: 1, max: 1 },
    typeOf: numbers('number'),
    emptyIn: true,
    apply: ([v]) => Math.abs(Number(v)),
  },
  {
    name: 'min',
    arity: { min: 1, max: 20 },
    typeOf: numbers('number'),
    emptyIn: true,
    apply: (values) => Math.min(...values.map(Number)),
  },
  {
    name: 'max',
    arity: { min: 1, max: 20 },
    typeOf: numbers('number'),
    emptyIn: true,
    apply: (values) => Math.max(...values.map(Number)),
  },
  {
    name: 'pow',
    arity: { min: 2, max: 2 },
    typeOf: numbers('number'),
    emptyIn: true,
    apply: ([base, exponent]) => Number(base) ** Number(exponent),
  },
  {
    name: 'daysBetween',
    arity: { min: 2, max: 2 },
    typeOf: typed(['date', 'date'], 'number'),
    emptyIn: true,
    apply: ([start, end]) => Number(dayNumber(String(end))) - Number(dayNumber(String(start))),
  },
  {
    name: 'addDays',
    arity: { min: 2, max: 2 },
    typeOf: typed(['date', 'number'], 'date'),
    emptyIn: true,
    apply: ([day, count]) => {
      const start = dayNumber(String(day));
      const result = start === null ? null : dayText(start + Math.trunc(Number(count)));
      if (result === null) throw new FormulaError('结果不是有效日期');
      return result;
    },
  },
  {
    name: 'year',
    arity: { min: 1, max: 1 },
    typeOf: typed(['date'], 'number'),
    emptyIn: true,
    apply: ([d]) => dateParts(d)[0],
  },
  {
    name: 'month',
    arity: { min: 1, max: 1 },
    typeOf: typed(['date'], 'number'),
    emptyIn: true,
    apply: ([d]) => dateParts(d)[1],
  },
  {
    name: 'day',
    arity: { min: 1, max: 1 },
    typeOf: typed(['date'], 'number'),
    emptyIn: true,
    apply: ([d]) => dateParts(d)[2],
  },
  {
    name: 'ifEmpty',
    arity: { min: 2, max: 2 },
    typeOf: ([value, fallback]) =>
      value && fallback && value.type !== fallback.type
        ? `${value.label}是${FORMULA_TYPE_LABELS[value.type]}，${fallback.label}是${FORMULA_TYPE_LABELS[fallback.type]}，两者须为同一类型`
        : (value?.type ?? 'number'),
    emptyIn: false,
    apply: ([value = null, fallback = null]) => (value === null ? fallback : value),
  },
  {
    name: 'isEmpty',
    arity: { min: 1, max: 1 },
    typeOf: () => 'boolean',
    emptyIn: false,
    apply: ([value]) => value === null || value === '',
  },
  {
    name: 'concat',
    arity: { min: 1, max: 20 },
    typeOf: () => 'text',
    emptyIn: false,
    apply: (values) =>
      values
        .map((value) =>
          value === null ? '' : typeof value === 'boolean' ? TEXT_OF_BOOLEAN[`${value}`] : String(value),
        )
        .join(''),
  },
];
/** The allow-list: a name not in this Map is no function, whatever JavaScript would find under it. */
const FUNCTIONS: ReadonlyMap<string, FormulaFunction> = new Map(FUNCTION_LIST.map((fn) => [fn.name, fn]));

/** What the builder's formula editor lists, with a Chinese line each. */
export const FORMULA_FUNCTION_HELP: readonly { signature: string; meaning: string }[] = [
  { signature: 'round(x, 位数)', meaning: '四舍五入，位数0到10，省略为0' },
  { signature: 'floor(x) / ceil(x) / abs(x)', meaning: '向下取整 / 向上取整 / 绝对值' },
  { signature: 'min(a, b, …) / max(a, b, …)', meaning: '最小值 / 最大值' },
  { signature: 'pow(x, y)', meaning: 'x的y次方' },
  { signature: 'daysBetween(开始日期, 结束日期)', meaning: '相差天数（结束减开始）' },
  { signature: 'addDays(日期, 天数)', meaning: '日期加天数，结果为日期' },
  { signature: 'year(d) / month(d) / day(d)', meaning: '日期的年 / 月 / 日' },
  { signature: 'ifEmpty(x, 缺省值)', meaning: 'x为空时取缺省值' },
  { signature: 'isEmpty(x)', meaning: 'x是否为空' },
  { signature: 'concat(a, b, …)', meaning: '拼接为文本' },
  { signature: '条件 ? 值1 : 值2', meaning: '条件成立取值1，否则取值2' },
];

// ————— checking —————

const ARITHMETIC = new Set(['+', '-', '*', '/', '%']);
const ORDERING = new Set(['<', '>', '<=', '>=']);
const EQUALITY = new Map([
  ['==', '=='],
  ['===', '=='],
  ['!=', '!='],
  ['!==', '!='],
]);
const UNSUPPORTED_SYNTAX: Record<string, string> = {
  MemberExpression: '属性访问（.或[]）',
  ThisExpression: 'this',
  ArrayExpression: '数组',
  Compound: '多个表达式',
  SequenceExpression: '多个表达式',
};

type Scope = {
  fields: ReadonlyMap<string, FormulaField>;
  used: Set<string>;
};

/**
 * Parses and type-checks a formula against the fields it may read. Throws FormulaError with the
 * problem (without the computed field's name: the caller adds it).
 */
export function compileFormula(formula: string, fields: ReadonlyMap<string, FormulaField>): CompiledFormula {
  const text = formula.trim();
  if (!text) throw new FormulaError('请输入公式');
  if (text.length > FORMULA_MAX_LENGTH) throw new FormulaError(`公式不能超过${FORMULA_MAX_LENGTH}个字符`);
  let tree: jsep.Expression;
  try {
    tree = jsep(text);
  } catch (error) {
    // jsep's own messages are English; its index says where. A stack overflow would land here too.
    const index = (error as { index?: unknown }).index;
    throw new FormulaError(
      typeof index === 'number' ? `公式有语法错误（第${index + 1}个字符附近）` : '公式有语法错误',
    );
  }
  const scope: Scope = { fields, used: new Set() };
  const root = check(tree, scope, 1);
  return { root, type: root.type, fields: scope.used };
}

function check(expression: jsep.Expression, scope: Scope, depth: number): Node {
  if (depth > FORMULA_MAX_DEPTH) throw new FormulaError(`公式嵌套过深（最多${FORMULA_MAX_DEPTH}层）`);
  const inner = (child: jsep.Expression) => check(child, scope, depth + 1);
  switch (expression.type) {
    case 'Literal':
      return literal(expression as jsep.Literal);
    case 'Identifier':
      return field((expression as jsep.Identifier).name, scope);
    case 'UnaryExpression': {
      const { operator, argument } = expression as jsep.UnaryExpression;
      const operand = inner(argument);
      const label = `${operator}${operand.label}`;
      if (operator === '!') {
        requireType(operand, 'boolean', '“!”');
        return { kind: 'not', type: 'boolean', operand, label };
      }
      if (operator === '-' || operator === '+') {
        requireType(operand, 'number', `“${operator}”`);
        return { kind: operator === '-' ? 'negate' : 'plus', type: 'number', operand, label };
      }
      throw new FormulaError(`公式包含不支持的运算符“${operator}”`);
    }
    case 'BinaryExpression': {
      const { operator, left: leftTree, right: rightTree } = expression as jsep.BinaryExpression;
      const known = ARITHMETIC.has(operator) || ORDERING.has(operator) || EQUALITY.has(operator);
      if (!known && operator !== '&&' && operator !== '||')
        throw new FormulaError(
          `公式包含不支持的运算符“${operator}”${operator === '**' || operator === '^' ? '，乘方请用pow(x, y)' : ''}`,
        );
      const left = inner(leftTree);
      const right = inner(rightTree);
      const label = '表达式';
      if (ARITHMETIC.has(operator)) {
        const hasDate = left.type === 'date' || right.type === 'date';
        const hint = !hasDate
          ? ''
          : operator === '-'
            ? '，日期相减请用daysBetween'
            : operator === '+'
              ? '，日期加天数请用addDays'
              : '';
        requireType(left, 'number', `“${operator}”`, hint);
        requireType(right, 'number', `“${operator}”`, hint);
        return { kind: 'arithmetic', type: 'number', operator, left, right, label };
      }
      if (operator === '&&' || operator === '||') {
        requireType(left, 'boolean', `“${operator}”`);
        requireType(right, 'boolean', `“${operator}”`);
        return { kind: 'logical', type: 'boolean', operator, left, right, label };
      }
      if (left.type !== right.type)
        throw new FormulaError(
          `${left.label}是${FORMULA_TYPE_LABELS[left.type]}，${right.label}是${FORMULA_TYPE_LABELS[right.type]}，不能用“${operator}”比较`,
        );
      if (ORDERING.has(operator) && left.type === 'boolean')
        throw new FormulaError(`是/否的值不能用“${operator}”比较`);
      return {
        kind: 'compare',
        type: 'boolean',
        operator: EQUALITY.get(operator) ?? operator,
        left,
        right,
        label,
      };
    }
    case 'ConditionalExpression': {
      const conditional = expression as jsep.ConditionalExpression;
      const test = inner(conditional.test);
      requireType(test, 'boolean', '条件“? :”');
      const then = inner(conditional.consequent);
      const otherwise = inner(conditional.alternate);
      if (then.type !== otherwise.type)
        throw new FormulaError(
          `条件的两个结果须为同一类型：${then.label}是${FORMULA_TYPE_LABELS[then.type]}，${otherwise.label}是${FORMULA_TYPE_LABELS[otherwise.type]}`,
        );
      return { kind: 'conditional', type: then.type, test, then, otherwise, label: '条件表达式' };
    }
    case 'CallExpression': {
      const call = expression as jsep.CallExpression;
      if (call.callee.type !== 'Identifier') throw new FormulaError('公式包含不支持的函数调用写法');
      const name = (call.callee as jsep.Identifier).name;
      const fn = FUNCTIONS.get(name);
      if (!fn) throw new FormulaError(`公式使用了不支持的函数：${name}`);
      const count = call.arguments.length;
      if (count < fn.arity.min || count > fn.arity.max)
        throw new FormulaError(
          fn.arity.min === fn.arity.max
            ? `函数${name}需要${fn.arity.min}个参数`
            : `函数${name}需要${fn.arity.min}到${fn.arity.max}个参数`,
        );
      const args = call.arguments.map(inner);
      const type = fn.typeOf(args);
      if (!isFormulaType(type)) throw new FormulaError(`函数${name}的参数类型错误：${type}`);
      return { kind: 'call', type, fn, args, label: `${name}(…)` };
    }
    default:
      throw new FormulaError(
        `公式包含不支持的写法：${UNSUPPORTED_SYNTAX[expression.type] ?? expression.type}`,
      );
  }
}

const isFormulaType = (value: string): value is FormulaType => Object.hasOwn(FORMULA_TYPE_LABELS, value);

function literal(node: jsep.Literal): Node {
  const { value, raw } = node;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new FormulaError(`公式中的数字过大：${raw}`);
    return { kind: 'literal', type: 'number', value, label: raw };
  }
  if (typeof value === 'string') return { kind: 'literal', type: 'text', value, label: raw };
  if (typeof value === 'boolean') return { kind: 'literal', type: 'boolean', value, label: raw };
  throw new FormulaError(`公式不支持“${raw}”`);
}

function field(code: string, scope: Scope): Node {
  const found = scope.fields.get(code);
  if (!found) throw new FormulaError(`公式引用了不存在的字段：${code}`);
  if (found.type === null) throw new FormulaError(`公式不能使用多值字段「${found.name}」`);
  scope.used.add(code);
  return { kind: 'field', type: found.type, code, label: `字段「${found.name}」` };
}

function requireType(node: Node, type: FormulaType, where: string, hint = '') {
  if (node.type !== type)
    throw new FormulaError(
      `${node.label}是${FORMULA_TYPE_LABELS[node.type]}，不能用于${where}（需要${FORMULA_TYPE_LABELS[type]}）${hint}`,
    );
}

// ————— evaluating —————

/**
 * Computes a checked formula. An empty input makes the result empty (as in SQL), except where
 * ifEmpty, isEmpty or concat read it; dividing by zero is empty too. Throws FormulaError when the
 * result cannot be stored (a number out of range, a day that does not exist).
 */
export function evaluateFormula(
  compiled: CompiledFormula,
  readField: (code: string) => FormulaValue,
): FormulaValue {
  const result = evaluate(compiled.root, readField);
  if (typeof result === 'number') {
    if (!Number.isFinite(result)) throw new FormulaError('计算结果超出数值范围');
    return tidy(result);
  }
  if (typeof result === 'string' && result.length > FORMULA_TEXT_MAX_LENGTH)
    throw new FormulaError(`计算结果不能超过${FORMULA_TEXT_MAX_LENGTH}个字符`);
  return result;
}

function evaluate(node: Node, readField: (code: string) => FormulaValue): FormulaValue {
  switch (node.kind) {
    case 'literal':
      return node.value;
    case 'field':
      return readField(node.code);
    case 'negate':
    case 'plus': {
      const value = evaluate(node.operand, readField);
      return value === null ? null : node.kind === 'negate' ? -Number(value) : Number(value);
    }
    case 'not': {
      const value = evaluate(node.operand, readField);
      return value === null ? null : !value;
    }
    case 'arithmetic': {
      const left = evaluate(node.left, readField);
      const right = evaluate(node.right, readField);
      if (left === null || right === null) return null;
      return arithmetic(node.operator, Number(left), Number(right));
    }
    case 'compare': {
      const left = evaluate(node.left, readField);
      const right = evaluate(node.right, readField);
      if (left === null || right === null) return null;
      return compare(node.operator, left, right);
    }
    case 'logical': {
      const left = evaluate(node.left, readField);
      if (node.operator === '&&' && left === false) return false;
      if (node.operator === '||' && left === true) return true;
      const right = evaluate(node.right, readField);
      if (left === null || right === null) return null;
      return right;
    }
    case 'conditional': {
      const test = evaluate(node.test, readField);
      if (test === null) return null;
      return evaluate(test ? node.then : node.otherwise, readField);
    }
    case 'call': {
      const args = node.args.map((arg) => evaluate(arg, readField));
      if (node.fn.emptyIn && args.some((arg) => arg === null)) return null;
      return node.fn.apply(args);
    }
  }
}

function arithmetic(operator: string, left: number, right: number): number | null {
  switch (operator) {
    case '+':
      return left + right;
    case '-':
      return left - right;
    case '*':
      return left * right;
    case '/':
      return right === 0 ? null : left / right;
    default:
      return right === 0 ? null : left % right;
  }
}

function compare(operator: string, left: FormulaValue, right: FormulaValue): boolean {
  // Same-typed operands only (checked): numbers compare as numbers, texts and YYYY-MM-DD days as text.
  const a = left as number | string;
  const b = right as number | string;
  switch (operator) {
    case '==':
      return a === b;
    case '!=':
      return a !== b;
    case '<':
      return a < b;
    case '>':
      return a > b;
    case '<=':
      return a <= b;
    default:
      return a >= b;
  }
}

// ————— a form's computed fields together —————

/** Prefixes a formula problem with the computed field it belongs to. */
export const computedFieldMessage = (name: string, problem: string) => `计算字段「${name}」：${problem}`;
export const computedCycleMessage = (names: readonly string[]) =>
  `计算字段之间存在循环引用：${names.join(' → ')}`;
export const computedTypeMismatchMessage = (resultType: FormulaType, declared: FormulaType) =>
  `公式的结果是${FORMULA_TYPE_LABELS[resultType]}，与字段类型（计算字段·${FORMULA_TYPE_LABELS[declared]}）不符`;

/**
 * Compiles every computed field of a form; the problems (each naming its field) and the compiled
 * formulas of those that have none.
 */
export function compileComputedFields(
  computed: readonly ComputedField[],
  fields: ReadonlyMap<string, FormulaField>,
): { compiled: Map<string, CompiledFormula>; problems: string[] } {
  const compiled = new Map<string, CompiledFormula>();
  const problems: string[] = [];
  for (const one of computed) {
    try {
      const formula = compileFormula(one.formula, fields);
      if (formula.type !== one.resultType)
        throw new FormulaError(computedTypeMismatchMessage(formula.type, one.resultType));
      compiled.set(one.code, formula);
    } catch (error) {
      if (!(error instanceof FormulaError)) throw error;
      problems.push(computedFieldMessage(one.name, error.message));
    }
  }
  const cycle = findCycle(computed, compiled);
  if (cycle) problems.push(computedCycleMessage(cycle));
  return { compiled, problems };
}

/** The names along the first cycle among computed fields (first name repeated at the end), or null. */
function findCycle(
  computed: readonly ComputedField[],
  compiled: ReadonlyMap<string, CompiledFormula>,
): string[] | null {
  const byCode = new Map(computed.map((one) => [one.code, one]));
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (code: string): string[] | null => {
    const at = path.indexOf(code);
    if (at >= 0) return [...path.slice(at), code].map((one) => byCode.get(one)?.name ?? one);
    if (done.has(code)) return null;
    path.push(code);
    for (const next of compiled.get(code)?.fields ?? []) {
      if (!byCode.has(next)) continue;
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    done.add(code);
    return null;
  };
  for (const one of computed) {
    const cycle = visit(one.code);
    if (cycle) return cycle;
  }
  return null;
}

/**
 * Computes a form's computed fields from the other values, each after the computed fields it reads.
 * A field whose formula has a problem, or that reads a field in `failed` (a value refused by its own
 * check), gets no value; problems come back by code, each message naming its field.
 */
export function computeFields(
  computed: readonly ComputedField[],
  fields: ReadonlyMap<string, FormulaField>,
  inputs: Readonly<Record<string, FormulaValue | undefined>>,
  failed: ReadonlySet<string> = new Set(),
): { values: Record<string, FormulaValue>; errors: Record<string, string> } {
  const { compiled, problems } = compileComputedFields(computed, fields);
  // Maps, not objects: a code is only ever a Map key here, never a property name.
  const values = new Map<string, FormulaValue>();
  const errors: Record<string, string> = {};
  if (problems.length) {
    // A form that reached a save with a broken formula (a definition published before a check
    // existed) refuses the save under each computed field rather than storing a wrong value.
    for (const one of computed) errors[one.code] = problems[0] as string;
    return { values: {}, errors };
  }
  const pending = new Map(computed.map((one) => [one.code, one]));
  const blocked = new Set(failed);
  const readField = (code: string): FormulaValue =>
    values.has(code)
      ? (values.get(code) as FormulaValue)
      : Object.hasOwn(inputs, code)
        ? (inputs[code] ?? null)
        : null;
  // No cycles (checked above), so each round settles at least one field.
  while (pending.size) {
    for (const [code, one] of pending) {
      const formula = compiled.get(code) as CompiledFormula;
      if ([...formula.fields].some((used) => pending.has(used))) continue;
      pending.delete(code);
      if ([...formula.fields].some((used) => blocked.has(used))) {
        blocked.add(code);
        continue;
      }
      try {
        values.set(code, evaluateFormula(formula, readField));
      } catch (error) {
        if (!(error instanceof FormulaError)) throw error;
        errors[code] = computedFieldMessage(one.name, error.message);
        blocked.add(code);
      }
    }
  }
  return { values: Object.fromEntries(values), errors };
}
