import {
  FILTER_TOO_DEEP_MESSAGE,
  FILTER_TOO_MANY_MESSAGE,
  FILTER_VALUE_MESSAGE,
  type FilterTree,
  type FormItemInput,
  FormItemSchema,
  filterTreeProblem,
  ListRecordsBodySchema,
  NodeDefinitionSchema,
  SORT_FIELD_MESSAGE,
  UNKNOWN_FIELD_MESSAGE,
  UNKNOWN_OPERATOR_MESSAGE,
} from '@ks/contract';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import {
  compileFilterValue,
  compileListFilter,
  compileSearchTag,
  compileSort,
  compileWhere,
  fieldWhitelist,
} from './filter-compiler.ts';

const item = (input: FormItemInput) => FormItemSchema.parse(input);
const items = [
  item({ code: 'title', name: '名称', type: 'text' }),
  item({ code: 'amount', name: '金额', type: 'number' }),
  item({ code: 'day', name: '日期', type: 'date' }),
  item({ code: 'at', name: '时间', type: 'datetime' }),
  item({ code: 'tags', name: '标签', type: 'select-m' }),
  item({ code: 'region', name: '地区', type: 'cascader' }),
  item({ code: 'period', name: '工期', type: 'daterange' }),
  item({ code: 'flag', name: '开关', type: 'switch' }),
  item({
    code: 'kind',
    name: '类别',
    type: 'select',
    options: { list: [{ label: 'A', value: 'a' }] },
  }),
];
const fields = fieldWhitelist(items);
const dialect = new PgDialect();
const render = (fragment: SQL) => {
  const { sql, params } = dialect.sqlToQuery(fragment);
  return { sql, params };
};
const where = (tree: unknown) => render(compileWhere(tree as FilterTree, fields));
const message = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  return 'no error';
};

