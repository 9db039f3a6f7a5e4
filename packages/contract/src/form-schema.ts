import { z } from 'zod';
import {
  type ComputedField,
  compileComputedFields,
  computeFields,
  type FormulaField,
  type FormulaType,
  type FormulaValue,
} from './computed-formula.ts';
import { MULTI_VALUE_JOINS } from './constants.ts';

/**
 * The form schema ("Option", "Item types"): what the builder
 * defines for a node and what the one form renderer draws. The same validation runs in the browser
 * and on the server (docs/architecture.md, "One validation"), so it lives here, free of any UI or database code.
 */

export const FORM_ITEM_TYPES = [
  'text',
  'textarea',
  'number',
  'input-number',
  'read-text',
  'select-filter',
  'sex',
  'switch',
  'switch-1',
  'switch-2',
  'y_n_ent',
  'datetime',
  'date',
  'daterange',
  'radio',
  'checkbox',
  'select',
  'filter-select',
  'select-link',
  'select-m',
  'select-edit',
  'select-multiple',
  'cascader',
  'cascader-1',
  'cascader-2',
  'cascader-3',
  'transfer',
  'transfer-1',
  'editor',
  'computed-number',
  'computed-date',
  'computed-text',
] as const;
export const FormItemTypeSchema = z.enum(FORM_ITEM_TYPES, '请选择字段类型');
export type FormItemType = z.infer<typeof FormItemTypeSchema>;

/** Chinese names of the item types, for the builder's type picker. */
export const FORM_ITEM_TYPE_LABELS: Record<FormItemType, string> = {
  text: '单行文本',
  textarea: '多行文本',
  number: '数字',
  'input-number': '整数（最小1）',
  'read-text': '只读文本',
  'select-filter': '可搜索下拉',
  sex: '性别',
  switch: '开关',
  'switch-1': '开关（控制下级字段）',
  'switch-2': '开关（是/否）',
  y_n_ent: '是否',
  datetime: '日期时间',
  date: '日期',
  daterange: '日期范围',
  radio: '单选',
  checkbox: '多选框',
  select: '下拉选择',
  'filter-select': '过滤下拉',
  'select-link': '联动下拉',
  'select-m': '多选下拉',
  'select-edit': '可输入下拉',
  'select-multiple': '多选下拉（标签）',
  cascader: '级联选择',
  'cascader-1': '级联选择（一级）',
  'cascader-2': '级联选择（二级）',
  'cascader-3': '级联选择（三级）',
  transfer: '穿梭框',
  'transfer-1': '穿梭框（单向）',
  editor: '富文本',
  'computed-number': '计算字段（数字）',
  'computed-date': '计算字段（日期）',
  'computed-text': '计算字段（文本）',
};

/**
 * How a type's value is held: on the wire multi-values are joined strings (the specification: date range
 * by comma, cascader by slash, multi-select by semicolon); in the database they are native arrays.
 */
export type ValueKind =
  | 'text'
  | 'number'
  | 'integer'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'daterange'
  | 'multi'
  | 'path';

export const VALUE_KIND_OF: Record<FormItemType, ValueKind> = {
  text: 'text',
  textarea: 'text',
  number: 'number',
  'input-number': 'integer',
  'read-text': 'text',
  'select-filter': 'text',
  sex: 'text',
  switch: 'boolean',
  'switch-1': 'boolean',
  'switch-2': 'boolean',
  y_n_ent: 'text',
  datetime: 'datetime',
  date: 'date',
  daterange: 'daterange',
  radio: 'text',
  checkbox: 'multi',
  select: 'text',
  'filter-select': 'text',
  'select-link': 'text',
  'select-m': 'multi',
  'select-edit': 'text',
  'select-multiple': 'multi',
  cascader: 'path',
  'cascader-1': 'path',
  'cascader-2': 'path',
  'cascader-3': 'path',
  transfer: 'multi',
  'transfer-1': 'multi',
  editor: 'text',
  'computed-number': 'number',
  'computed-date': 'date',
  'computed-text': 'text',
};

/**
 * Computed fields (decision 0017): the server computes their value from the record's other fields
 * with the item's formula on every save; a value the client sends for them is ignored. The type
 * names the result, and so the column: a formula is checked against it, never the reverse.
 */
export const COMPUTED_RESULT_TYPES = {
  'computed-number': 'number',
  'computed-date': 'date',
  'computed-text': 'text',
} as const satisfies Partial<Record<FormItemType, FormulaType>>;
export type ComputedItemType = keyof typeof COMPUTED_RESULT_TYPES;
export const isComputedType = (type: FormItemType): type is ComputedItemType =>
  Object.hasOwn(COMPUTED_RESULT_TYPES, type);

