import {
  ERROR_CODES,
  type FormItem,
  type NativeValue,
  type NodeDefinition,
  NodeDefinitionShapeSchema,
  RECORD_CONFLICT_MESSAGE,
  RECORD_NOT_FOUND_MESSAGE,
  type RecordStatus,
  type RevisionChange,
  VALUE_KIND_OF,
  type ValueKind,
} from '@ks/contract';
import { asBusinessId, asNodeId, type BusinessId, type NodeId } from '@ks/contract/ids';
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { perDatabase } from '../db/prepared.ts';
import {
  menuNodes,
  nodeDataSources,
  nodeDefinitions,
  nodeSchemaVersions,
  recordRevisions,
  systems,
} from '../db/schema/index.ts';
import type { SessionUser } from '../platform/access.ts';
import { AppError, conflict, notFound } from '../platform/errors.ts';
import { type GrantSummary, grantSummarySql } from './grants.ts';
import { fieldIdent, rowsOf, tableRef } from './node-tables.ts';
import { type ViewerReviews, viewerReviewsSql } from './viewer-reviews.ts';

/**
 * The storage side of node records, shared by the records runtime and the audit workflow: which
 * node and table a call means, reading one record, changing its envelope under optimistic locking
 * and appending revisions. Identifiers come only from checked codes; values are bound parameters.
 */

export const NODE_NOT_FOUND_MESSAGE = '节点不存在';
export const NOT_PUBLISHED_MESSAGE = '该功能尚未发布';

// ————— compiled node schemas —————
/** A published definition with the lookups every call needs, built once per (node, schema version). */
export type CompiledSchema = {
  definition: NodeDefinition;
  items: FormItem[];
  itemsByCode: Map<string, FormItem>;
};

const compiled = new Map<string, CompiledSchema>();
/** Empties the compiled schemas (GET /ks/cache/refresh; registered as 'node-schemas'). */
export const clearNodeSchemas = () => compiled.clear();

/**
 * A published version's shape only: its cross-checks ran when it was published, and a check added
 * since (a stricter date limit, an unsortable column) must not turn its records into errors.
 */
export function compileSchema(definition: unknown): CompiledSchema {
  const parsed = NodeDefinitionShapeSchema.parse(definition);
  return {
    definition: parsed,
    items: parsed.form.items,
    itemsByCode: new Map(parsed.form.items.map((item) => [item.code, item])),
  };
}

/** The frozen definition of a node's schema version, from the cache or the database. */
export async function schemaOf(db: Db, nodeId: NodeId, schemaVersion: number): Promise<CompiledSchema> {
  const key = `${nodeId}:${schemaVersion}`;
  const hit = compiled.get(key);
  if (hit) return hit;
  const [row] = await db
    .select({ definition: nodeSchemaVersions.definition })
    .from(nodeSchemaVersions)
    .where(and(eq(nodeSchemaVersions.nodeId, nodeId), eq(nodeSchemaVersions.schemaVersion, schemaVersion)));
  if (!row) throw notFound(NOT_PUBLISHED_MESSAGE);
  const schema = compileSchema(row.definition);
  compiled.set(key, schema);
  return schema;
}

export type ResolvedNode = {
  nodeId: NodeId;
  title: string;
  /** The node's property (节点属性): lifecycle handlers may be registered for one. */
  nodeProperties: string;
  systemCoding: string;
  gnCoding: string;
  tableName: string;
  /** The schema version resolved: the latest published one unless asked for another. */
  schemaVersion: number;
  /** The latest published schema version (new and edited records get this one). */
  latestVersion: number;
  definition: NodeDefinition;
  schema: CompiledSchema;
  /** The viewer's grants on the node, when it was resolved for one (read in the same statement). */
  grants: GrantSummary | null;
  /** Whether the viewer reviews records of the node, when it was resolved for one (the same statement). */
  reviews: ViewerReviews | null;
};