describe('compileWhere', () => {
  it('compiles conditions with bound parameters only', () => {
    const query = where({
      op: 'and',
      children: [
        { field: 'title', operator: 'contains', value: "x'; drop table users; --" },
        {
          op: 'or',
          children: [
            { field: 'amount', operator: 'gt', value: 5 },
            { field: 'kind', operator: 'in', value: ['a', 'b'] },
          ],
        },
      ],
    });
    expect(query.sql).not.toContain('drop table');
    expect(query.sql).toContain('"r"."title" ilike $1');
    expect(query.params).toEqual(["%x'; drop table users; --%", '5', 'a', 'b']);
  });

  it('takes % and _ in a contains value literally', () => {
    expect(where({ field: 'title', operator: 'contains', value: '100%_' }).params).toEqual(['%100\\%\\_%']);
  });

  it.each([
    [
      'unknown field',
      { field: 'password_hash', operator: 'eq', value: 'x' },
      UNKNOWN_FIELD_MESSAGE('password_hash'),
    ],
    [
      'SQL in a key',
      { field: "title\" = '' or 1=1 --", operator: 'eq', value: 'x' },
      UNKNOWN_FIELD_MESSAGE("title\" = '' or 1=1 --"),
    ],
    ['prototype key', { field: '__proto__', operator: 'eq', value: 'x' }, UNKNOWN_FIELD_MESSAGE('__proto__')],
    [
      'constructor key',
      { field: 'constructor', operator: 'eq', value: 'x' },
      UNKNOWN_FIELD_MESSAGE('constructor'),
    ],
    [
      'non-string field',
      { field: { a: 1 }, operator: 'eq', value: 'x' },
      UNKNOWN_FIELD_MESSAGE('[object Object]'),
    ],
    [
      'unknown operator',
      { field: 'title', operator: 'like; drop', value: 'x' },
      UNKNOWN_OPERATOR_MESSAGE('名称'),
    ],
    [
      'operator of another kind (contains on number)',
      { field: 'amount', operator: 'contains', value: '1' },
      UNKNOWN_OPERATOR_MESSAGE('金额'),
    ],
    [
      'operator of another kind (hasAny on text)',
      { field: 'title', operator: 'hasAny', value: ['x'] },
      UNKNOWN_OPERATOR_MESSAGE('名称'),
    ],
    [
      'operator of another kind (gt on multi)',
      { field: 'tags', operator: 'gt', value: 'x' },
      UNKNOWN_OPERATOR_MESSAGE('标签'),
    ],
    [
      'a number that is not one',
      { field: 'amount', operator: 'eq', value: '1; drop' },
      FILTER_VALUE_MESSAGE('金额'),
    ],
    [
      'a date that is not one',
      { field: 'day', operator: 'gte', value: "2025-01-01'::date; --" },
      FILTER_VALUE_MESSAGE('日期'),
    ],
    [
      'a boolean that is not one',
      { field: 'flag', operator: 'eq', value: 'maybe' },
      FILTER_VALUE_MESSAGE('开关'),
    ],
    [
      'between with one value',
      { field: 'amount', operator: 'between', value: [1] },
      FILTER_VALUE_MESSAGE('金额'),
    ],
    [
      'an array where one value is expected',
      { field: 'title', operator: 'eq', value: ['a', 'b'] },
      FILTER_VALUE_MESSAGE('名称'),
    ],
    ['an empty IN list', { field: 'kind', operator: 'in', value: [] }, FILTER_VALUE_MESSAGE('类别')],
    ['a group with an unknown combinator', { op: 'xor', children: [] }, '筛选条件格式错误'],
    ['a group without children', { op: 'and' }, '筛选条件格式错误'],
    ['a string for a tree', 'title = 1', '筛选条件格式错误'],
  ])('refuses %s', (_name, tree, expected) => {
    expect(message(() => where(tree))).toBe(expected);
  });

  it('limits nesting depth', () => {
    let tree: unknown = { field: 'title', operator: 'eq', value: 'x' };
    for (let depth = 0; depth < 10; depth++) tree = { op: 'and', children: [tree] };
    expect(message(() => where(tree))).toBe(FILTER_TOO_DEEP_MESSAGE);
  });

  it('limits the number of conditions', () => {
    const children = Array.from({ length: 150 }, () => ({ field: 'title', operator: 'eq', value: 'x' }));
    expect(message(() => where({ op: 'or', children }))).toBe(FILTER_TOO_MANY_MESSAGE);
  });

  it('compiles hasAny on a multi-select into an array literal with quotes escaped', () => {
    expect(where({ field: 'tags', operator: 'hasAny', value: ['a', 'b"}'] })).toEqual({
      sql: '"r"."tags" && $1::text[]',
      params: ['{"a","b\\"}"}'],
    });
  });

  it('compiles overlaps on a date range', () => {
    expect(
      where({ field: 'period', operator: 'overlaps', value: ['2025-01-01', '2025-02-01'] }).sql,
    ).toContain('"r"."period"[1] <=');
  });

  it.each([
    [
      'pathPrefix on a cascader',
      { field: 'region', operator: 'pathPrefix', value: 'js/nj' },
      '"r"."region"[1:2] = $1::text[]',
    ],
    ['eq on an envelope column', { field: 'status', operator: 'eq', value: 'draft' }, '"r"."status" = $1'],
    [
      'gte on an envelope timestamp',
      { field: 'createdAt', operator: 'gte', value: '2025-01-01' },
      '"r"."created_at" >= $1::timestamptz',
    ],
    ['isEmpty on text', { field: 'title', operator: 'isEmpty' }, `("r"."title" is null or "r"."title" = '')`],
    ['an empty or-group', { op: 'or', children: [] }, 'false'],
  ])('compiles %s', (_name, tree, sql) => {
    expect(where(tree).sql).toBe(sql);
  });
});

