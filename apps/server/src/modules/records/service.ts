import { randomUUID } from 'node:crypto';
import {
  AUDIT_STATE_LABELS,
  auditColor,
  auditStateName,
  type Button,
  CHART_NOT_FOUND_MESSAGE,
  type ChartData,
  DEEP_PAGE_MESSAGE,
  EDITABLE_STATUSES,
  EXACT_COUNT_LIMIT,
  FIXED_OPTIONS,
  type FilterFields,
  type FilterOption,
  FORM_BUTTONS,
  type FormItem,
  type FormOption,
  FUNCTION_DENIED_MESSAGE,
  fromWire,
  type ListRecordsBody,
  ListRecordsBodySchema,
  MAX_LIST_OFFSET,
  type NativeValue,
  NODE_FUNCTION_LABELS,
  type NodeFunction,
  type NodeRef,
  OPTION_TYPES,
  optionsUnder,
  PAGE_ANCHOR_MESSAGE,
  parentsOf,
  RECORD_NOT_DELETABLE_MESSAGE,
  RECORD_NOT_EDITABLE_MESSAGE,
  RECORD_STATUS_LABELS,
  RECORD_STATUSES,
  REVISION_ACTION_LABELS,
  type RecordDetails,
  type RecordDetailsBody,
  type RecordPage,
  type RecordRow,
  type RecordStatus,
  type Revision,
  type RevisionAction,
  type RevisionChange,
  recordFromWire,
  recordToWire,
  type SaveRecordBody,
  type SaveResult,
  statusColor,
  statusName,
  TABLE_BUTTONS,
  type TableColumn,
  type UpdatePartBody,
  VALUE_KIND_OF,
  validateRecord,
  type WireRecord,
  type WireValue,
} from '@ks/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import { writeTogether } from '../../db/write-together.ts';
import type { SessionUser } from '../../platform/access.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { operationInsert, recordOperation } from '../../platform/operation-log.ts';
import { allowedFunctions, functionsGranted } from '../authority/grants.ts';
import { fieldIdent, rowsOf, tableRef } from '../builder/node-tables.ts';
import { resolveOptions } from '../catalogues/option-sources.ts';
import { findRecordFiles } from '../files/record-files.ts';
import { findLatestInstance } from '../workflow/repository.ts';
import { auditRoundsJson, auditRoundViews } from './audit-steps.ts';
import {
  compileListFilter,
  compileSort,
  type FieldWhitelist,
  fieldOf,
  fieldWhitelist,
  type ListOrder,
  type SearchLabels,
} from './filter-compiler.ts';
import { type EstimateKey, estimateKey, ListEstimates } from './list-estimates.ts';
import { localStamp } from './local-time.ts';
import { type ItemLabeller, optionLabeller, rowLabels } from './option-labels.ts';
import {
  col,
  envelopeOf,
  findRevisions,
  loadRecord,
  R,
  type RecordEnvelope,
  type ResolvedNode,
  recordNotFound,
  recordSelect,
  resolveNode,
  revisionInsert,
  type StoredRecord,
  storedOf,
  UUID_PATTERN,
  writeExpression,
  writeRevision,
} from './record-store.ts';
import {
  isOwnerSide,
  ownerScope,
  pendingReviewOf,
  readScope,
  revocableBy,
  rowOperations,
  viewScopeOf,
} from './row-scope.ts';

export type RequestMeta = { ip: string };
/** A node as one call sees it: its published definition, the caller's functions and field whitelist. */
export type NodeContext = {
  node: ResolvedNode;
  allowed: Set<NodeFunction>;
  functions: NodeFunction[];
  fields: FieldWhitelist;
};
export type ListQuery = Omit<ListRecordsBody, 'curPage' | 'pageSize'> & {
  curPage: number;
  pageSize: number;
};

/** The rows a list matches: the node's table, the list's WHERE and the key its estimate is held under. */
type Matching = { tableName: string; where: SQL; key: EstimateKey };

/** What a row's operations need beyond its columns: whether the caller may audit or revoke it now. */
const REVIEW_STATE = (user: SessionUser, node: ResolvedNode) =>
  sql`${pendingReviewOf(user, node)} as "_can_audit", ${revocableBy(user, node, node.definition.functions.includes('revoke'))} as "_can_revoke"`;
/** The rows a caller may read in this call's node (viewScopeOf, with the caller's functions). */
const viewScope = (user: SessionUser, context: NodeContext): SQL =>
  viewScopeOf(user, context.node, context.allowed);

/** A row's review state as rowOperations takes it, from a row read with REVIEW_STATE. */
const reviewState = (user: SessionUser, record: RecordEnvelope, row: Record<string, unknown>) => ({
  status: record.status,
  ownerSide: isOwnerSide(user, record),
  canAudit: row._can_audit === true,
  canRevoke: row._can_revoke === true,
});
const ROW_EXTRA = (user: SessionUser, node: ResolvedNode) =>
  sql`, u.user_name as "_owner_name", ${REVIEW_STATE(user, node)}`;

