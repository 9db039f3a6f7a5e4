import {
  auditColor,
  DEEP_PAGE_MESSAGE,
  EXACT_COUNT_LIMIT,
  FIXED_OPTIONS,
  type FormItem,
  MAX_LIST_OFFSET,
  type NodeRef,
  OPTION_TYPES,
  PAGE_ANCHOR_MESSAGE,
  type RecordPage,
  type RecordRow,
  recordToWire,
  statusColor,
  statusName,
  type TableColumn,
} from '@ks/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { ModuleActions } from '../../engine/module-actions.ts';
import { tableRef } from '../../engine/node-tables.ts';
import { findRecordFiles } from '../../engine/record-files.ts';
import { col, recordNotFound, storedOf } from '../../engine/record-store.ts';
import { changeOperation, rowOperations } from '../../engine/row-scope.ts';
import type { SessionUser } from '../../platform/access.ts';
import { badRequest } from '../../platform/errors.ts';
import {
  definitionContext,
  type ListQuery,
  listOrder,
  type NodeContext,
  nodeContext,
  viewScope,
} from './context.ts';
import { compileListFilter, type SearchLabels } from './filter-compiler.ts';
import { type EstimateKey, ListEstimates, renderWhere } from './list-estimates.ts';
import { type ItemLabeller, optionLabeller, rowLabels } from './option-labels.ts';
import type { RecordOptions } from './option-service.ts';
import { columnsOf, labelMap, reviewState } from './record-views.ts';
import * as repo from './repository.ts';

/** The rows a list matches: the node's table, the list's WHERE and the key its estimate is held under. */
type Matching = { tableName: string; where: SQL; key: EstimateKey };

/** Lists of node records under row scope: pages (offset or keyset), totals, single rows, columns. */
export class RecordLists {
  constructor(
    private readonly db: Db,
    private readonly options: RecordOptions,
    private readonly actions: ModuleActions,
    readonly estimates = new ListEstimates(),
  ) {}

  /** The labels of the option fields a list's search tags name (nothing to read without such tags). */
  async searchLabels(context: NodeContext, query: Pick<ListQuery, 'search'>): Promise<SearchLabels> {
    const labels = new Map<string, Map<string, string>>();
    for (const tag of query.search ?? []) {
      const item = context.node.schema.itemsByCode.get(tag.code);
      if (item && !labels.has(item.code) && (OPTION_TYPES.includes(item.type) || FIXED_OPTIONS[item.type]))
        labels.set(item.code, labelMap(await this.options.optionsOf(item)));
    }
    return labels;
  }

  /** The WHERE of a list: live rows, the caller's row scope, the call's filters. */
  listWhere(
    user: SessionUser,
    context: NodeContext,
    query: Pick<ListQuery, 'search' | 'filters' | 'where'>,
    labels?: SearchLabels,
  ): SQL {
    const filter = compileListFilter(query, context.fields, context.node.definition, labels);
    return sql`${col('deleted_at')} is null and ${viewScope(user, context)}${filter ? sql` and (${filter})` : sql``}`;
  }

  /** A page of a list; `query` is the route's body, already checked and defaulted by ListRecordsBodySchema. */
  async list(user: SessionUser, query: ListQuery, view: 'table' | 'card'): Promise<RecordPage> {
    const context = await nodeContext(this.db, user, query);
    const { node } = context;
    // A keyset page (after or before a record of the page the caller holds) has no offset, so the
    // offset cap does not apply to it: that is how a person pages on past MAX_LIST_OFFSET.
    const anchor = query.after ?? query.before;
    const offset = anchor ? null : (query.curPage - 1) * query.pageSize;
    if (offset !== null && offset >= MAX_LIST_OFFSET) throw badRequest(DEEP_PAGE_MESSAGE);
    // Rendered once: the estimate's key, and a flat WHERE the page and count statements embed.
    const { key, where } = renderWhere(
      node.tableName,
      this.listWhere(user, context, query, await this.searchLabels(context, query)),
    );
    const order = listOrder(context, query);
    if (anchor) await this.requireAnchor(user, context, anchor);
    const backwards = Boolean(query.before);
    const keyset = anchor ? sql` and ${order.beyond(tableRef(node.tableName), anchor, backwards)}` : sql``;
    const items = node.schema.items;
    // While an estimate is held for this WHERE, the last capped count found more rows than the
    // cap, and a new one would only answer that same estimate: the page is read without it.
    const held = this.estimates.held(key);
    const [rows, labelOf] = await Promise.all([
      repo.findPage(this.db, user, node, {
        where,
        keyset,
        orderBy: order.by,
        pickOrder: backwards ? order.reversed : order.by,
        limit: query.pageSize,
        offset: offset ?? 0,
        withCount: held === undefined,
      }),
      optionLabeller(this.db, items),
    ]);
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
    if (!(await repo.isInScope(this.db, context.node.tableName, anchor, viewScope(user, context))))
      throw badRequest(PAGE_ANCHOR_MESSAGE);
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

  /**
   * Exact count up to EXACT_COUNT_LIMIT matching rows; above it the planner's estimate, flagged,
   * because an exact count over millions of rows takes seconds (docs/architecture.md, "Filters and lists").
   */
  private async count(matching: Matching): Promise<{ total: number; exact: boolean }> {
    return this.totalOf(matching, await repo.countCapped(this.db, matching.tableName, matching.where));
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
    const planned = await repo.planRows(this.db, tableName, where);
    if (planned > EXACT_COUNT_LIMIT || !this.estimates.mayAnalyse(tableName)) return planned;
    await repo.analyseTable(this.db, tableName);
    return repo.planRows(this.db, tableName, where);
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
        this.actions.offeredBy(context.node.definition.functions),
        changeOperation(user, context.node),
      ),
    }) as RecordRow;
  }

  async columns(user: SessionUser, ref: NodeRef): Promise<TableColumn[]> {
    const context = await definitionContext(this.db, user, ref);
    return columnsOf(context.node);
  }

  /** One record as a list row (table-info/mtr). */
  async row(user: SessionUser, ref: NodeRef & { id: string }): Promise<RecordRow> {
    const context = await nodeContext(this.db, user, ref);
    const { node } = context;
    const row = await repo.findListRow(this.db, user, node, ref.id, viewScope(user, context));
    if (!row) throw recordNotFound();
    return this.rowOf(
      user,
      context,
      row,
      node.schema.items,
      await optionLabeller(this.db, node.schema.items),
    );
  }
}
