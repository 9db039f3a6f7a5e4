import {
  AUDIT_STATE_LABELS,
  ENVELOPE_FILTER_KINDS,
  FILTER_IN_MAX_VALUES,
  FILTER_OPERATORS_BY_KIND,
  FILTER_TOO_DEEP_MESSAGE,
  FILTER_TOO_MANY_MESSAGE,
  FILTER_TREE_MAX_DEPTH,
  FILTER_TREE_MAX_NODES,
  FILTER_VALUE_MESSAGE,
  type FilterItemType,
  type FilterOperator,
  FilterOperatorSchema,
  type FilterScalar,
  type FilterTree,
  type FilterValue,
  type FormItem,
  MULTI_VALUE_JOINS,
  type NodeDefinition,
  RECORD_STATUS_LABELS,
  type SearchTag,
  SORT_FIELD_MESSAGE,
  SORTABLE_ENVELOPE_CODES,
  UNKNOWN_FIELD_MESSAGE,
  UNKNOWN_OPERATOR_MESSAGE,
  VALUE_KIND_OF,
  type ValueKind,
} from '@ks/contract';
import { type SQL, sql } from 'drizzle-orm';
import { fieldIdent } from '../../engine/node-tables.ts';
import { arrayLiteral, col } from '../../engine/record-store.ts';
import { badRequest } from '../../platform/errors.ts';

/**
 * The one place list filters become SQL (docs/architecture.md, "Filters and lists"): search-bar tags, filter-card values and
 * the JSON `where` tree. Every field is looked up in the node's published whitelist (form fields
 * and a few envelope columns) and every operator checked against the field's value kind before any
 * SQL exists; identifiers come from the whitelist, values are always bound parameters.
 */

export type FilterField = { code: string; name: string; kind: ValueKind; item: FormItem | null };
export type FieldWhitelist = Map<string, FilterField>;

const ENVELOPE_NAMES: Record<keyof typeof ENVELOPE_FILTER_KINDS, string> = {
  status: '状态',
  audit_state: '审核状态',
  business_id: '业务编号',
  created_at: '创建时间',
  updated_at: '修改时间',
  submitted_at: '提交时间',
  confirmed_at: '确认时间',
};
/** Wire spellings of envelope columns a client may use instead of the column names. */
const ENVELOPE_ALIASES: Record<string, keyof typeof ENVELOPE_FILTER_KINDS> = {
  auditState: 'audit_state',
  businessId: 'business_id',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  submittedAt: 'submitted_at',
  confirmedAt: 'confirmed_at',
};

/** The fields a node's filters and sorts may name: its published form items and the envelope. */
export function fieldWhitelist(items: readonly FormItem[]): FieldWhitelist {
  const fields: FieldWhitelist = new Map();
  for (const [code, kind] of Object.entries(ENVELOPE_FILTER_KINDS)) {
    fields.set(code, { code, name: ENVELOPE_NAMES[code as keyof typeof ENVELOPE_NAMES], kind, item: null });
  }
  for (const item of items) {
    fields.set(item.code, { code: item.code, name: item.name, kind: VALUE_KIND_OF[item.type], item });
  }
  return fields;
}

/** Looks a client-named field up in the whitelist; anything else is refused by name. */
export function fieldOf(fields: FieldWhitelist, name: unknown): FilterField {
  const key = typeof name === 'string' ? (ENVELOPE_ALIASES[name] ?? name) : '';
  const field = fields.get(key);
  if (!field) throw badRequest(UNKNOWN_FIELD_MESSAGE(String(name).slice(0, 40)));
  return field;
}

// ————— values —————
const INT4_MAX = 2_147_483_647;
const DATETIME = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2})?)?$/;

function scalarOf(field: FilterField, value: FilterScalar | undefined): SQL {
  const bad = () => badRequest(FILTER_VALUE_MESSAGE(field.name));
  switch (field.kind) {
    case 'number':
    case 'integer': {
      const number =
        typeof value === 'number'
          ? value
          : typeof value === 'string' && value.trim() !== ''
            ? Number(value)
            : Number.NaN;
      if (!Number.isFinite(number)) throw bad();
      // An integer column compared with an integer (not numeric) keeps its index usable and the
      // planner's estimate right; a fractional or out-of-range value still compares as numeric.
      if (field.kind === 'integer' && Number.isInteger(number) && Math.abs(number) <= INT4_MAX) {
        return sql`${String(number)}::integer`;
      }
      return sql`${String(number)}::numeric`;
    }
    case 'boolean': {
      const truth = value === true || value === 'true' || value === '1' || value === '是';
      const falsity = value === false || value === 'false' || value === '0' || value === '否';
      if (!truth && !falsity) throw bad();
      return sql`${truth}::boolean`;
    }
    case 'date':
    case 'daterange':
      if (typeof value !== 'string' || !DATETIME.test(value) || Number.isNaN(Date.parse(value.slice(0, 10))))
        throw bad();
      return sql`${value.slice(0, 10)}::date`;
    case 'datetime':
      if (typeof value !== 'string' || !DATETIME.test(value) || Number.isNaN(Date.parse(value.slice(0, 10))))
        throw bad();
      return sql`${value}::timestamptz`;
    default:
      if (typeof value !== 'string' && typeof value !== 'number') throw bad();
      return sql`${String(value)}`;
  }
}