/**
 * The records runtime over node tables: lists under row scope, forms, validated saves with history,
 * deletes, options, buttons and charts. Permissions are decided here per node, function and row.
 */
export class RecordService {
  constructor(
    private readonly db: Db,
    readonly estimates = new ListEstimates(),
  ) {}

  /** The node a call names, the caller's functions on it and its filter whitelist; developers see no data. */
  async context(
    user: SessionUser,
    ref: NodeRef,
    schemaVersion?: number,
    db: Db = this.db,
  ): Promise<NodeContext> {
    const node = await resolveNode(db, ref.systemCoding, ref.gnCoding, schemaVersion, user);
    ownerScope(user); // D: 403 before anything about the node's data is answered
    return this.definitionContext(user, node, db);
  }

  /**
   * The context of a call that answers only the published definition (columns, form, options,
   * buttons): developers may make these too, for the previews of the nodes they configure.
   */
  async definitionContext(
    user: SessionUser,
    ref: NodeRef | ResolvedNode,
    db: Db = this.db,
  ): Promise<NodeContext> {
    const node =
      'nodeId' in ref ? ref : await resolveNode(db, ref.systemCoding, ref.gnCoding, undefined, user);
    const allowed = node.grants
      ? functionsGranted(user, node.grants, node.definition.functions)
      : await allowedFunctions(db, user, node.nodeId, node.definition.functions);
    return {
      node,
      allowed,
      functions: node.definition.functions.filter((code) => allowed.has(code)),
      fields: fieldWhitelist(node.schema.items),
    };
  }

  /** The ORDER BY of a list: the caller's sort, else the node's default sort (the export follows it too). */
  listOrder(context: NodeContext, query: Pick<ListQuery, 'sortField' | 'sortOrder'>): ListOrder {
    const { list } = context.node.definition;
    return compileSort(context.fields, query.sortField, query.sortOrder, {
      field: list.sortField,
      order: list.sortOrder,
    });
  }

  private require(context: NodeContext, code: NodeFunction) {
    if (!context.allowed.has(code)) throw forbidden(FUNCTION_DENIED_MESSAGE(NODE_FUNCTION_LABELS[code]));
  }

  // ————— lists —————
  /** The WHERE of a list: live rows, the caller's row scope, the call's filters. */
  /** The labels of the option fields a list's search tags name (nothing to read without such tags). */
  async searchLabels(context: NodeContext, query: Pick<ListQuery, 'search'>): Promise<SearchLabels> {
    const labels = new Map<string, Map<string, string>>();
    for (const tag of query.search ?? []) {
      const item = context.node.schema.itemsByCode.get(tag.code);
      if (item && !labels.has(item.code) && (OPTION_TYPES.includes(item.type) || FIXED_OPTIONS[item.type]))
        labels.set(item.code, labelMap(await this.optionsOf(item)));
    }
    return labels;
  }

  listWhere(
    user: SessionUser,
    context: NodeContext,
    query: Pick<ListQuery, 'search' | 'filters' | 'where'>,
    labels?: SearchLabels,
  ): SQL {
    const filter = compileListFilter(query, context.fields, context.node.definition, labels);
    return sql`${col('deleted_at')} is null and ${viewScope(user, context)}${filter ? sql` and (${filter})` : sql``}`;
  }