/** The node lookup of resolveNode, prepared: every records call makes it (decision 0014). */
const nodeLookup = (db: Db, forViewer: boolean) =>
  db
    .select({
      id: menuNodes.id,
      title: menuNodes.title,
      nodeProperties: menuNodes.nodeProperties,
      tableName: nodeDataSources.tableName,
      publishedVersion: nodeDefinitions.publishedVersion,
      grants: forViewer
        ? grantSummarySql(menuNodes.id, {
            id: sql.placeholder('viewerId'),
            loginRoleType: sql.placeholder('viewerRole'),
          })
        : sql<null>`null`,
      reviews: forViewer ? viewerReviewsSql(menuNodes.id, sql.placeholder('viewerId')) : sql<null>`null`,
    })
    .from(menuNodes)
    .innerJoin(systems, eq(systems.id, menuNodes.systemId))
    .leftJoin(
      nodeDataSources,
      and(eq(nodeDataSources.nodeId, menuNodes.id), isNull(nodeDataSources.deletedAt)),
    )
    .leftJoin(nodeDefinitions, eq(nodeDefinitions.nodeId, menuNodes.id))
    .where(
      and(
        eq(systems.gnCoding, sql.placeholder('systemCoding')),
        eq(menuNodes.gnCoding, sql.placeholder('gnCoding')),
        isNull(menuNodes.deletedAt),
        isNull(systems.deletedAt),
      ),
    )
    .limit(1)
    .prepare(forViewer ? 'resolve_node_for_viewer' : 'resolve_node');
const nodeLookups = perDatabase((db) => ({ plain: nodeLookup(db, false), forViewer: nodeLookup(db, true) }));

/**
 * The node a call names by system code and node code, with its table and published definition
 * (the latest, or `schemaVersion`), and, when `viewer` is given, the viewer's grants on it and
 * whether the viewer reviews any of its records. Not found: '节点不存在'; never published:
 * '该功能尚未发布'.
 */
export async function resolveNode(
  db: Db,
  systemCoding: string,
  gnCoding: string,
  schemaVersion?: number,
  viewer?: Pick<SessionUser, 'id' | 'loginRoleType'>,
): Promise<ResolvedNode> {
  const lookups = nodeLookups(db);
  const [node] = viewer
    ? await lookups.forViewer.execute({
        systemCoding,
        gnCoding,
        viewerId: viewer.id,
        viewerRole: viewer.loginRoleType,
      })
    : await lookups.plain.execute({ systemCoding, gnCoding });
  if (!node) throw notFound(NODE_NOT_FOUND_MESSAGE);
  const latest = node.publishedVersion ?? 0;
  if (latest === 0 || !node.tableName) throw notFound(NOT_PUBLISHED_MESSAGE);
  const version = schemaVersion ?? latest;
  const nodeId = asNodeId(node.id);
  const schema = await schemaOf(db, nodeId, version);
  return {
    nodeId,
    title: node.title,
    nodeProperties: node.nodeProperties,
    systemCoding,
    gnCoding,
    tableName: node.tableName,
    schemaVersion: version,
    latestVersion: latest,
    definition: schema.definition,
    schema,
    grants: node.grants,
    reviews: node.reviews,
  };
}

/**
 * resolveNode, or null where the codes name no published node: for callers that serve records of
 * nodes and other targets alike (attachments).
 */
export async function resolveNodeIfAny(
  db: Db,
  systemCoding: string,
  gnCoding: string,
  viewer: Pick<SessionUser, 'id' | 'loginRoleType'>,
): Promise<ResolvedNode | null> {
  try {
    return await resolveNode(db, systemCoding, gnCoding, undefined, viewer);
  } catch (error) {
    if (error instanceof AppError && error.code === ERROR_CODES.NOT_FOUND) return null;
    throw error;
  }
}

/** The node's id, title and table by node id (for callers that hold the id, like the workflow). */
export async function resolveNodeById(db: Db, nodeId: NodeId, schemaVersion?: number) {
  const [node] = await db
    .select({ systemCoding: systems.gnCoding, gnCoding: menuNodes.gnCoding })
    .from(menuNodes)
    .innerJoin(systems, eq(systems.id, menuNodes.systemId))
    .where(eq(menuNodes.id, nodeId));
  if (!node) throw notFound(NODE_NOT_FOUND_MESSAGE);
  return resolveNode(db, node.systemCoding, node.gnCoding, schemaVersion);
}

// ————— reading —————
/** The envelope of a record, as the services use it. */
export type RecordEnvelope = {
  id: string;
  businessId: BusinessId;
  ownerUserId: string;
  ownerEnterpriseId: string | null;
  status: RecordStatus | string;
  auditState: string;
  schemaVersion: number;
  submittedAt: Date | null;
  confirmedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;
};
/** A record: its envelope and each field's native value by code. */
export type StoredRecord = RecordEnvelope & { values: Record<string, NativeValue> };

const dateOf = (value: unknown): Date | null =>
  value === null || value === undefined ? null : value instanceof Date ? value : new Date(String(value));

/** The record alias every query of a node table uses. */
export const R = sql.identifier('r');
export const col = (name: string): SQL => sql`${R}.${fieldIdent(name)}`;