/** Types whose value must be one of the item's options (select-edit and the free types excepted). */
export const OPTION_TYPES: readonly FormItemType[] = [
  'select-filter',
  'radio',
  'checkbox',
  'select',
  'filter-select',
  'select-link',
  'select-m',
  'select-multiple',
  'cascader',
  'cascader-1',
  'cascader-2',
  'cascader-3',
  'transfer',
  'transfer-1',
];
/**
 * Types that offer a list of options: the option types, and select-edit, whose list only suggests
 * (free text stays allowed, so its value is not checked against the list).
 */
export const OPTION_LIST_TYPES: readonly FormItemType[] = [...OPTION_TYPES, 'select-edit'];
/**
 * selectMode values that mount the qualification picker: one record (a radio, e.g.
 * xmName) or several.
 */
export const PICKER_SELECT_MODES = { picker: 'single', 'picker-multiple': 'multiple' } as const;
export const isPickerItem = (item: Pick<FormItem, 'selectMode'>) =>
  Object.hasOwn(PICKER_SELECT_MODES, item.selectMode);
/**
 * Types a picker may fill: free text. A pick is another record's value (its bianma or business id),
 * never one of the item's options, and several picks are joined by ';' as a multi-select's are.
 */
export const PICKER_ITEM_TYPES: readonly FormItemType[] = ['text', 'textarea', 'read-text', 'select-edit'];
export const PICKER_TYPE_MESSAGE = '选择器只能用于文本、多行文本、只读文本或下拉可输入字段';
/** Types with a fixed option set the platform supplies. */
export const FIXED_OPTIONS: Partial<Record<FormItemType, readonly string[]>> = {
  sex: ['男', '女'],
  y_n_ent: ['是', '否'],
};

/** An option: cascades nest through children. */
export type FormOption = {
  label: string;
  value: string;
  children?: FormOption[];
  isDisabled?: boolean;
  curInfo?: string;
  rangeKey?: string;
  fullName?: string;
};
export const FormOptionSchema: z.ZodType<FormOption> = z.lazy(() =>
  z.object({
    label: z.string().max(100, '选项名称不能超过100个字符'),
    value: z.string().max(100, '选项值不能超过100个字符'),
    children: z.array(FormOptionSchema).max(500, '下级选项不能超过500个').optional(),
    isDisabled: z.boolean().optional(),
    curInfo: z.string().optional(),
    rangeKey: z.string().optional(),
    fullName: z.string().optional(),
  }),
);

/**
 * Where an item's options come from: its own list, a dictionary (dic pull-down), a value range of
 * another field (/ks/node/field/value-range), or another node's records (pull-down).
 */
export const OptionSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('static') }),
  z.object({ kind: z.literal('dictionary'), code: z.string().min(1, '请选择字典') }),
  z.object({ kind: z.literal('value-range'), code: z.string().min(1, '请选择值域') }),
]);
export type OptionSource = z.infer<typeof OptionSourceSchema>;

/**
 * A field code becomes a column name, so it is strict: lower-case letter first, then lower-case
 * letters, digits or underscores, at most 40 characters, and none of the record envelope's names.
 */
export const FIELD_CODE_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;
export const RECORD_ENVELOPE_COLUMNS = [
  'id',
  'business_id',
  'owner_user_id',
  'owner_enterprise_id',
  'status',
  'audit_state',
  'schema_version',
  'submitted_at',
  'confirmed_at',
  'created_at',
  'updated_at',
  'version',
  'deleted_at',
] as const;
export const FieldCodeSchema = z
  .string()
  .trim()
  .regex(FIELD_CODE_PATTERN, '字段编码须以小写字母开头，由小写字母、数字或下划线组成，最多40个字符')
  .refine(
    (code) => !(RECORD_ENVELOPE_COLUMNS as readonly string[]).includes(code),
    '该字段编码为平台保留字段，请换一个编码',
  );

/** required: '1' or '2' means required; '0' not required. */
export const REQUIRED_VALUES = ['0', '1', '2'] as const;