  async list(user: SessionUser, input: ListQuery, view: 'table' | 'card'): Promise<RecordPage> {
    const query = ListRecordsBodySchema.parse(input);
    const context = await this.context(user, query);
    const { node } = context;
    // A keyset page (after or before a record of the page the caller holds) has no offset, so the
    // offset cap does not apply to it: that is how a person pages on past MAX_LIST_OFFSET.
    const anchor = query.after ?? query.before;
    const offset = anchor ? null : (query.curPage - 1) * query.pageSize;
    if (offset !== null && offset >= MAX_LIST_OFFSET) throw badRequest(DEEP_PAGE_MESSAGE);
    const where = this.listWhere(user, context, query, await this.searchLabels(context, query));
    const order = this.listOrder(context, query);
    const table = tableRef(node.tableName);
    if (anchor) await this.requireAnchor(user, context, anchor);
    const backwards = Boolean(query.before);
    const keyset = anchor ? sql` and ${order.beyond(table, anchor, backwards)}` : sql``;
    const items = node.schema.items;
    // While an estimate is held for this WHERE, the last capped count found more rows than the
    // cap, and a new one would only answer that same estimate: the page is read without it.
    const key = estimateKey(node.tableName, where);
    const held = this.estimates.held(key);
    // The page's ids first (scope, filters, order, limit/offset on the table alone), then the owner
    // join and the per-row review state for those rows only (bench/results/records-profile.md). The
    // capped count rides in the same statement: one round trip fewer on every list.
    const [result, labelOf] = await Promise.all([
      this.db.execute(sql`
        select ${recordSelect(items)}${ROW_EXTRA(user, node)}${held === undefined ? sql`, (${this.cappedCount(node.tableName, where)}) as "_total"` : sql``}
        from (select ${R}.id from ${table} ${R}
          where ${where}${keyset} order by ${backwards ? order.reversed : order.by}
          limit ${query.pageSize} offset ${offset ?? 0}) page
        join ${table} ${R} on ${R}.id = page.id
        left join users u on u.id = ${R}.owner_user_id
        order by ${order.by}`),
      optionLabeller(this.db, items),
    ]);
    const rows = rowsOf<Record<string, unknown>>(result);
    const { total, exact } = await this.pageTotal(
      { tableName: node.tableName, where, key },
      rows,
      offset,
      query.pageSize,
      held,
    );
    const records = rows.map((row) => this.rowOf(user, context, row, items, labelOf));
    if (view === 'card' || query.withFiles) {
      const files = await findRecordFiles(
        this.db,
        user,
        query,
        records.map((record) => record.id),
        { tableName: node.tableName, readable: viewScope(user, context) },
      );
      for (const record of records) record.fileList = files.get(record.id) ?? [];
    }
    return {
      records,
      total,
      totalExact: exact,
      curPage: query.curPage,
      pageSize: query.pageSize,
      columns: columnsOf(node),
      functions: context.functions,
      cardStyle: view === 'card' ? node.definition.list.cardStyle : null,
    };
  }

  /** A keyset page's anchor must be a record the caller may read, or its position would tell of others'. */
  private async requireAnchor(user: SessionUser, context: NodeContext, anchor: string) {
    const found = await this.db.execute(
      sql`select 1 from ${tableRef(context.node.tableName)} ${R} where ${R}.id = ${anchor} and ${viewScope(user, context)}`,
    );
    if (rowsOf(found).length === 0) throw badRequest(PAGE_ANCHOR_MESSAGE);
  }

  /**
   * The total of a list page read with the capped count in `_total`, or without it under a held
   * estimate. `offset` is null for a keyset page.
   */
  private async pageTotal(
    matching: Matching,
    rows: Record<string, unknown>[],
    offset: number | null,
    pageSize: number,
    held: number | undefined,
  ): Promise<{ total: number; exact: boolean }> {
    // A page past the end has no row to carry the count: then it is asked on its own.
    if (rows.length === 0) return offset === 0 ? { total: 0, exact: true } : this.count(matching);
    if (held === undefined) return this.totalOf(matching, Number(rows[0]?._total));
    // A short page at an offset is the last one, which tells the total exactly.
    if (offset !== null && rows.length < pageSize) return { total: offset + rows.length, exact: true };
    return { total: Math.max(held, EXACT_COUNT_LIMIT + 1), exact: false };
  }

  /** The number of matching rows, counted up to EXACT_COUNT_LIMIT + 1 (a scalar sub-query). */
  private cappedCount(tableName: string, where: SQL): SQL {
    return sql`select count(*)::int from (select 1 from ${tableRef(tableName)} ${R} where ${where} limit ${EXACT_COUNT_LIMIT + 1}) s`;
  }

  /**
   * Exact count up to EXACT_COUNT_LIMIT matching rows; above it the planner's estimate, flagged,
   * because an exact count over millions of rows takes seconds (ARCHITECTURE §4).
   */
  private async count(matching: Matching): Promise<{ total: number; exact: boolean }> {
    const counted = await this.db.execute(
      sql`select (${this.cappedCount(matching.tableName, matching.where)}) as n`,
    );
    return this.totalOf(matching, Number(rowsOf<{ n: number }>(counted)[0]?.n ?? 0));
  }

  /** The total to show for a capped count: itself, or above the cap the planner's estimate. */
  private async totalOf(matching: Matching, capped: number): Promise<{ total: number; exact: boolean }> {
    if (capped <= EXACT_COUNT_LIMIT) return { total: capped, exact: true };
    const estimate = await this.estimates.get(matching.key, () => this.estimateRows(matching));
    return { total: Math.max(estimate, EXACT_COUNT_LIMIT + 1), exact: false };
  }

  /**
   * The planner's estimate of the rows a list matches, asked once a capped count found more than
   * EXACT_COUNT_LIMIT. An estimate within the limit contradicts that count: the table's statistics
   * are missing or stale (PGlite has no autovacuum, and a bulk load outruns it), and the pager
   * would end at the limit. Then the table is analysed, at most once per ANALYSE_INTERVAL_MS, and
   * the WHERE planned again.
   */
  private async estimateRows({ tableName, where }: Matching): Promise<number> {
    const planned = await this.planRows(tableName, where);
    if (planned > EXACT_COUNT_LIMIT || !this.estimates.mayAnalyse(tableName)) return planned;
    await this.db.execute(sql`analyze ${tableRef(tableName)}`);
    return this.planRows(tableName, where);
  }