function listOf(field: FilterField, value: FilterValue | undefined, min = 1, max = FILTER_IN_MAX_VALUES) {
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  if (list.length < min || list.length > max) throw badRequest(FILTER_VALUE_MESSAGE(field.name));
  return list;
}

function textList(field: FilterField, value: FilterValue | undefined): string[] {
  return listOf(field, value).map((one) => {
    if (typeof one !== 'string' && typeof one !== 'number')
      throw badRequest(FILTER_VALUE_MESSAGE(field.name));
    return String(one);
  });
}

/** LIKE pattern with the caller's % and _ taken literally. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

// ————— conditions —————
/** One condition: the operator must be allowed for the field's kind. */
export function compileCondition(
  fields: FieldWhitelist,
  fieldName: unknown,
  operatorName: unknown,
  value: FilterValue | undefined,
): SQL {
  const field = fieldOf(fields, fieldName);
  const operator = FilterOperatorSchema.safeParse(operatorName);
  if (!operator.success || !FILTER_OPERATORS_BY_KIND[field.kind].includes(operator.data)) {
    throw badRequest(UNKNOWN_OPERATOR_MESSAGE(field.name));
  }
  return conditionSql(field, operator.data, value);
}

function conditionSql(field: FilterField, operator: FilterOperator, value: FilterValue | undefined): SQL {
  const column = col(field.code);
  const array = field.kind === 'multi' || field.kind === 'path' || field.kind === 'daterange';
  const one = () => {
    if (Array.isArray(value)) throw badRequest(FILTER_VALUE_MESSAGE(field.name));
    return scalarOf(field, value);
  };
  switch (operator) {
    case 'isEmpty':
      return array
        ? sql`(${column} is null or cardinality(${column}) = 0)`
        : field.kind === 'text'
          ? sql`(${column} is null or ${column} = '')`
          : sql`${column} is null`;
    case 'isNotEmpty':
      return array
        ? sql`(${column} is not null and cardinality(${column}) > 0)`
        : field.kind === 'text'
          ? sql`(${column} is not null and ${column} <> '')`
          : sql`${column} is not null`;
    case 'eq':
      if (field.kind === 'path') return sql`${column} = ${arrayLiteral(pathOf(field, value))}::text[]`;
      return sql`${column} = ${one()}`;
    case 'ne':
      return sql`${column} is distinct from ${one()}`;
    case 'gt':
      return sql`${column} > ${one()}`;
    case 'gte':
      return sql`${column} >= ${one()}`;
    case 'lt':
      return sql`${column} < ${one()}`;
    case 'lte':
      return sql`${column} <= ${one()}`;
    case 'between': {
      const [from, to] = listOf(field, value, 2, 2);
      return sql`${column} between ${scalarOf(field, from)} and ${scalarOf(field, to)}`;
    }
    case 'in':
    case 'notIn': {
      const list = sql.join(
        listOf(field, value).map((one) => scalarOf(field, one)),
        sql`, `,
      );
      return operator === 'in'
        ? sql`${column} in (${list})`
        : sql`(${column} is null or ${column} not in (${list}))`;
    }
    case 'contains':
      return sql`${column} ilike ${`%${likeEscape(String(textList(field, value)[0]))}%`}`;
    case 'startsWith':
      return sql`${column} ilike ${`${likeEscape(String(textList(field, value)[0]))}%`}`;
    case 'hasAny':
      return sql`${column} && ${arrayLiteral(textList(field, value))}::text[]`;
    case 'hasAll':
      return sql`${column} @> ${arrayLiteral(textList(field, value))}::text[]`;
    case 'pathPrefix': {
      const path = pathOf(field, value);
      return sql`${column}[1:${sql.raw(String(path.length))}] = ${arrayLiteral(path)}::text[]`;
    }
    case 'overlaps': {
      const [from, to] = listOf(field, value, 2, 2);
      return sql`(${column}[1] <= ${scalarOf(field, to)} and ${column}[2] >= ${scalarOf(field, from)})`;
    }
  }
}