/** One item of a node's form. */
export const FormItemSchema = z.object({
  code: FieldCodeSchema,
  /** Value key: the code of the value an option-type item stores (defaults to code). */
  bianma: z.string().max(40, '值编码不能超过40个字符').default(''),
  name: z.string().trim().min(1, '请输入字段名称').max(40, '字段名称不能超过40个字符'),
  type: FormItemTypeSchema,
  show: z.boolean().default(true),
  required: z.enum(REQUIRED_VALUES, '必填标记只能为0、1或2').default('0'),
  /** Grid columns (of 24) the item spans. */
  col: z.number().int().min(1, '栅格宽度在1到24之间').max(24, '栅格宽度在1到24之间').default(12),
  options: z
    .object({
      list: z.array(FormOptionSchema).max(2000, '选项不能超过2000个').default([]),
      labelKey: z.string().default('label'),
      valueKey: z.string().default('value'),
    })
    .optional(),
  source: OptionSourceSchema.default({ kind: 'static' }),
  /** Comma-separated codes of the items this one depends on (its options reload when they change). */
  parentNode: z.string().max(200).default(''),
  /** Comma-separated codes a switch-1 toggles, or a select's dependent children. */
  childNode: z.string().max(400).default(''),
  /** Items with the same group number render together; a group containing '_x' needs its parent filled first. */
  groupNumber: z.string().max(40).default(''),
  regex: z.string().max(300, '正则表达式不能超过300个字符').default(''),
  /** The prompt shown while a typed value does not match regex. */
  showPrompt: z.string().max(100).default(''),
  curInfo: z.string().max(200).default(''),
  selectMode: z.string().max(20).default(''),
  readonly: z.boolean().default(false),
  tips: z.string().max(200).default(''),
  /** Maximum length of a text value; 0 means the type's own limit. */
  length: z.number().int().min(0).max(100000).default(0),
  /** Placeholder. */
  prompt: z.string().max(100).default(''),
  /** Earliest and latest dates a date picker allows (YYYY-MM-DD), empty for none. */
  minDate: z.string().default(''),
  maxDate: z.string().default(''),
  /** A computed item's formula (computed-formula.ts); the length limit with the item's name is checked there. */
  formula: z.string().max(10000, '计算公式过长').default(''),
  /**
   * A number item's highest value (a credit item's highest score): a change request may not go
   * above it nor below 0. Absent: unbounded.
   */
  max: z.number('最高分须为数字').finite().min(0, '最高分不能为负数').optional(),
});
export type FormItem = z.infer<typeof FormItemSchema>;
export type FormItemInput = z.input<typeof FormItemSchema>;

export const FormGroupSchema = z.object({
  groupNumber: z.string().min(1, '请输入分组编号').max(40),
  name: z.string().trim().min(1, '请输入分组名称').max(40, '分组名称不能超过40个字符'),
});
export type FormGroup = z.infer<typeof FormGroupSchema>;

/** Default maximum length of text values when an item sets none. */
export const TEXT_MAX_LENGTH = { text: 200, textarea: 2000, editor: 200000 } as const;

// ————— messages —————
export const requiredMessage = (name: string) => `${name}必填`;
export const toggledRequiredMessage = (name: string) => `请选择${name}`;
export const PARENT_FIRST_MESSAGE = '请先输入或选择上级条件后查询！';
export const DATE_FORMAT_MESSAGE = '日期格式错误，请重新输入';
export const tooLongMessage = (name: string, max: number) => `${name}不能超过${max}个字符`;
export const regexMessage = (item: Pick<FormItem, 'name' | 'showPrompt'>) =>
  item.showPrompt || `${item.name}格式不正确`;
export const numberMessage = (name: string) => `${name}须为数字`;
export const INPUT_NUMBER_MESSAGE = (name: string) => `${name}须为不小于1的整数`;
/** The largest input-number: its column is a PostgreSQL integer (4 bytes). */
export const INPUT_NUMBER_MAX = 2147483647;
export const inputNumberMaxMessage = (name: string) => `${name}不能大于${INPUT_NUMBER_MAX}`;
export const optionMessage = (name: string) => `${name}的选项无效，请重新选择`;
export const dateOutOfRangeMessage = (name: string) => `${name}不在可选日期范围内`;
export const rangeOrderMessage = (name: string) => `${name}的结束日期不能早于开始日期`;
export const beforeParentDateMessage = (name: string, parentName: string) => `${name}不能早于${parentName}`;
/** The builder's date limits (minDate/maxDate): what the date picker and the range check can read. */
export const dateLimitMessage = (label: string) => `${label}须为YYYY-MM-DD格式的有效日期，如2024-01-01`;
export const DATE_LIMIT_ORDER_MESSAGE = '最早日期不能晚于最晚日期';

/**
 * The day a date item may not go before (the specification: an end-date picker disables dates before its
 * parent date): its parent's, when the parent is a date or date-time item holding one.
 */