  /** The planner's row estimate for the WHERE (0 when the plan cannot be read). */
  private async planRows(tableName: string, where: SQL): Promise<number> {
    try {
      const plan = await this.db.execute(
        sql`explain (format json) select 1 from ${tableRef(tableName)} ${R} where ${where}`,
      );
      const [first] = rowsOf<Record<string, unknown>>(plan);
      const raw = first ? Object.values(first)[0] : null;
      const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
      return Math.round(Number(parsed?.[0]?.Plan?.['Plan Rows'] ?? 0));
    } catch {
      return 0;
    }
  }

  /** A database row as the list shows it: wire values by code, then the envelope. */
  rowOf(
    user: SessionUser,
    context: NodeContext,
    row: Record<string, unknown>,
    items: readonly FormItem[],
    labelOf: ItemLabeller,
  ): RecordRow {
    const record = storedOf(row, items);
    const wire = recordToWire(items, record.values);
    // Object.assign, not `{...wire, labels, …}`: V8 builds a spread followed by this many
    // properties through its slow path, about 12 µs a row against 1 µs.
    return Object.assign({}, wire, {
      labels: rowLabels(items, wire, labelOf),
      id: record.id,
      businessId: record.businessId,
      version: record.version,
      status: record.status,
      statusName: statusName(record.status),
      auditState: record.auditState,
      statusColor: statusColor(record.status),
      auditColor: auditColor(record.auditState),
      createdAt: record.createdAt.toISOString(),
      submittedAt: record.submittedAt?.toISOString() ?? null,
      ownerName: String(row._owner_name ?? ''),
      schemaVersion: record.schemaVersion,
      operations: rowOperations(
        reviewState(user, record, row),
        context.node.definition.functions,
        context.allowed,
      ),
    }) as RecordRow;
  }

  async columns(user: SessionUser, ref: NodeRef): Promise<TableColumn[]> {
    const context = await this.definitionContext(user, ref);
    return columnsOf(context.node);
  }

  /** One record as a list row (table-info/mtr). */
  async row(user: SessionUser, ref: NodeRef & { id: string }): Promise<RecordRow> {
    const context = await this.context(user, ref);
    const { node } = context;
    const result = await this.db.execute(sql`
      select ${recordSelect(node.schema.items)}${ROW_EXTRA(user, node)}
      from ${tableRef(node.tableName)} ${R} left join users u on u.id = ${R}.owner_user_id
      where ${R}.id = ${ref.id}::uuid and ${col('deleted_at')} is null and ${viewScope(user, context)}`);
    const [row] = rowsOf<Record<string, unknown>>(result);
    if (!row) throw recordNotFound();
    return this.rowOf(
      user,
      context,
      row,
      node.schema.items,
      await optionLabeller(this.db, node.schema.items),
    );
  }

  // ————— the form —————
  async details(user: SessionUser, body: RecordDetailsBody): Promise<RecordDetails> {
    if (!body.id) {
      const context = await this.definitionContext(user, body);
      const { definition } = context.node;
      return {
        schemaVersion: context.node.schemaVersion,
        items: definition.form.items,
        groups: definition.form.groups,
        record: null,
        meta: null,
        functions: context.functions,
        operations: [],
        audit: definition.audit.levels.length
          ? { levels: levelsOf(definition.audit.levels), steps: [], earlierRounds: [] }
          : null,
      };
    }
    const latest = await this.context(user, body);
    // One statement: the record in the latest schema's columns, whether the caller has a pending
    // step on it and the steps of its latest audit flow (decision 0014).
    const row = await this.detailRow(user, latest, body.id);
    if (!row) throw recordNotFound();
    const head = envelopeOf(row);
    // A record is shown with the form it was filled in with (a submitted record: its snapshot version).
    const context =
      head.schemaVersion === latest.node.schemaVersion
        ? latest
        : await this.context(user, body, head.schemaVersion);
    const { definition, schema } = context.node;
    const record =
      context === latest
        ? storedOf(row, schema.items)
        : ((await loadRecord(this.db, context.node.tableName, head.id, schema.items)) as StoredRecord);
    const { steps, earlierRounds } = auditRoundViews(row._rounds);
    // A record under review shows what was submitted: its flow's snapshot, the values with the form
    // they were filled in with (decision 0012), whatever a later publish did to the record's columns.
    const snapshot =
      record.status === 'submitted'
        ? ((await findLatestInstance(this.db, latest.node.nodeId, record.id))?.snapshot ?? null)
        : null;
    return {
      schemaVersion: record.schemaVersion,
      items: snapshot?.items ?? definition.form.items,
      groups: snapshot?.groups ?? definition.form.groups,
      record: snapshot?.values ?? recordToWire(schema.items, record.values),
      meta: {
        id: record.id,
        version: record.version,
        status: record.status,
        auditState: record.auditState,
        businessId: record.businessId,
        createdAt: record.createdAt.toISOString(),
        submittedAt: record.submittedAt?.toISOString() ?? null,
      },
      functions: latest.functions,
      operations: rowOperations(
        reviewState(user, record, row),
        latest.node.definition.functions,
        latest.allowed,
      ),
      audit:
        definition.audit.levels.length || steps.length
          ? { levels: levelsOf(definition.audit.levels), steps, earlierRounds }
          : null,
    };
  }