/** A cascader path: an array, or a string joined by slash (the wire join) or comma (the filter join). */
function pathOf(field: FilterField, value: FilterValue | undefined): string[] {
  const parts =
    typeof value === 'string'
      ? value.split(value.includes(MULTI_VALUE_JOINS.cascader) ? MULTI_VALUE_JOINS.cascader : ',')
      : textList(field, value);
  const path = parts.map((part) => String(part).trim()).filter(Boolean);
  if (path.length === 0 || path.length > 20) throw badRequest(FILTER_VALUE_MESSAGE(field.name));
  return path;
}

// ————— the where tree —————
/** Compiles a where tree; depth and size are limited before anything else is looked at. */
export function compileWhere(tree: FilterTree, fields: FieldWhitelist): SQL {
  let nodes = 0;
  const walk = (node: unknown, depth: number): SQL => {
    if (depth > FILTER_TREE_MAX_DEPTH) throw badRequest(FILTER_TOO_DEEP_MESSAGE);
    if (++nodes > FILTER_TREE_MAX_NODES) throw badRequest(FILTER_TOO_MANY_MESSAGE);
    if (typeof node !== 'object' || node === null || Array.isArray(node))
      throw badRequest('筛选条件格式错误');
    if ('op' in node) {
      const group = node as { op: unknown; children: unknown };
      if ((group.op !== 'and' && group.op !== 'or') || !Array.isArray(group.children)) {
        throw badRequest('筛选条件格式错误');
      }
      const children = group.children.map((child) => walk(child, depth + 1));
      if (children.length === 0) return group.op === 'and' ? sql`true` : sql`false`;
      return sql`(${sql.join(children, group.op === 'and' ? sql` and ` : sql` or `)})`;
    }
    const condition = node as { field: unknown; operator: unknown; value?: FilterValue };
    return compileCondition(fields, condition.field, condition.operator, condition.value);
  };
  return walk(tree, 1);
}

// ————— search-bar tags —————
/** The labels of the option fields a list's search tags name, by field code (code → label). */
export type SearchLabels = ReadonlyMap<string, ReadonlyMap<string, string>>;

/** The envelope's coded columns, labelled as the table shows them. */
const ENVELOPE_LABELS: Record<string, ReadonlyMap<string, string>> = {
  status: new Map(Object.entries(RECORD_STATUS_LABELS)),
  audit_state: new Map(Object.entries(AUDIT_STATE_LABELS)),
};

/**
 * The codes a typed text means: those whose label holds it, and a code typed as it is. The table
 * shows labels (市政工程, 已提交), so that is what people type into the search bar.
 */
function codesTyped(labels: ReadonlyMap<string, string>, text: string): string[] {
  const codes = new Set<string>();
  for (const [code, label] of labels) if (code === text || label.includes(text)) codes.add(code);
  return [...codes];
}

/**
 * A search tag matches the way a person expects for the field's kind: text contains; an option
 * field or a coded envelope column the options whose label holds the text (`labels`); others equal.
 */
export function compileSearchTag(tag: SearchTag, fields: FieldWhitelist, labels?: SearchLabels): SQL | null {
  const field = fieldOf(fields, tag.code);
  const value = typeof tag.val === 'string' ? tag.val.trim() : tag.val;
  if (value === '') return null;
  const text = String(value);
  const labelled = ENVELOPE_LABELS[field.code] ?? labels?.get(field.code);
  const among = (codes: string[], operator: 'in' | 'hasAny') =>
    codes.length ? conditionSql(field, operator, codes) : sql`false`;
  switch (field.kind) {
    case 'text':
      if (labelled) return among(codesTyped(labelled, text), 'in');
      return field.item && hasOptions(field.item)
        ? conditionSql(field, 'eq', text)
        : conditionSql(field, 'contains', text);
    case 'multi': {
      const parts = text.split(MULTI_VALUE_JOINS.multiSelect);
      if (labelled)
        return among([...new Set(parts.flatMap((part) => codesTyped(labelled, part.trim())))], 'hasAny');
      return conditionSql(field, 'hasAny', parts);
    }
    case 'path':
      return conditionSql(field, 'pathPrefix', text);
    case 'daterange': {
      const [from, to] = text.split(',');
      return conditionSql(field, 'overlaps', [from ?? '', to ?? from ?? '']);
    }
    case 'datetime': {
      const day = text.slice(0, 10);
      return sql`(${col(field.code)} >= ${scalarOf(field, day)} and ${col(field.code)} < ${scalarOf(field, day)} + interval '1 day')`;
    }
    default:
      return conditionSql(field, 'eq', typeof value === 'boolean' ? value : text);
  }
}