/**
 * A field's column read back in its native form: dates as 'YYYY-MM-DD' text, date-times as
 * 'YYYY-MM-DD HH:MM:SS' in the session's time zone (the zone values were written in), numbers as
 * numeric text (converted in JS), arrays as arrays.
 */
export function readExpression(item: Pick<FormItem, 'code' | 'type'>): SQL {
  const column = col(item.code);
  switch (VALUE_KIND_OF[item.type]) {
    case 'date':
      return sql`to_char(${column}, 'YYYY-MM-DD')`;
    case 'datetime':
      return sql`to_char(${column}, 'YYYY-MM-DD HH24:MI:SS')`;
    case 'daterange':
      return sql`${column}::text[]`;
    case 'number':
      return sql`${column}::text`;
    default:
      return column;
  }
}

/** A raw column value converted to the item's native value. */
export function nativeOf(item: Pick<FormItem, 'type'>, raw: unknown): NativeValue {
  if (raw === null || raw === undefined) return null;
  const kind = VALUE_KIND_OF[item.type];
  if (kind === 'number' || kind === 'integer') return Number(raw);
  if (kind === 'boolean') return raw === true || raw === 't' || raw === 'true';
  if (kind === 'daterange' || kind === 'multi' || kind === 'path') {
    return Array.isArray(raw) ? raw.map(String) : parsePgArray(String(raw));
  }
  return String(raw);
}

/** Both drivers parse arrays, but a domain or unknown type may come back as '{a,b}' text. */
function parsePgArray(text: string): string[] {
  const inner = text.replace(/^\{|\}$/g, '');
  if (!inner) return [];
  return inner.split(',').map((part) => part.replace(/^"|"$/g, '').replace(/\\(.)/g, '$1'));
}

/** Envelope columns of a record, aliased for envelopeOf. */
export const ENVELOPE_SELECT = sql`${R}.id::text as "_id", ${R}.business_id as "_business_id",
  ${R}.owner_user_id::text as "_owner_user_id", ${R}.owner_enterprise_id::text as "_owner_enterprise_id",
  ${R}.status as "_status", ${R}.audit_state as "_audit_state", ${R}.schema_version as "_schema_version",
  ${R}.submitted_at as "_submitted_at", ${R}.confirmed_at as "_confirmed_at", ${R}.created_at as "_created_at",
  ${R}.updated_at as "_updated_at", ${R}.version as "_version"`;

const dialect = new PgDialect();
const renderedSelects = new WeakMap<readonly FormItem[], SQL>();

/**
 * The select list of a record: the envelope and the given items' columns (aliased by code). It has
 * no parameters, so it is rendered to text once per item list (a compiled node schema keeps its
 * list): every list, detail and export embeds it, and drizzle walks its chunks one by one.
 */
export function recordSelect(items: readonly FormItem[]): SQL {
  let rendered = renderedSelects.get(items);
  if (!rendered) {
    const query = dialect.sqlToQuery(
      sql.join(
        [
          ENVELOPE_SELECT,
          ...items.map((item) => sql`${readExpression(item)} as ${sql.identifier(item.code)}`),
        ],
        sql`, `,
      ),
    );
    if (query.params.length > 0) throw new Error('a record select list must not bind parameters');
    rendered = sql.raw(query.sql);
    renderedSelects.set(items, rendered);
  }
  return rendered;
}

export function envelopeOf(row: Record<string, unknown>): RecordEnvelope {
  return {
    id: String(row._id),
    businessId: asBusinessId(String(row._business_id ?? '')),
    ownerUserId: String(row._owner_user_id),
    ownerEnterpriseId: (row._owner_enterprise_id as string | null) ?? null,
    status: String(row._status),
    auditState: String(row._audit_state ?? ''),
    schemaVersion: Number(row._schema_version),
    submittedAt: dateOf(row._submitted_at),
    confirmedAt: dateOf(row._confirmed_at),
    createdAt: dateOf(row._created_at) as Date,
    updatedAt: dateOf(row._updated_at) as Date,
    version: Number(row._version),
  };
}

export function storedOf(row: Record<string, unknown>, items: readonly FormItem[]): StoredRecord {
  const values: Record<string, NativeValue> = {};
  for (const item of items) values[item.code] = nativeOf(item, row[item.code]);
  return Object.assign(envelopeOf(row), { values });
}

/**
 * One live (not deleted) record by id with the values of the given items (default: none), or null.
 * Row scope is the caller's business: the workflow checks reviewers, the records service owners.
 */