  /** The record of a details call under the caller's read scope, with its review state; or null. */
  private async detailRow(user: SessionUser, context: NodeContext, id: string) {
    if (!UUID_PATTERN.test(id)) return null;
    const { node } = context;
    // Prepared: its text depends only on the node's definition and the caller's role and grants.
    const result = await executePrepared(
      this.db,
      sql`
      select ${recordSelect(node.schema.items)}, ${REVIEW_STATE(user, node)},
        (${auditRoundsJson(node.nodeId)}) as "_rounds"
      from ${tableRef(node.tableName)} ${R}
      where ${R}.id = ${id}::uuid and ${col('deleted_at')} is null and ${viewScope(user, context)}`,
      `${node.nodeId}@${node.schemaVersion}`,
    );
    return rowsOf<Record<string, unknown>>(result)[0] ?? null;
  }

  // ————— saving —————
  /** Options of every option-type item whose source is not static, resolved once per save. */
  async optionSources(items: readonly FormItem[], db: Db = this.db) {
    const resolved = new Map<string, FormOption[]>();
    for (const item of items) {
      if (!OPTION_TYPES.includes(item.type) || item.source.kind === 'static') continue;
      resolved.set(item.code, (await resolveOptions(db, item.source)) ?? []);
    }
    return (item: FormItem) => resolved.get(item.code);
  }

  /** Validates wire values with the form's own schema; a failure is 400 with the {field: message} map. */
  async validate(items: readonly FormItem[], wire: WireRecord, db: Db = this.db) {
    const values = recordFromWire(items, wire);
    const result = validateRecord(items, values, { optionsOf: await this.optionSources(items, db) });
    const messages = Object.values(result.errors);
    if (messages.length) throw badRequest(messages[0] as string, result.errors);
    return result.clean;
  }

  async save(user: SessionUser, body: SaveRecordBody, meta: RequestMeta): Promise<SaveResult> {
    const context = await this.context(user, body);
    this.require(context, 'save');
    if (!body.id) return this.create(user, context, body.values, meta);
    if (body.version === undefined) throw badRequest('缺少数据版本', { version: '缺少数据版本' });
    return this.update(user, context, body.id, body.version, body.values, 'replace', meta);
  }

  async updatePart(user: SessionUser, body: UpdatePartBody, meta: RequestMeta): Promise<SaveResult> {
    const context = await this.context(user, body);
    this.require(context, 'save');
    return this.update(user, context, body.id, body.version, body.values, 'merge', meta);
  }

  private async create(user: SessionUser, context: NodeContext, wire: WireRecord, meta: RequestMeta) {
    const { node } = context;
    const items = node.schema.items;
    const clean = await this.validate(items, wire);
    const created = { id: randomUUID(), version: 1 };
    // The record, its first revision and the log entry: one atomic statement, one round trip.
    await writeTogether(this.db, [
      recordsInsert(node, user, items, [{ id: created.id, clean }]),
      revisionInsert(this.db, {
        nodeId: node.nodeId,
        recordId: created.id,
        version: created.version,
        action: 'create',
        user,
        changes: diff(items, {}, recordToWire(items, clean)),
      }).getSQL(),
      operationInsert(this.db, {
        user,
        action: '新增数据',
        targetType: node.gnCoding,
        targetId: created.id,
        targetName: node.title,
        ip: meta.ip,
      }).getSQL(),
    ]);
    return created;
  }