export function parentDayOf(
  item: FormItem,
  byCode: ReadonlyMap<string, FormItem>,
  values: Record<string, NativeValue | undefined>,
): { day: string; parent: FormItem } | null {
  const [parentCode] = parentsOf(item);
  const parent = parentCode === undefined ? undefined : byCode.get(parentCode);
  const value = parentCode === undefined ? undefined : values[parentCode];
  if (!parent || typeof value !== 'string') return null;
  const kind = VALUE_KIND_OF[parent.type];
  if ((kind !== 'date' && kind !== 'datetime') || !DATE_PATTERN.test(value.slice(0, 10))) return null;
  return { day: value.slice(0, 10), parent };
}

// ————— wire values —————
/** A value as the API carries it: multi-values joined, switches as booleans. */
export type WireValue = string | number | boolean | null;
export type WireRecord = Record<string, WireValue>;
/** A value as the form and database hold it: multi-values as arrays. */
export type NativeValue = string | number | boolean | string[] | null;

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/**
 * Hours 00-23, minutes and seconds 00-59, as the form's picker accepts them: the timestamptz column
 * refuses '24:30' or '10:75', and a save must answer the field's message, not fail in the database.
 */
const DATETIME_PATTERN = /^\d{4}-\d{2}-\d{2}[ T]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
/**
 * Number text as the numeric and integer columns read it. Number() also takes '0x10', '0b1' and a
 * blank, which a column cast may refuse; an integer column refuses '1.0' and '1e3' outright.
 */
const DECIMAL_TEXT = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;
const INTEGER_TEXT = /^\s*[+-]?\d+\s*$/;

export function joinOf(kind: ValueKind): string | null {
  if (kind === 'daterange') return MULTI_VALUE_JOINS.daterange;
  if (kind === 'path') return MULTI_VALUE_JOINS.cascader;
  if (kind === 'multi') return MULTI_VALUE_JOINS.multiSelect;
  return null;
}

/**
 * Why an option value cannot be stored, or null. A value holding a wire join character would split
 * apart when a multi-select (;) or cascader (/) value is read back, and outer spaces are trimmed
 * then: the form would accept a choice the server refuses.
 */
export function optionValueProblem(value: string): string | null {
  if (Object.values(MULTI_VALUE_JOINS).some((join) => value.includes(join)))
    return optionValueJoinMessage(value);
  if (value !== value.trim()) return optionValueSpaceMessage(value);
  return null;
}
export const optionValueJoinMessage = (value: string) => `选项值「${value}」不能包含分号、斜杠或逗号`;
export const optionValueSpaceMessage = (value: string) => `选项值「${value}」不能以空格开头或结尾`;

/** The first unstorable value of an option tree (optionValueProblem), or null. */
export function optionTreeProblem(options: readonly Pick<FormOption, 'value' | 'children'>[]): string | null {
  for (const option of options) {
    const problem = optionValueProblem(option.value) ?? optionTreeProblem(option.children ?? []);
    if (problem) return problem;
  }
  return null;
}

/** Joins an array value for the wire; other values pass through. */
export function toWire(type: FormItemType, value: NativeValue | undefined): WireValue {
  if (value === undefined || value === null) return null;
  const join = joinOf(VALUE_KIND_OF[type]);
  if (join && Array.isArray(value)) return value.join(join);
  return Array.isArray(value) ? value.join(';') : value;
}

/** Splits a wire value into the native form of its type ('' and null become null). */
export function fromWire(type: FormItemType, value: WireValue | undefined): NativeValue {
  if (value === undefined || value === null || value === '') return null;
  const kind = VALUE_KIND_OF[type];
  const join = joinOf(kind);
  if (join) {
    const parts = String(value)
      .split(join)
      .map((part) => part.trim())
      .filter((part) => part !== '');
    return parts.length ? parts : null;
  }
  return value;
}

export const isEmptyValue = (value: NativeValue | undefined) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

const splitCodes = (codes: string) =>
  codes
    .split(',')
    .map((code) => code.trim())
    .filter(Boolean);

/** The codes a switch-1 item toggles. */
export const toggledChildren = (item: Pick<FormItem, 'childNode'>) => splitCodes(item.childNode);
/** The codes an item depends on. */
export const parentsOf = (item: Pick<FormItem, 'parentNode'>) => splitCodes(item.parentNode);

/** Kinds whose value names no option: a date, a range of dates, a switch. */
const KEYLESS_KINDS: readonly ValueKind[] = ['boolean', 'date', 'datetime', 'daterange'];

