import { createHash } from 'node:crypto';
import {
  FIELD_CODE_PATTERN,
  type FormItem,
  type NodeDefinition,
  RECORD_ENVELOPE_COLUMNS,
  VALUE_KIND_OF,
  type ValueKind,
} from '@ks/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * Node tables (docs/architecture.md, "Dynamic node tables"): every node's records live in a real table of
 * the business-data schema, never next to the platform's own tables. Identifiers built here come
 * only from codes that passed FIELD_CODE_PATTERN (or the table-name pattern) and are quoted;
 * values are always bound parameters elsewhere.
 */
export const DATA_SCHEMA = 'ks_data';
export const TABLE_NAME_PATTERN = /^[a-z][a-z0-9_]{0,62}$/;

/** PostgreSQL column type of each value kind: multi-values are stored as native arrays. */
export const COLUMN_TYPE_OF: Record<ValueKind, string> = {
  text: 'text',
  number: 'numeric',
  integer: 'integer',
  boolean: 'boolean',
  date: 'date',
  datetime: 'timestamp with time zone',
  daterange: 'date[]',
  multi: 'text[]',
  path: 'text[]',
};
export const columnTypeOf = (item: Pick<FormItem, 'type'>) => COLUMN_TYPE_OF[VALUE_KIND_OF[item.type]];

/** The envelope every record table carries (docs/architecture.md, "Dynamic node tables"), in creation order. */
const ENVELOPE_DDL = [
  'id uuid primary key default gen_random_uuid()',
  "business_id text not null default ''",
  'owner_user_id uuid not null',
  'owner_enterprise_id uuid',
  "status text not null default 'draft'",
  "audit_state text not null default ''",
  'schema_version integer not null',
  'submitted_at timestamp with time zone',
  'confirmed_at timestamp with time zone',
  'created_at timestamp with time zone not null default now()',
  'updated_at timestamp with time zone not null default now()',
  'version integer not null default 1',
  'deleted_at timestamp with time zone',
];

/** A checked, quoted identifier: throws on anything that is not a plain lower-case code. */
export function ident(name: string): SQL {
  if (!TABLE_NAME_PATTERN.test(name)) throw new Error(`Refusing identifier ${JSON.stringify(name)}`);
  return sql`${sql.identifier(name)}`;
}
export const fieldIdent = (code: string): SQL => {
  if (!FIELD_CODE_PATTERN.test(code)) throw new Error(`Refusing field code ${JSON.stringify(code)}`);
  return sql`${sql.identifier(code)}`;
};
/** "ks_data"."table" */
export const tableRef = (tableName: string): SQL => sql`${sql.identifier(DATA_SCHEMA)}.${ident(tableName)}`;

/** The default table name of a node: system code and node code, lower-cased. */
export function defaultTableName(systemCoding: string, nodeCoding: string): string {
  return `${systemCoding}_${nodeCoding}`.toLowerCase().slice(0, 63);
}

/** Text of a statement for the migration history (identifiers are already checked). */
export function statementText(statement: SQL): string {
  const chunks = statement.toQuery({
    escapeName: (name) => `"${name.replaceAll('"', '""')}"`,
    escapeParam: (index) => `$${index + 1}`,
    escapeString: (value) => `'${value.replaceAll("'", "''")}'`,
    casing: undefined as never,
    inlineParams: true,
    paramStartIndex: { value: 0 },
  });
  return chunks.sql;
}

export function createTableStatement(tableName: string, items: readonly FormItem[]): SQL {
  const columns = [
    ...ENVELOPE_DDL.map((column) => sql.raw(column)),
    ...items.map((item) => sql`${fieldIdent(item.code)} ${sql.raw(columnTypeOf(item))}`),
  ];
  return sql`create table ${tableRef(tableName)} (${sql.join(columns, sql`, `)})`;
}

export function addColumnStatement(tableName: string, item: FormItem): SQL {
  return sql`alter table ${tableRef(tableName)} add column ${fieldIdent(item.code)} ${sql.raw(columnTypeOf(item))}`;
}

/**
 * Changes a column's type, converting what is there with a cast; PostgreSQL refuses the whole
 * statement when any value does not convert, which is exactly the refusal the builder reports.
 */
export function alterTypeStatement(tableName: string, item: FormItem, fromType: string): SQL {
  const column = fieldIdent(item.code);
  const target = columnTypeOf(item);
  const toArray = target.endsWith('[]') && !fromType.endsWith('[]');
  const fromArray = fromType.endsWith('[]') && !target.endsWith('[]');
  const using = toArray
    ? sql`case when ${column} is null then null else array[${column}::text]::${sql.raw(target)} end`
    : fromArray
      ? sql`array_to_string(${column}, ';')::${sql.raw(target)}`
      : sql`${column}::${sql.raw(target)}`;
  return sql`alter table ${tableRef(tableName)} alter column ${column} type ${sql.raw(target)} using ${using}`;
}

/** Envelope column names a table must carry to hold records (checked when binding a table). */
export const ENVELOPE_COLUMN_NAMES: readonly string[] = RECORD_ENVELOPE_COLUMNS;