  private async update(
    user: SessionUser,
    latest: NodeContext,
    id: string,
    version: number,
    wire: WireRecord,
    mode: 'replace' | 'merge',
    meta: RequestMeta,
  ): Promise<SaveResult> {
    const existing = await this.writableRecord(user, latest, id);
    if (!EDITABLE_STATUSES.includes(existing.status as RecordStatus))
      throw badRequest(RECORD_NOT_EDITABLE_MESSAGE);
    if (existing.version !== version) throw conflict();
    // A record is edited with the form it was filled in with.
    const context =
      existing.schemaVersion === latest.node.schemaVersion
        ? latest
        : await this.context(user, latest.node, existing.schemaVersion);
    const { node } = context;
    const items = node.schema.items;
    const current = (await loadRecord(this.db, node.tableName, id, items)) as StoredRecord;
    const before = recordToWire(items, current.values);
    const incoming = mode === 'merge' ? { ...before, ...wire } : wire;
    const clean = await this.validate(items, incoming);
    const after = recordToWire(
      items,
      Object.fromEntries(items.map((item) => [item.code, clean[item.code] ?? null])),
    );
    return this.db.transaction(async (tx) => {
      const sets = items.map(
        (item) => sql`${fieldIdent(item.code)} = ${writeExpression(item, clean[item.code] ?? null)}`,
      );
      const result = await tx.execute(sql`
        update ${tableRef(node.tableName)} ${R} set ${sql.join(sets, sql`, `)}, version = ${R}.version + 1, updated_at = now()
        where ${R}.id = ${id}::uuid and ${R}.version = ${version} and ${R}.deleted_at is null
        returning ${R}.version`);
      const [row] = rowsOf<{ version: number }>(result);
      if (!row) throw conflict();
      await writeRevision(tx, {
        nodeId: node.nodeId,
        recordId: id,
        version: Number(row.version),
        action: 'update',
        user,
        changes: diff(items, before, after),
      });
      await recordOperation(tx, {
        user,
        action: mode === 'merge' ? '修改部分数据' : '修改数据',
        targetType: node.gnCoding,
        targetId: id,
        targetName: node.title,
        ip: meta.ip,
      });
      return { id, version: Number(row.version) };
    });
  }

  /** A record the caller may change: readable (else 404, the same as absent) and on the owner side (else 403). */
  private async writableRecord(user: SessionUser, context: NodeContext, id: string): Promise<StoredRecord> {
    const record = await loadRecord(this.db, context.node.tableName, id, [], readScope(user, context.node));
    if (!record) throw recordNotFound();
    if (!isOwnerSide(user, record)) throw forbidden();
    return record;
  }

  async remove(user: SessionUser, query: NodeRef & { id: string; version: number }, meta: RequestMeta) {
    const context = await this.context(user, query);
    this.require(context, 'delete');
    const { node } = context;
    const existing = await this.writableRecord(user, context, query.id);
    if (!EDITABLE_STATUSES.includes(existing.status as RecordStatus))
      throw badRequest(RECORD_NOT_DELETABLE_MESSAGE);
    await this.db.transaction(async (tx) => {
      const result = await tx.execute(sql`
        update ${tableRef(node.tableName)} set deleted_at = now(), version = version + 1, updated_at = now()
        where id = ${query.id}::uuid and version = ${query.version} and deleted_at is null returning version`);
      const [row] = rowsOf<{ version: number }>(result);
      if (!row) throw conflict();
      await writeRevision(tx, {
        nodeId: node.nodeId,
        recordId: query.id,
        version: Number(row.version),
        action: 'delete',
        user,
        changes: [],
      });
      await recordOperation(tx, {
        user,
        action: '删除数据',
        targetType: node.gnCoding,
        targetId: query.id,
        targetName: node.title,
        ip: meta.ip,
      });
    });
  }

  /** A record's change history (logHistory): who changed which field from what to what. */
  async revisions(user: SessionUser, body: NodeRef & { id: string }): Promise<Revision[]> {
    const context = await this.context(user, body);
    const record = await loadRecord(this.db, context.node.tableName, body.id, [], viewScope(user, context));
    if (!record) throw recordNotFound();
    const rows = await findRevisions(this.db, context.node.nodeId, record.id);
    return rows.map((row) => ({
      version: row.version,
      action: row.action,
      actionName: REVISION_ACTION_LABELS[row.action as RevisionAction] ?? row.action,
      userName: row.userName,
      time: row.createdAt.toISOString(),
      dataList: row.changes,
    }));
  }

  // ————— options, filters, buttons, charts —————
  /** The options of a field: its own list, its source (dictionary, value range) or the platform's fixed set. */
  async optionsOf(item: FormItem): Promise<FormOption[]> {
    const fixed = FIXED_OPTIONS[item.type];
    if (fixed) return fixed.map((value) => ({ label: value, value }));
    if (item.source.kind !== 'static') return (await resolveOptions(this.db, item.source)) ?? [];
    return item.options?.list ?? [];
  }

  private itemOf(context: NodeContext, code: string): FormItem {
    const item = context.node.schema.itemsByCode.get(code);
    if (!item) throw notFound('字段不存在');
    return item;
  }

  async filterFields(user: SessionUser, body: NodeRef & { displayCode: string }): Promise<FilterFields> {
    const context = await this.definitionContext(user, body);
    const card = context.node.definition.list.filters.find((one) => one.displayCode === body.displayCode);
    if (!card) throw notFound('筛选不存在');
    const result = [];
    for (const entry of card.displayList) {
      let dataList: FilterOption[] = entry.dataList;
      if (dataList.length === 0) {
        if (entry.code === 'status') {
          dataList = RECORD_STATUSES.map((value) => ({ label: RECORD_STATUS_LABELS[value], value }));
        } else if (entry.code === 'audit_state') {
          dataList = Object.entries(AUDIT_STATE_LABELS)
            .filter(([value]) => value !== '')
            .map(([value, label]) => ({ label, value }));
        } else {
          const item = context.node.schema.itemsByCode.get(entry.code);
          dataList = item ? toFilterOptions(await this.optionsOf(item)) : [];
        }
      }
      result.push({ ...entry, dataList });
    }
    return { code: card.displayCode, result };
  }