const hasOptions = (item: FormItem) =>
  item.source.kind !== 'static' ||
  (item.options?.list.length ?? 0) > 0 ||
  ['sex', 'y_n_ent'].includes(item.type);

// ————— filter-card values —————
/**
 * A filter card's value for one field (arrays arrive joined by comma):
 * the filter item's type decides the match — text contains, selects IN, daterange between,
 * cascader prefix.
 */
export function compileFilterValue(
  code: string,
  raw: string,
  fields: FieldWhitelist,
  typeOf: (code: string) => FilterItemType | undefined,
): SQL | null {
  const field = fieldOf(fields, code);
  const text = raw.trim();
  if (text === '') return null;
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const type = typeOf(field.code) ?? defaultFilterType(field);
  switch (type) {
    case 'daterange': {
      const [from, to] = parts;
      if (!from || !to) throw badRequest(FILTER_VALUE_MESSAGE(field.name));
      if (field.kind === 'daterange') return conditionSql(field, 'overlaps', [from, to]);
      if (field.kind === 'datetime') {
        return sql`(${col(field.code)} >= ${scalarOf(field, from.slice(0, 10))} and ${col(field.code)} < ${scalarOf(field, to.slice(0, 10))} + interval '1 day')`;
      }
      if (field.kind !== 'date') throw badRequest(UNKNOWN_OPERATOR_MESSAGE(field.name));
      return conditionSql(field, 'between', [from, to]);
    }
    case 'cascader':
      if (field.kind === 'path') return conditionSql(field, 'pathPrefix', parts);
      // A cascader over a plain field stores the leaf.
      return conditionSql(field, 'eq', parts.at(-1) ?? '');
    case 'select':
    case 'select-link':
    case 'select-multiple':
    case 'filter-select':
    case 'select-filter':
    case 'select-edit':
    case 'auditFlow':
      if (field.kind === 'multi') return conditionSql(field, 'hasAny', parts);
      if (field.kind === 'path') return conditionSql(field, 'pathPrefix', parts);
      if (field.kind === 'daterange') throw badRequest(UNKNOWN_OPERATOR_MESSAGE(field.name));
      return parts.length === 1 ? conditionSql(field, 'eq', parts[0]) : conditionSql(field, 'in', parts);
    default:
      if (field.kind === 'text') return conditionSql(field, 'contains', text);
      return compileSearchTag({ code: field.code, val: text }, fields);
  }
}

function defaultFilterType(field: FilterField): FilterItemType {
  if (field.kind === 'date' || field.kind === 'datetime' || field.kind === 'daterange') return 'daterange';
  if (field.kind === 'path') return 'cascader';
  if (field.kind === 'multi') return 'select-multiple';
  if (field.code === 'status' || field.code === 'audit_state') return 'select';
  if (field.item && hasOptions(field.item)) return 'select';
  return 'text';
}

// ————— the whole list filter —————
export type ListFilter = {
  search?: SearchTag[] | undefined;
  filters?: Record<string, string> | undefined;
  where?: FilterTree | undefined;
};

/** Every condition of a list call, and-ed; null when there is none. */
export function compileListFilter(
  filter: ListFilter,
  fields: FieldWhitelist,
  definition: Pick<NodeDefinition, 'list'>,
  labels?: SearchLabels,
): SQL | null {
  const typeOf = (code: string) => {
    for (const card of definition.list.filters) {
      const found = card.displayList.find((item) => item.code === code);
      if (found) return found.type;
    }
    return undefined;
  };
  const parts: SQL[] = [];
  for (const tag of filter.search ?? []) {
    const part = compileSearchTag(tag, fields, labels);
    if (part) parts.push(part);
  }
  for (const [code, value] of Object.entries(filter.filters ?? {})) {
    const part = compileFilterValue(code, value, fields, typeOf);
    if (part) parts.push(part);
  }
  if (filter.where) parts.push(compileWhere(filter.where, fields));
  return parts.length ? sql.join(parts, sql` and `) : null;
}