describe('filterTreeProblem (the contract’s shape check)', () => {
  it('walks a hostile, very deep tree without recursion', () => {
    let tree: unknown = { field: 'x', operator: 'eq', value: 1 };
    for (let depth = 0; depth < 20000; depth++) tree = { op: 'and', children: [tree] };
    expect(filterTreeProblem(tree)).toBe(FILTER_TOO_DEEP_MESSAGE);
  });

  it('lets the list body refuse a deep tree with the message', () => {
    let tree: unknown = { field: 'x', operator: 'eq', value: 1 };
    for (let depth = 0; depth < 10; depth++) tree = { op: 'and', children: [tree] };
    const parsed = ListRecordsBodySchema.safeParse({ systemCoding: 's', gnCoding: 'g', where: tree });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(FILTER_TOO_DEEP_MESSAGE);
  });

  it('refuses an unknown operator in the body', () => {
    const parsed = ListRecordsBodySchema.safeParse({
      systemCoding: 's',
      gnCoding: 'g',
      where: { field: 'x', operator: 'regexp', value: 1 },
    });
    expect(parsed.error?.issues[0]?.message).toBe('筛选方式无效');
  });
});

describe('search tags and filter-card values', () => {
  const definition = NodeDefinitionSchema.parse({
    form: { items },
    list: {
      filters: [{ displayCode: 'f', displayList: [{ name: '地区', code: 'region', type: 'cascader' }] }],
    },
  });
  const list = (filter: Parameters<typeof compileListFilter>[0]) => {
    const compiled = compileListFilter(filter, fields, definition);
    return compiled ? render(compiled) : null;
  };

  it('search: text contains, select equals, multi any, empty ignored', () => {
    expect(render(compileSearchTag({ code: 'title', val: 'a' }, fields) as SQL).sql).toContain('ilike');
    expect(render(compileSearchTag({ code: 'kind', val: 'a' }, fields) as SQL).sql).toBe('"r"."kind" = $1');
    expect(render(compileSearchTag({ code: 'tags', val: 'a;b' }, fields) as SQL).params).toEqual([
      '{"a","b"}',
    ]);
    expect(compileSearchTag({ code: 'title', val: '  ' }, fields)).toBeNull();
    expect(message(() => compileSearchTag({ code: 'nope', val: 'a' }, fields))).toBe(
      UNKNOWN_FIELD_MESSAGE('nope'),
    );
  });

  it('filter card: comma IN, daterange between, cascader prefix', () => {
    const none = () => undefined;
    expect(render(compileFilterValue('kind', 'a,b', fields, () => 'select') as SQL)).toEqual({
      sql: '"r"."kind" in ($1, $2)',
      params: ['a', 'b'],
    });
    // Every select-type filter of the specification filters as a select does.
    for (const type of ['filter-select', 'select-filter', 'select-edit', 'auditFlow'] as const) {
      expect(render(compileFilterValue('kind', 'a', fields, () => type) as SQL)).toEqual({
        sql: '"r"."kind" = $1',
        params: ['a'],
      });
    }
    expect(
      render(compileFilterValue('audit_state', 'pending,passed', fields, () => 'auditFlow') as SQL).sql,
    ).toBe('"r"."audit_state" in ($1, $2)');
    expect(render(compileFilterValue('day', '2025-01-01,2025-01-31', fields, none) as SQL).sql).toBe(
      '"r"."day" between $1::date and $2::date',
    );
    expect(list({ filters: { region: 'js,nj' } })?.sql).toBe('"r"."region"[1:2] = $1::text[]');
    expect(message(() => compileFilterValue('day', '2025-01-01', fields, none))).toBe(
      FILTER_VALUE_MESSAGE('日期'),
    );
    expect(message(() => list({ filters: { "title') or 1=1 --": 'x' } }))).toBe(
      UNKNOWN_FIELD_MESSAGE("title') or 1=1 --"),
    );
    expect(list({})).toBeNull();
  });
});