/**
 * Whether a parent of this type keys its children's options (the specification: changing a parent select or
 * cascader reloads the child options; '请先输入或选择上级条件后查询！': the condition is entered or
 * chosen, so a typed text or number keys them too). A date, a switch or rich text keys none: its
 * children keep their values when it changes (a date child checks itself against a date parent).
 */
export const keysChildOptions = (type: FormItemType) =>
  type !== 'editor' && !KEYLESS_KINDS.includes(VALUE_KIND_OF[type]);

/**
 * The parent whose value an item's options hang under, or null: its first parent (the one the
 * pull-down is asked with), when the item offers options and that parent keys them.
 */
export function optionParentOf(
  item: Pick<FormItem, 'type' | 'parentNode'>,
  byCode: ReadonlyMap<string, FormItem>,
): FormItem | null {
  if (!OPTION_LIST_TYPES.includes(item.type)) return null;
  const [parentCode] = parentsOf(item);
  const parent = parentCode === undefined ? undefined : byCode.get(parentCode);
  return parent && keysChildOptions(parent.type) ? parent : null;
}

/**
 * Which items are in play for these values: shown by the schema and, for children of a switch-1,
 * only while the switch is on. Hidden means absent: hidden items are neither validated nor saved.
 */
export function visibleItems(
  items: readonly FormItem[],
  values: Record<string, NativeValue | undefined>,
): {
  visible: FormItem[];
  toggledOn: Set<string>;
} {
  const toggledOff = new Set<string>();
  const toggledOn = new Set<string>();
  for (const item of items) {
    if (item.type !== 'switch-1') continue;
    const on = values[item.code] === true;
    for (const child of toggledChildren(item)) (on ? toggledOn : toggledOff).add(child);
  }
  const visible = items.filter(
    (item) => (item.show || toggledOn.has(item.code)) && !toggledOff.has(item.code),
  );
  return { visible, toggledOn };
}

/** Collects an option tree's values (cascades: every path of values from the root). */
function optionAllows(options: readonly FormOption[], value: string | string[], kind: ValueKind): boolean {
  if (kind === 'path') {
    const path = Array.isArray(value) ? value : [value];
    let level: readonly FormOption[] | undefined = options;
    for (const step of path) {
      const found: FormOption | undefined = level?.find((option) => option.value === step);
      if (!found || found.isDisabled) return false;
      level = found.children;
    }
    return true;
  }
  const allowed = new Set(options.filter((option) => !option.isDisabled).map((option) => option.value));
  return (Array.isArray(value) ? value : [value]).every((one) => allowed.has(one));
}

export type ValidationContext = {
  /** Options of items whose source is not static (dictionaries, value ranges), resolved by the caller. */
  optionsOf?: (item: FormItem) => readonly FormOption[] | undefined;
  /** The whole record being checked: a child field offers the options under its parent's value. */
  record?: { byCode: ReadonlyMap<string, FormItem>; values: Record<string, NativeValue | undefined> };
};

/** The option a value chose: a cascader's path walked from the root, a single value found anywhere. */
export function chosenOption(
  options: readonly FormOption[],
  value: string | string[],
): FormOption | undefined {
  if (Array.isArray(value)) {
    let level: readonly FormOption[] | undefined = options;
    let found: FormOption | undefined;
    for (const step of value) {
      found = level?.find((option) => option.value === step);
      level = found?.children;
    }
    return found;
  }
  for (const option of options) {
    if (option.value === value) return option;
    const inner = option.children ? chosenOption(option.children, value) : undefined;
    if (inner) return inner;
  }
  return undefined;
}

/**
 * Whether a parent's array value is one path (a cascader's) rather than several chosen values
 * (select-m, checkbox, select-multiple, transfer). Without the parent's type an array is read as a
 * path, as callers did before the type was passed.
 */
const isPathValue = (parentType: FormItemType | undefined) =>
  parentType === undefined || VALUE_KIND_OF[parentType] === 'path';

/** Options of several lists, each value once (the first list's option wins). */
function unionOf(lists: readonly (readonly FormOption[])[]): FormOption[] {
  const byValue = new Map<string, FormOption>();
  for (const list of lists)
    for (const option of list) if (!byValue.has(option.value)) byValue.set(option.value, option);
  return [...byValue.values()];
}

/**
 * The options a child field offers while its parent holds `parentValue` (the specification: changing a
 * parent select or cascader reloads the child's options), as the pull-down answers them and a save
 * is checked against them: the children of the parent's chosen option; else the child's own options
 * tagged with that value (rangeKey); else `otherwise` (the child's own list). A parent holding
 * several values (a multi-choice `parentType`) offers what each of them offers, together.
 */