  /**
   * Options of a field for a select; with `key` (the parent's value) the children of the parent's
   * chosen option, or the field's own options tagged with that parent value (rangeKey).
   */
  async pullDown(
    user: SessionUser,
    body: NodeRef & { displayCode: string; key?: string | undefined; whereStr?: string | undefined },
  ) {
    const context = await this.definitionContext(user, body);
    const item = this.itemOf(context, body.displayCode);
    let list = await this.optionsOf(item);
    if (body.key !== undefined && body.key !== '') {
      const [parentCode] = parentsOf(item);
      const parent = parentCode === undefined ? undefined : context.node.schema.itemsByCode.get(parentCode);
      // The key is the parent's wire value: a cascader's path comes joined by '/'. Without a parent,
      // the key names an option of the field's own tree, and nothing else is offered.
      list = parent
        ? [
            ...optionsUnder(
              list,
              await this.optionsOf(parent),
              fromWire(parent.type, body.key) as string | string[],
              list,
              parent.type,
            ),
          ]
        : [...optionsUnder(list, list, body.key, [])];
    }
    if (body.whereStr) {
      const needle = body.whereStr.toLowerCase();
      list = list.filter((option) => option.label.toLowerCase().includes(needle));
    }
    return {
      result: {
        list,
        labelKey: item.options?.labelKey ?? 'label',
        valueKey: item.options?.valueKey ?? 'value',
      },
    };
  }

  async certCascade(user: SessionUser, body: NodeRef & { displayCode: string }) {
    const context = await this.definitionContext(user, body);
    const item = this.itemOf(context, body.displayCode);
    return { code: item.code, data: await this.optionsOf(item) };
  }

  async buttons(user: SessionUser, ref: NodeRef, where: 'table' | 'form'): Promise<Button[]> {
    const context = await this.definitionContext(user, ref);
    const place: readonly NodeFunction[] = where === 'table' ? TABLE_BUTTONS : FORM_BUTTONS;
    return context.functions
      .filter((code) => place.includes(code))
      .map((code) => ({
        code,
        name: where === 'table' && code === 'save' ? '新增' : NODE_FUNCTION_LABELS[code],
      }));
  }

  /** A chart's series aggregated on the server over the rows the caller may read. */
  async chartData(user: SessionUser, body: NodeRef & { chartId: string }): Promise<ChartData> {
    const context = await this.context(user, body);
    const { node } = context;
    const chart = node.definition.charts.find((one) => one.id === body.chartId);
    if (!chart) throw notFound(CHART_NOT_FOUND_MESSAGE);
    const dimension = fieldOf(context.fields, chart.dimension);
    const column = col(dimension.code);
    const category =
      dimension.kind === 'multi' || dimension.kind === 'path' || dimension.kind === 'daterange'
        ? sql`array_to_string(${column}, ${dimension.kind === 'path' ? '/' : dimension.kind === 'multi' ? ';' : ','})`
        : dimension.kind === 'datetime'
          ? sql`to_char(${column}, 'YYYY-MM-DD')`
          : sql`${column}::text`;
    let measure = sql`count(*)::float8`;
    if (chart.measure !== 'count') {
      const field = fieldOf(context.fields, chart.measureField);
      if (field.kind !== 'number' && field.kind !== 'integer') throw badRequest('统计字段须为数字字段');
      measure =
        chart.measure === 'sum'
          ? sql`coalesce(sum(${col(field.code)}), 0)::float8`
          : sql`coalesce(avg(${col(field.code)}), 0)::float8`;
    }
    const result = await this.db.execute(sql`
      select ${category} as category, ${measure} as value from ${tableRef(node.tableName)} ${R}
      where ${col('deleted_at')} is null and ${viewScope(user, context)}
      group by 1 order by 1 nulls last limit 200`);
    const rows = rowsOf<{ category: string | null; value: number }>(result);
    const labels = dimension.item
      ? labelMap(await this.optionsOf(dimension.item))
      : new Map<string, string>();
    const labelOf = (value: string | null) => {
      if (value === null || value === '') return '未填写';
      if (dimension.code === 'status') return statusName(value);
      if (dimension.code === 'audit_state') return auditStateName(value);
      if (dimension.kind === 'boolean') return value === 'true' ? '是' : '否';
      return value
        .split(dimension.kind === 'multi' ? ';' : dimension.kind === 'path' ? '/' : '\u0000')
        .map((part) => labels.get(part) ?? part)
        .join(dimension.kind === 'multi' ? ';' : '/');
    };
    return {
      categories: rows.map((row) => labelOf(row.category)),
      series: rows.map((row) => Number(row.value)),
    };
  }
}