describe('compileSort', () => {
  const fallback = { field: 'created_at', order: 'desc' as const };
  it.each<[string, string | undefined, 'asc' | 'desc' | undefined, string]>([
    ['a form field ascending, then id', 'amount', 'asc', '"r"."amount" asc nulls first, "r"."id" asc'],
    [
      'the fallback column when no field is asked for, then id',
      undefined,
      undefined,
      '"r"."created_at" desc, "r"."id" desc',
    ],
    // NOT NULL envelope columns sort plainly so the index order can serve them.
    ['a NOT NULL envelope column plainly', 'status', 'asc', '"r"."status" asc, "r"."id" asc'],
    [
      'a nullable envelope column with nulls at the end',
      'submittedAt',
      'desc',
      '"r"."submitted_at" desc nulls last, "r"."id" desc',
    ],
    [
      'a form field descending with nulls at the end',
      'amount',
      'desc',
      '"r"."amount" desc nulls last, "r"."id" desc',
    ],
    // The builder offers the audit state as a sort (the contract's SORTABLE_ENVELOPE_CODES).
    [
      'the audit state with nulls at the end',
      'auditState',
      'desc',
      '"r"."audit_state" desc nulls last, "r"."id" desc',
    ],
    ['id alone, descending', 'id', 'desc', '"r"."id" desc'],
    ['id alone, ascending when no order is given', 'id', undefined, '"r"."id" asc'],
  ])('sorts by %s', (_name, field, order, sql) => {
    expect(render(compileSort(fields, field, order, fallback).by).sql).toBe(sql);
  });
  it('sorts by an envelope column under its API name', () => {
    expect(render(compileSort(fields, 'createdAt', 'asc', fallback).by).sql).toContain(
      '"r"."created_at" asc',
    );
  });
  it.each(['owner_user_id', 'id; drop table users', 'confirmedAtX', '__proto__'])('refuses %s', (field) => {
    expect(message(() => compileSort(fields, field, 'asc', fallback))).toBe(SORT_FIELD_MESSAGE);
  });
  it.each<[string, 'asc' | 'desc', string]>([
    ['amount', 'asc', '"r"."amount" desc nulls last, "r"."id" desc'],
    ['amount', 'desc', '"r"."amount" asc nulls first, "r"."id" asc'],
    ['status', 'asc', '"r"."status" desc, "r"."id" desc'],
    ['id', 'desc', '"r"."id" asc'],
  ])('reads %s %s backwards as the exact mirror', (field, order, sql) => {
    expect(render(compileSort(fields, field, order, fallback).reversed).sql).toBe(sql);
  });
  it('binds a keyset anchor and reads its sort value from the table, never from the caller', () => {
    const anchor = "1' or '1'='1";
    const table = sql`${sql.identifier('t')}`;
    const byId = render(compileSort(fields, 'id', 'desc', fallback).beyond(table, anchor, false));
    expect(byId).toEqual({ sql: '"r"."id" < $1', params: [anchor] });
    const plain = render(compileSort(fields, 'status', 'asc', fallback).beyond(table, anchor, true));
    expect(plain.sql).toBe('("r"."status", "r"."id") < ((select a."status" from "t" a where a.id = $1), $2)');
    expect(plain.params).toEqual([anchor, anchor]);
    const nullable = render(compileSort(fields, 'amount', 'desc', fallback).beyond(table, anchor, false));
    expect(nullable.sql).toContain('"r"."amount" is null or ("r"."amount", "r"."id") <');
    expect(nullable.params.every((param) => param === anchor)).toBe(true);
  });
});

describe('integer fields', () => {
  const integers = fieldWhitelist([item({ code: 'qty', name: '数量', type: 'input-number' })]);
  // Integer values compare as integer so the column keeps its index; a fractional or out-of-range
  // value falls back to numeric, which matches the same rows as before.
  it.each<[string, FilterTree, string]>([
    ['an integer value as integer', { field: 'qty', operator: 'gt', value: 50 }, '"r"."qty" > $1::integer'],
    [
      'an IN list of integer strings and numbers as integer',
      { field: 'qty', operator: 'in', value: ['1', 2] },
      '"r"."qty" in ($1::integer, $2::integer)',
    ],
    [
      'a fractional value as numeric',
      { field: 'qty', operator: 'gt', value: 50.5 },
      '"r"."qty" > $1::numeric',
    ],
    [
      'an out-of-range value as numeric',
      { field: 'qty', operator: 'lt', value: 1e12 },
      '"r"."qty" < $1::numeric',
    ],
  ])('compare %s', (_name, tree, sql) => {
    expect(render(compileWhere(tree, integers)).sql).toBe(sql);
  });
});