/** The codes a published definition wants indexed: searchable or sortable columns and filter fields. */
export function indexedCodes(definition: Pick<NodeDefinition, 'list'>): string[] {
  const codes = new Set<string>();
  for (const column of definition.list.columns)
    if (column.isSearch || column.sortable) codes.add(column.code);
  for (const filter of definition.list.filters) for (const item of filter.displayList) codes.add(item.code);
  return [...codes].filter((code) => FIELD_CODE_PATTERN.test(code));
}

/** A stable index name per table and column that fits PostgreSQL's 63 characters. */
export function indexNameOf(tableName: string, code: string): string {
  const hash = createHash('sha1').update(`${tableName}.${code}`).digest('hex').slice(0, 12);
  return `ix_${hash}_${code}`.slice(0, 63);
}

/** Arrays get a GIN index (containment filters), everything else a b-tree. */
export function createIndexStatement(
  tableName: string,
  indexName: string,
  code: string,
  isArray: boolean,
): SQL {
  return sql`create index if not exists ${ident(indexName)} on ${tableRef(tableName)} using ${sql.raw(
    isArray ? 'gin' : 'btree',
  )} (${fieldIdent(code)})`;
}

/**
 * Indexes every node table gets when it is created. (created_at, id) serves the default list order
 * (newest first, read backwards) so a page stops after its rows. The owner columns of the row scope
 * lead the same order over live rows only: an enterprise's or a person's newest records, and a deep
 * page of them, are read from the index alone once autovacuum has marked the pages all-visible
 * (bench/results/records-profile.md › "Fourth pass"), and equality on the owner still uses it.
 */
const ENVELOPE_INDEXES: readonly { columns: readonly string[]; liveOnly: boolean }[] = [
  { columns: ['created_at', 'id'], liveOnly: false },
  { columns: ['owner_enterprise_id', 'created_at', 'id'], liveOnly: true },
  { columns: ['owner_user_id', 'created_at', 'id'], liveOnly: true },
];

export function envelopeIndexStatements(
  tableName: string,
): { indexName: string; columns: string[]; statement: SQL }[] {
  return ENVELOPE_INDEXES.map(({ columns, liveOnly }) => {
    const indexName = indexNameOf(tableName, columns.join('_'));
    const list = sql.join(
      columns.map((column) => fieldIdent(column)),
      sql`, `,
    );
    return {
      indexName,
      columns: [...columns],
      statement: sql`create index if not exists ${ident(indexName)} on ${tableRef(tableName)} using btree (${list})${
        liveOnly ? sql` where deleted_at is null` : sql``
      }`,
    };
  });
}

/** The names of the indexes a node table has (one catalogue read for every index a publish checks). */
export async function tableIndexNames(db: Db, tableName: string): Promise<Set<string>> {
  const result = await db.execute<{ name: string }>(sql`
    select indexname as name from pg_indexes where schemaname = ${DATA_SCHEMA} and tablename = ${tableName}`);
  return new Set(rowsOf<{ name: string }>(result).map((row) => row.name));
}

/** Whether a relation of that name exists in the business-data schema. */
export async function tableExists(db: Db, tableName: string): Promise<boolean> {
  const result = await db.execute(sql`
    select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${DATA_SCHEMA} and c.relname = ${tableName}`);
  return rowsOf(result).length > 0;
}

/** Whether a node table holds any row at all (soft-deleted records count: they are still data). */
export async function hasRows(db: Db, tableName: string): Promise<boolean> {
  const result = await db.execute(sql`select exists (select 1 from ${tableRef(tableName)}) as has`);
  return Boolean(rowsOf<{ has: boolean }>(result)[0]?.has);
}

export type ColumnInfo = { name: string; type: string };

/** The columns of a node table as PostgreSQL describes them (format_type spelling). */
export async function tableColumns(db: Db, tableName: string): Promise<(ColumnInfo & { comment: string })[]> {
  const result = await db.execute<{ name: string; type: string; comment: string }>(sql`
    select a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
      coalesce(col_description(c.oid, a.attnum), '') as comment
    from pg_attribute a
    join pg_class c on c.oid = a.attrelid
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${DATA_SCHEMA} and c.relname = ${tableName} and a.attnum > 0 and not a.attisdropped
    order by a.attnum`);
  return rowsOf<ColumnInfo & { comment: string }>(result);
}

/** Tables of the business-data schema, with their row estimate. */
export async function dataTables(db: Db): Promise<{ tableName: string; estimatedRows: number }[]> {
  const result = await db.execute<{ table_name: string; estimated_rows: number }>(sql`
    select c.relname as table_name, greatest(c.reltuples, 0)::bigint as estimated_rows
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${DATA_SCHEMA} and c.relkind = 'r'
    order by c.relname`);
  return rowsOf<{ table_name: string; estimated_rows: number }>(result).map((row) => ({
    tableName: row.table_name,
    estimatedRows: Number(row.estimated_rows),
  }));
}

/** Both drivers answer execute() differently: node-postgres with {rows}, PGlite with {rows} too, typed apart. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