// ————— helpers —————
/** The list's columns: the published ones, or (none configured) one per shown form item and the status. */
export function columnsOf(node: ResolvedNode): TableColumn[] {
  const configured = node.definition.list.columns;
  if (configured.length) return configured;
  return [
    ...node.schema.items
      .filter((item) => item.show)
      .map((item) => ({
        code: item.code,
        name: item.name,
        show: true,
        type: 'text' as const,
        isSearch: false,
        isStatus: false,
        listAlignment: 'left' as const,
        width: 0,
        sortable: true,
      })),
    {
      code: 'status',
      name: '状态',
      show: true,
      type: 'status' as const,
      isSearch: false,
      isStatus: true,
      listAlignment: 'center' as const,
      width: 100,
      sortable: true,
    },
  ];
}

const levelsOf = (levels: { level: number; name: string; way: 'single' | 'any' | 'all' }[]) =>
  levels.map(({ level, name, way }) => ({ level, name, way }));

/** Changed fields between two wire records, for a revision (field, name, old value, new value). */
export function diff(items: readonly FormItem[], before: WireRecord, after: WireRecord): RevisionChange[] {
  const changes: RevisionChange[] = [];
  for (const item of items) {
    const oldValue: WireValue = before[item.code] ?? null;
    const newValue: WireValue = after[item.code] ?? null;
    if (String(oldValue ?? '') !== String(newValue ?? '') || (oldValue === null) !== (newValue === null)) {
      if ((oldValue === null || oldValue === '') && (newValue === null || newValue === '')) continue;
      changes.push({ field: item.code, name: item.name, oldValue, newValue });
    }
  }
  return changes;
}

/**
 * Inserts many new records in multi-row statements (imports), ids made here so each answer pairs
 * with its values whatever order the database returns rows in. Answers them in input order.
 */
export async function insertRecords(
  tx: Db,
  node: ResolvedNode,
  user: SessionUser,
  items: readonly FormItem[],
  cleans: readonly Record<string, NativeValue>[],
): Promise<SaveResult[]> {
  // PostgreSQL binds at most 65,535 parameters per statement.
  const perStatement = Math.max(1, Math.floor(60000 / (RECORD_INSERT_ENVELOPE.length + items.length)));
  const answers: SaveResult[] = [];
  for (let start = 0; start < cleans.length; start += perStatement) {
    const batch = cleans.slice(start, start + perStatement).map((clean) => ({ id: randomUUID(), clean }));
    await tx.execute(recordsInsert(node, user, items, batch));
    for (const { id } of batch) answers.push({ id, version: 1 });
  }
  return answers;
}

/** The envelope columns a new record is inserted with, before its items' columns. */
const RECORD_INSERT_ENVELOPE = [
  'id',
  'owner_user_id',
  'owner_enterprise_id',
  'schema_version',
  'business_id',
];

/** One multi-row insert of new records owned by `user`, in the node's latest schema version. */
function recordsInsert(
  node: ResolvedNode,
  user: SessionUser,
  items: readonly FormItem[],
  rows: readonly { id: string; clean: Record<string, NativeValue> }[],
): SQL {
  const columns = [
    ...RECORD_INSERT_ENVELOPE.map((name) => sql.raw(name)),
    ...items.map((item) => fieldIdent(item.code)),
  ];
  const values = rows.map(({ id, clean }) => {
    const row = [
      sql`${id}::uuid`,
      sql`${user.id}::uuid`,
      sql`${user.enterpriseId}::uuid`,
      sql`${node.schemaVersion}`,
      sql`${businessId()}`,
      ...items.map((item) => writeExpression(item, clean[item.code] ?? null)),
    ];
    return sql`(${sql.join(row, sql`, `)})`;
  });
  return sql`insert into ${tableRef(node.tableName)} (${sql.join(columns, sql`, `)}) values ${sql.join(values, sql`, `)}`;
}

/** A readable business number: local date and time and a random suffix (e.g. 20250101120000-4821). */
function businessId(): string {
  return `${localStamp(new Date())}-${String(Math.floor(Math.random() * 10000)).padStart(4, '0')}`;
}

function toFilterOptions(options: readonly FormOption[]): FilterOption[] {
  return options.map((option) => ({
    label: option.label,
    value: option.value,
    ...(option.children ? { children: toFilterOptions(option.children) } : {}),
  }));
}

/** value → label of an option tree (every level). */
export function labelMap(options: readonly FormOption[], into = new Map<string, string>()) {
  for (const option of options) {
    into.set(option.value, option.label);
    if (option.children) labelMap(option.children, into);
  }
  return into;
}

export const kindOf = (item: FormItem) => VALUE_KIND_OF[item.type];