export async function loadRecord(
  db: Db,
  tableName: string,
  id: string,
  items: readonly FormItem[] = [],
  scope?: SQL,
  /** Share-lock the row for the caller's transaction: a change of its status waits for it to end. */
  lockShared = false,
): Promise<StoredRecord | null> {
  if (!UUID_PATTERN.test(id)) return null;
  const result = await db.execute(sql`
    select ${recordSelect(items)} from ${tableRef(tableName)} ${R}
    where ${R}.id = ${id}::uuid and ${R}.deleted_at is null ${scope ? sql`and (${scope})` : sql``}${
      lockShared ? sql` for share of ${R}` : sql``
    }`);
  const [row] = rowsOf<Record<string, unknown>>(result);
  return row ? storedOf(row, items) : null;
}
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// ————— writing —————
/** The SQL of a native value cast to its column's type (arrays as array literals, never spliced). */
export function writeExpression(item: Pick<FormItem, 'type'>, value: NativeValue): SQL {
  const kind: ValueKind = VALUE_KIND_OF[item.type];
  if (value === null || value === undefined) return sql`null`;
  switch (kind) {
    case 'number':
      return sql`${String(value)}::numeric`;
    case 'integer':
      return sql`${String(value)}::integer`;
    case 'boolean':
      return sql`${value === true}::boolean`;
    case 'date':
      return sql`${String(value)}::date`;
    case 'datetime':
      return sql`${String(value)}::timestamptz`;
    case 'daterange':
      return sql`${arrayLiteral(value)}::date[]`;
    case 'multi':
    case 'path':
      return sql`${arrayLiteral(value)}::text[]`;
    default:
      return sql`${String(value)}`;
  }
}

/** A PostgreSQL array literal of text elements, each quoted and escaped, passed as one parameter. */
export function arrayLiteral(value: NativeValue): string {
  const list = Array.isArray(value) ? value : [String(value)];
  return `{${list.map((one) => `"${String(one).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
}

export type EnvelopePatch = {
  status?: RecordStatus;
  auditState?: string;
  submittedAt?: Date | null;
  confirmedAt?: Date | null;
};

/**
 * Changes a record's envelope over the version the caller read, bumping the version; a stale
 * version (or a deleted record) is a 409 conflict. Answers the new version.
 */
export async function updateEnvelope(
  tx: Db,
  tableName: string,
  id: string,
  expectedVersion: number,
  patch: EnvelopePatch,
): Promise<number> {
  const sets: SQL[] = [sql`version = version + 1`, sql`updated_at = now()`];
  if (patch.status !== undefined) sets.push(sql`status = ${patch.status}`);
  if (patch.auditState !== undefined) sets.push(sql`audit_state = ${patch.auditState}`);
  if (patch.submittedAt !== undefined)
    sets.push(sql`submitted_at = ${patch.submittedAt ? patch.submittedAt.toISOString() : null}::timestamptz`);
  if (patch.confirmedAt !== undefined)
    sets.push(sql`confirmed_at = ${patch.confirmedAt ? patch.confirmedAt.toISOString() : null}::timestamptz`);
  const result = await tx.execute(sql`
    update ${tableRef(tableName)} set ${sql.join(sets, sql`, `)}
    where id = ${id}::uuid and version = ${expectedVersion} and deleted_at is null
    returning version`);
  const [row] = rowsOf<{ version: number }>(result);
  if (!row) throw conflict(RECORD_CONFLICT_MESSAGE);
  return Number(row.version);
}

export type RevisionEntry = {
  nodeId: NodeId;
  recordId: string;
  version: number;
  action: string;
  user: Pick<SessionUser, 'id' | 'userName'> | null;
  changes: RevisionChange[];
};

/** Appends one revision of a record (the caller's transaction). */
export async function writeRevision(tx: Db, revision: RevisionEntry): Promise<void> {
  await revisionInsert(tx, revision);
}

/** The insert of one revision, to run on its own or inside a larger statement. */
export function revisionInsert(db: Db, revision: RevisionEntry) {
  return db.insert(recordRevisions).values({
    nodeId: revision.nodeId,
    recordId: revision.recordId,
    version: revision.version,
    action: revision.action,
    userId: revision.user?.id ?? null,
    userName: revision.user?.userName ?? '',
    changes: revision.changes,
  });
}

/** The revisions of a record, newest first. */
export async function findRevisions(db: Db, nodeId: NodeId, recordId: string) {
  return db
    .select()
    .from(recordRevisions)
    .where(and(eq(recordRevisions.nodeId, nodeId), eq(recordRevisions.recordId, recordId)))
    .orderBy(desc(recordRevisions.version), desc(recordRevisions.createdAt));
}

/** The 404 of a record the caller cannot see: the same answer whether it exists or not. */
export const recordNotFound = () => notFound(RECORD_NOT_FOUND_MESSAGE);