export function optionsUnder(
  own: readonly FormOption[],
  parentOptions: readonly FormOption[],
  parentValue: string | string[],
  otherwise: readonly FormOption[] = own,
  parentType?: FormItemType,
): readonly FormOption[] {
  if (Array.isArray(parentValue) && !isPathValue(parentType)) {
    return unionOf(parentValue.map((one) => optionsUnder(own, parentOptions, one, otherwise)));
  }
  const chosen = chosenOption(parentOptions, parentValue);
  if (chosen?.children?.length) return chosen.children;
  const key = Array.isArray(parentValue) ? parentValue.join(MULTI_VALUE_JOINS.cascader) : parentValue;
  if (own.some((option) => option.rangeKey)) return own.filter((option) => option.rangeKey === key);
  return otherwise;
}

const ownOptions = (item: FormItem, context: ValidationContext) =>
  item.source.kind === 'static' ? item.options?.list : context.optionsOf?.(item);

/**
 * The children of the option(s) a parent's value chose: a path's last step, or each of several
 * chosen values (undefined when any chosen option has no children: nothing narrows it).
 */
function childrenChosen(
  parentOptions: readonly FormOption[],
  parentValue: string | string[],
  parentType: FormItemType,
): readonly FormOption[] | undefined {
  if (!Array.isArray(parentValue) || isPathValue(parentType))
    return chosenOption(parentOptions, parentValue)?.children;
  const lists = parentValue.map((one) => chosenOption(parentOptions, one)?.children);
  return lists.every((list) => list !== undefined) ? unionOf(lists as FormOption[][]) : undefined;
}

/** What an option item may hold: its own options, narrowed by its parent's value within a record. */
function offeredOptions(item: FormItem, context: ValidationContext): readonly FormOption[] | undefined {
  const own = ownOptions(item, context);
  const parent = context.record ? optionParentOf(item, context.record.byCode) : null;
  const parentValue = parent ? context.record?.values[parent.code] : undefined;
  if (!parent || isEmptyValue(parentValue)) return own;
  const parentOptions = ownOptions(parent, context);
  if (!parentOptions) return own;
  const value = Array.isArray(parentValue) ? parentValue : String(parentValue);
  // A child without a list of its own offers what the parent's chosen option holds, if anything.
  return own
    ? optionsUnder(own, parentOptions, value, own, parent.type)
    : childrenChosen(parentOptions, value, parent.type);
}

/** Checks one in-play item's value; returns the message for it, or null. */
export function validateItem(
  item: FormItem,
  value: NativeValue | undefined,
  required: boolean,
  requiredText: string,
  context: ValidationContext = {},
): string | null {
  if (isEmptyValue(value)) return required ? requiredText : null;
  const kind = VALUE_KIND_OF[item.type];
  switch (kind) {
    case 'text': {
      if (typeof value !== 'string') return requiredText;
      const max =
        item.length || TEXT_MAX_LENGTH[item.type as keyof typeof TEXT_MAX_LENGTH] || TEXT_MAX_LENGTH.text;
      if (value.length > max) return tooLongMessage(item.name, max);
      // An invalid developer pattern checks nothing (schemaProblems reports it to the builder).
      const pattern = item.regex ? safeRegex(item.regex) : null;
      if (pattern && !pattern.test(value)) return regexMessage(item);
      const fixed = FIXED_OPTIONS[item.type];
      if (fixed && !fixed.includes(value)) return optionMessage(item.name);
      break;
    }
    case 'number': {
      const number = typeof value === 'number' ? value : Number(value);
      if (typeof value === 'boolean' || Array.isArray(value) || !Number.isFinite(number)) {
        return numberMessage(item.name);
      }
      if (typeof value === 'string' && !DECIMAL_TEXT.test(value)) return numberMessage(item.name);
      break;
    }
    case 'integer': {
      const number = typeof value === 'number' ? value : Number(value);
      if (typeof value === 'boolean' || Array.isArray(value) || !Number.isInteger(number) || number < 1) {
        return INPUT_NUMBER_MESSAGE(item.name);
      }
      if (typeof value === 'string' && !INTEGER_TEXT.test(value)) return INPUT_NUMBER_MESSAGE(item.name);
      if (number > INPUT_NUMBER_MAX) return inputNumberMaxMessage(item.name);
      break;
    }
    case 'boolean':
      if (typeof value !== 'boolean') return optionMessage(item.name);
      // A required switch must be on (a checked confirmation). switch-2 asks 是/否 instead: 否 is an
      // answer, so required there only means answered (the empty check above).
      if (required && value === false && item.type !== 'switch-2') return requiredText;
      break;
    case 'date':
    case 'datetime': {
      if (typeof value !== 'string') return DATE_FORMAT_MESSAGE;
      const pattern = kind === 'date' ? DATE_PATTERN : DATETIME_PATTERN;
      if (!pattern.test(value) || !isRealDate(value.slice(0, 10))) return DATE_FORMAT_MESSAGE;
      if (outOfRange(item, value.slice(0, 10))) return dateOutOfRangeMessage(item.name);
      const after = context.record && parentDayOf(item, context.record.byCode, context.record.values);
      if (after && value.slice(0, 10) < after.day)
        return beforeParentDateMessage(item.name, after.parent.name);
      break;
    }
    case 'daterange': {
      if (!Array.isArray(value) || value.length !== 2) return DATE_FORMAT_MESSAGE;
      const [start, end] = value as [string, string];
      // Whole days only: the date[] column refuses anything after the day ('2024-01-01x').
      if (
        ![start, end].every((day) => typeof day === 'string' && DATE_PATTERN.test(day) && isRealDate(day))
      ) {
        return DATE_FORMAT_MESSAGE;
      }
      if (end < start) return rangeOrderMessage(item.name);
      if (outOfRange(item, start) || outOfRange(item, end)) {
        return dateOutOfRangeMessage(item.name);
      }
      break;
    }
    case 'multi':
    case 'path':
      if (!Array.isArray(value) || value.some((one) => typeof one !== 'string'))
        return optionMessage(item.name);
      break;
  }
  if (OPTION_TYPES.includes(item.type)) {
    const options = offeredOptions(item, context);
    // Options from a source the caller could not resolve are not checked here (the caller says so).
    if (options && !optionAllows(options, value as string | string[], kind)) return optionMessage(item.name);
  }
  return null;
}