// ————— sorting —————
/** The contract's sortable envelope columns (what the builder offers), and the confirmation time. */
const SORTABLE_ENVELOPE: readonly string[] = [...SORTABLE_ENVELOPE_CODES, 'confirmed_at'];

/** Envelope columns declared NOT NULL (node-tables.ts ENVELOPE_DDL): sorted without a nulls clause. */
const NOT_NULL_ENVELOPE = new Set(['created_at', 'updated_at', 'status', 'business_id']);

/**
 * A list's order, and what keyset paging needs of it (docs/architecture.md, "Filters and lists": deep pages are read after or
 * before a record of the previous page, not at an offset).
 */
export type ListOrder = {
  /** The ORDER BY. */
  by: SQL;
  /** The same order read backwards: the page before an anchor is read so, then sorted back. */
  reversed: SQL;
  /**
   * The rows that follow the anchor record in this order (`backwards`: that precede it). `anchor`
   * is the record's id, bound; its sort value is read from `table` by a sub-query, so a cursor
   * carries no value a caller could forge.
   */
  beyond(table: SQL, anchor: string, backwards: boolean): SQL;
};

/** The sort key: a column (null: id alone), its direction, and whether it can hold NULL. */
type SortKey = { column: string | null; descending: boolean; nullable: boolean };

/**
 * ORDER BY of a list: a whitelisted field or envelope column, then id so pages never overlap; or
 * `id` alone. NOT NULL envelope columns get a plain direction so a b-tree index (read either way)
 * serves the order and a page stops after its rows; nullable fields keep nulls at the end.
 */
export function compileSort(
  fields: FieldWhitelist,
  sortField: string | undefined,
  sortOrder: 'asc' | 'desc' | undefined,
  fallback: { field: string; order: 'asc' | 'desc' },
): ListOrder {
  let name = sortField ? (ENVELOPE_ALIASES[sortField] ?? sortField) : undefined;
  let order = sortOrder ?? 'asc';
  if (!name) {
    name = ENVELOPE_ALIASES[fallback.field] ?? fallback.field;
    order = sortOrder ?? fallback.order;
    // A default sort naming a field the schema no longer has falls back to creation time.
    if (!fields.has(name) || (!fields.get(name)?.item && !SORTABLE_ENVELOPE.includes(name)))
      name = 'created_at';
  }
  const descending = order === 'desc';
  if (name === 'id' && !fields.get(name)?.item)
    return listOrder({ column: null, descending, nullable: false });
  const field = fields.get(name);
  if (!field || (!field.item && !SORTABLE_ENVELOPE.includes(name))) {
    throw badRequest(SORT_FIELD_MESSAGE);
  }
  const nullable = Boolean(field.item) || !NOT_NULL_ENVELOPE.has(field.code);
  return listOrder({ column: field.code, descending, nullable });
}

function listOrder(key: SortKey): ListOrder {
  return {
    by: orderBy(key),
    reversed: orderBy({ ...key, descending: !key.descending }),
    beyond: (table, anchor, backwards) =>
      following({ ...key, descending: key.descending !== backwards }, table, anchor),
  };
}

function orderBy({ column, descending, nullable }: SortKey): SQL {
  const idDirection = descending ? sql`desc` : sql`asc`;
  if (column === null) return sql`${col('id')} ${idDirection}`;
  // Nulls sort last going down and first going up, so reading backwards is the exact mirror.
  const direction = !nullable ? idDirection : descending ? sql`desc nulls last` : sql`asc nulls first`;
  return sql`${col(column)} ${direction}, ${col('id')} ${idDirection}`;
}

/** The rows after the anchor in the order `key` (row comparisons, so an index on (column, id) serves them). */
function following({ column, descending, nullable }: SortKey, table: SQL, anchor: string): SQL {
  const beyond = descending ? sql`<` : sql`>`;
  const id = col('id');
  if (column === null) return sql`${id} ${beyond} ${anchor}`;
  const value = sql`(select a.${fieldIdent(column)} from ${table} a where a.id = ${anchor})`;
  const row = sql`(${col(column)}, ${id}) ${beyond} (${value}, ${anchor})`;
  if (!nullable) return row;
  // Nulls come last going down: after a null only nulls with a further id; after a value, the
  // smaller values and every null. Going up nulls come first: after a null, later nulls and every value.
  return descending
    ? sql`(case when ${value} is null then ${col(column)} is null and ${id} < ${anchor} else ${col(column)} is null or ${row} end)`
    : sql`(case when ${value} is null then (${col(column)} is null and ${id} > ${anchor}) or ${col(column)} is not null else ${row} end)`;
}