/**
 * Validates a whole record against the schema: the answer is the `{field: message}` map the form
 * places under each field (empty when valid), and the values cleaned of every hidden item.
 */
export function validateRecord(
  items: readonly FormItem[],
  values: Record<string, NativeValue | undefined>,
  context: ValidationContext = {},
): { errors: Record<string, string>; clean: Record<string, NativeValue> } {
  const { visible, toggledOn } = visibleItems(items, values);
  const errors: Record<string, string> = {};
  const clean: Record<string, NativeValue> = {};
  const inRecord = {
    ...context,
    record: { byCode: new Map(items.map((item) => [item.code, item])), values },
  };
  for (const item of visible) {
    if (isComputedType(item.type)) continue;
    const value = values[item.code];
    const toggled = toggledOn.has(item.code);
    const required = toggled || item.required === '1' || item.required === '2';
    const requiredText = toggled ? toggledRequiredMessage(item.name) : requiredMessage(item.name);
    const message = validateItem(item, value, required, requiredText, inRecord);
    if (message) {
      errors[item.code] = message;
      continue;
    }
    // An option child whose options hang under an empty parent has nothing its value could be one
    // of (请先输入或选择上级条件后查询！). Any other child stands on its own: an end date
    // may be filled while its optional start date is not.
    const optionParent = OPTION_TYPES.includes(item.type)
      ? optionParentOf(item, inRecord.record.byCode)
      : null;
    if (optionParent && !isEmptyValue(value) && isEmptyValue(values[optionParent.code])) {
      errors[item.code] = PARENT_FIRST_MESSAGE;
      continue;
    }
    clean[item.code] = isEmptyValue(value) ? null : (value as NativeValue);
  }
  const computed = computeFields(
    visible.filter((item) => isComputedType(item.type)).map(computedFieldOf),
    formulaFieldsOf(items),
    Object.fromEntries(items.map((item) => [item.code, formulaValueOf(item, clean[item.code])])),
    new Set(Object.keys(errors)),
  );
  Object.assign(errors, computed.errors);
  for (const [code, value] of Object.entries(computed.values)) clean[code] = value === '' ? null : value;
  return { errors, clean };
}

// ————— computed fields —————
const FORMULA_TYPE_OF_KIND: Record<ValueKind, FormulaType | null> = {
  text: 'text',
  number: 'number',
  integer: 'number',
  boolean: 'boolean',
  date: 'date',
  datetime: 'date',
  daterange: null,
  multi: null,
  path: null,
};

/** The fields a formula of this form may name, by code. */
export function formulaFieldsOf(items: readonly FormItem[]): Map<string, FormulaField> {
  return new Map(
    items.map((item) => [
      item.code,
      { code: item.code, name: item.name, type: FORMULA_TYPE_OF_KIND[VALUE_KIND_OF[item.type]] },
    ]),
  );
}

export const computedFieldOf = (item: FormItem): ComputedField => ({
  code: item.code,
  name: item.name,
  formula: item.formula,
  resultType: COMPUTED_RESULT_TYPES[item.type as ComputedItemType],
});

/** A checked value as a formula reads it: numbers as numbers, a date-time as its day. */
function formulaValueOf(item: FormItem, value: NativeValue | undefined): FormulaValue {
  if (value === undefined || value === null || Array.isArray(value)) return null;
  const type = FORMULA_TYPE_OF_KIND[VALUE_KIND_OF[item.type]];
  if (type === 'number') return Number(value);
  if (type === 'date') return String(value).slice(0, 10);
  return type === null ? null : value;
}

/** The problems of a form's computed fields (formulas, types, cycles), each naming its field. */
export function computedItemProblems(items: readonly FormItem[]): string[] {
  const computed = items.filter((item) => isComputedType(item.type)).map(computedFieldOf);
  return computed.length ? compileComputedFields(computed, formulaFieldsOf(items)).problems : [];
}

/** Converts a wire record to native values by the schema; unknown keys are dropped. */
export function recordFromWire(items: readonly FormItem[], record: Record<string, unknown>) {
  const values: Record<string, NativeValue> = {};
  for (const item of items) {
    const raw = record[item.code];
    if (raw === undefined) continue;
    values[item.code] =
      typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean' || raw === null
        ? fromWire(item.type, raw)
        : Array.isArray(raw)
          ? (raw.map(String) as string[])
          : null;
  }
  return values;
}

/** Converts native values back to the wire by the schema. */
export function recordToWire(items: readonly FormItem[], values: Record<string, NativeValue | undefined>) {
  const record: WireRecord = {};
  for (const item of items) {
    if (item.code in values) record[item.code] = toWire(item.type, values[item.code]);
  }
  return record;
}

function isRealDate(day: string) {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/**
 * Why an item's earliest or latest date cannot be used, and which of the two, or null: each is empty
 * or a real day written YYYY-MM-DD (the picker and the range check compare them as such text), and
 * the earliest is not after the latest.
 */
export function dateLimitProblem(
  item: Pick<FormItem, 'minDate' | 'maxDate'>,
): { field: 'minDate' | 'maxDate'; message: string } | null {
  const limits = [
    ['minDate', '最早日期'],
    ['maxDate', '最晚日期'],
  ] as const;
  for (const [field, label] of limits) {
    const day = item[field];
    if (day !== '' && !(DATE_PATTERN.test(day) && isRealDate(day)))
      return { field, message: dateLimitMessage(label) };
  }
  if (item.minDate && item.maxDate && item.minDate > item.maxDate)
    return { field: 'maxDate', message: DATE_LIMIT_ORDER_MESSAGE };
  return null;
}

function outOfRange(item: Pick<FormItem, 'minDate' | 'maxDate'>, day: string) {
  return (item.minDate !== '' && day < item.minDate) || (item.maxDate !== '' && day > item.maxDate);
}

/** A developer's regex compiled safely: an invalid pattern validates nothing rather than throwing. */
export function safeRegex(pattern: string): RegExp | null {
  try {
    return new RegExp(pattern);
  } catch {
    return null;
  }
}

/** Checks a schema as a whole: unique codes, parents and children that exist, valid regexes and date limits. */
export function schemaProblems(items: readonly FormItem[]): string[] {
  const problems: string[] = [];
  const codes = new Set<string>();
  for (const item of items) {
    if (codes.has(item.code)) problems.push(`字段编码重复：${item.code}`);
    codes.add(item.code);
  }
  for (const item of items) {
    if (item.regex && !safeRegex(item.regex)) problems.push(`${item.name}的正则表达式无效`);
    const options = item.source.kind === 'static' ? optionTreeProblem(item.options?.list ?? []) : null;
    if (options) problems.push(`${item.name}：${options}`);
    const limits = dateLimitProblem(item);
    if (limits) problems.push(`${item.name}：${limits.message}`);
    if (isPickerItem(item) && !PICKER_ITEM_TYPES.includes(item.type))
      problems.push(`${item.name}：${PICKER_TYPE_MESSAGE}`);
    for (const code of [...parentsOf(item), ...toggledChildren(item)]) {
      if (!codes.has(code)) problems.push(`${item.name}引用了不存在的字段：${code}`);
    }
  }
  problems.push(...computedItemProblems(items));
  return problems;
}
