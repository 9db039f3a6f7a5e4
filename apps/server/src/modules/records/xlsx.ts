import { randomUUID } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import {
  auditStateName,
  type FormItem,
  type FormOption,
  IMPORT_EMPTY_MESSAGE,
  IMPORT_FILE_MESSAGE,
  IMPORT_MAX_ROWS,
  IMPORT_TOO_MANY_MESSAGE,
  type ImportReport,
  isComputedType,
  type ListRecordsBody,
  ListRecordsBodySchema,
  MULTI_VALUE_JOINS,
  type NativeValue,
  type NodeFunction,
  type NodeRef,
  OPTION_TYPES,
  parentsOf,
  recordFromWire,
  recordToWire,
  statusName,
  UPLOAD_MESSAGES,
  VALUE_KIND_OF,
  validateRecord,
  type WireRecord,
  type WireValue,
} from '@ks/contract';
import { type SQL, sql } from 'drizzle-orm';
import type ExcelJS from 'exceljs';
import type { Database, Db } from '../../db/client.ts';
import { operationLogs } from '../../db/schema/identity.ts';
import { recordRevisions } from '../../db/schema/records.ts';
import type { LifecycleEvents } from '../../engine/lifecycle.ts';
import { requireFunction } from '../../engine/node-functions.ts';
import { rowsOf, tableRef } from '../../engine/node-tables.ts';
import { R, type ResolvedNode, recordSelect, storedOf } from '../../engine/record-store.ts';
import { optionSources } from '../../engine/validate-for-save.ts';
import { SHEET_WORKER } from '../../paths.ts';
import type { SessionUser } from '../../platform/access.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { operationRow, recordOperation } from '../../platform/operation-log.ts';
import { WorkerTaskFailed, WorkerTasks } from '../../platform/worker-task.ts';
import type { ZipLimits } from '../../platform/zip.ts';
import { zipDirectoryRefusal, zipRefusalMessage } from '../../platform/zip-limits.ts';
import { listOrder, type NodeContext, nodeContext } from './context.ts';
import type { ListOrder } from './filter-compiler.ts';
import { localParts, localStamp } from './local-time.ts';
import { type ItemLabeller, optionCoder, optionLabeller, WIRE_JOINS } from './option-labels.ts';
import { columnsOf, diff } from './record-views.ts';
import { insertRecords } from './repository.ts';
import type { RecordService } from './service.ts';
import { certainlyTooManyRows } from './sheet-precheck.ts';
import { cellText, type SheetAnswer, type SheetRequest } from './sheet-reader.ts';

/** exceljs is about 28 MB of the server's memory: loaded on the first export or import, not at start. */
const loadExcel = async () => (await import('exceljs')).default;

/** A sheet's reading takes well under a second; one that runs this long is stopped and refused. */
const SHEET_TIMEOUT_MS = 30_000;
/** The reading thread's heap: a sheet at the row limit needs a fraction of it. */
const SHEET_HEAP_MB = 256;
/** The reading thread stays this long after an import (the next one skips its start-up), then ends. */
const SHEET_IDLE_MS = 30_000;

/** Rows fetched from the export's cursor at a time: memory stays flat whatever the row count. */
export const EXPORT_BATCH = 500;

type ExportColumn = { header: string; value: (row: Record<string, unknown>, wire: WireRecord) => WireValue };

/**
 * Export and import of a node's records as xlsx (export, import-template, import).
 * Export streams: exceljs' streaming writer over rows fetched in batches from a cursor over the
 * list's query (the caller's filter, row scope and order). Import checks every row with the form's
 * own schema and imports all rows or none.
 */
export class RecordSheets {
  constructor(
    private readonly db: Db,
    private readonly reserve: Database['reserve'],
    private readonly records: RecordService,
    private readonly zipLimits: ZipLimits,
  ) {}

  private readonly sheetReader = new WorkerTasks<SheetRequest, SheetAnswer>(SHEET_WORKER, {
    timeoutMs: SHEET_TIMEOUT_MS,
    maxHeapMb: SHEET_HEAP_MB,
    idleMs: SHEET_IDLE_MS,
  });

  /** Ends the sheet-reading thread (the app's close). */
  close(): Promise<void> {
    return this.sheetReader.close();
  }

  private require(context: NodeContext, code: NodeFunction) {
    requireFunction(context.allowed, code);
  }

  /** Checks the call and answers the file name and a stream producing the workbook. */
  async exportRecords(
    user: SessionUser,
    input: ListRecordsBody,
    ip: string,
  ): Promise<{ fileName: string; stream: Readable }> {
    const query = ListRecordsBodySchema.parse(input);
    const context = await nodeContext(this.db, user, query);
    this.require(context, 'export');
    const { node } = context;
    const where = this.records.lists.listWhere(
      user,
      context,
      query,
      await this.records.lists.searchLabels(context, query),
    );
    const order = listOrder(context, query);
    const columns = await this.exportColumns(context);
    const stream = new PassThrough();
    let opened = () => {};
    const cursorOpen = new Promise<void>((resolve) => {
      opened = resolve;
    });
    const writing = this.writeWorkbook(stream, context, { where, order }, columns, opened);
    // The query runs before the reply's headers go out: one that fails answers the platform's error
    // envelope instead of a 200 download cut off after its first bytes.
    await Promise.race([cursorOpen, writing]);
    writing.catch((error: unknown) => stream.destroy(error as Error));
    await recordOperation(this.db, {
      user,
      action: '导出数据',
      targetType: node.gnCoding,
      targetId: node.gnCoding,
      targetName: node.title,
      ip,
    });
    return { fileName: `${node.title}_${localStamp(new Date())}.xlsx`, stream };
  }

  private async writeWorkbook(
    stream: PassThrough,
    context: NodeContext,
    query: { where: SQL; order: ListOrder },
    columns: ExportColumn[],
    opened: () => void,
  ) {
    const { node } = context;
    const items = node.schema.items;
    const Excel = await loadExcel();
    const workbook = new Excel.stream.xlsx.WorkbookWriter({
      stream,
      useStyles: false,
      useSharedStrings: false,
    });
    const sheet = workbook.addWorksheet(node.title.slice(0, 31) || 'Sheet1');
    sheet.addRow(columns.map((column) => column.header)).commit();
    await this.reserve(async (session) => {
      // One statement reads the export in the list's order, under one snapshot. WITH HOLD keeps its
      // result (PostgreSQL spills it to disk past work_mem) after that statement's own transaction,
      // so no transaction stays open while the client downloads. Batches read by keyset instead
      // would each sort the matching rows again whenever no index serves the order.
      const cursor = sql.identifier(`export_${randomUUID().replaceAll('-', '')}`);
      await session.execute(sql`
        declare ${cursor} no scroll cursor with hold for
        select ${recordSelect(items)}, u.user_name as "_owner_name"
        from ${tableRef(node.tableName)} ${R} left join users u on u.id = ${R}.owner_user_id
        where ${query.where}
        order by ${query.order.by}`);
      opened();
      try {
        for (;;) {
          const rows = rowsOf<Record<string, unknown>>(
            await session.execute(sql`fetch forward ${sql.raw(String(EXPORT_BATCH))} from ${cursor}`),
          );
          for (const row of rows) {
            const wire = recordToWire(items, storedOf(row, items).values);
            sheet.addRow(columns.map((column) => column.value(row, wire))).commit();
          }
          if (rows.length < EXPORT_BATCH || !(await readerCaughtUp(stream))) break;
        }
      } finally {
        await session.execute(sql`close ${cursor}`);
      }
    });
    if (stream.destroyed) return;
    sheet.commit();
    await workbook.commit();
  }

  /** Export columns: the list's columns (option values shown by their labels), operations left out. */
  private async exportColumns(context: NodeContext): Promise<ExportColumn[]> {
    const { node } = context;
    // Labels as the lists show them, joined as the wire joins them so the sheet imports back.
    const labelOf = await optionLabeller(this.db, node.schema.items, WIRE_JOINS);
    const columns: ExportColumn[] = [];
    for (const column of columnsOf(node)) {
      if (!column.show || column.type === 'operations') continue;
      const item = node.schema.itemsByCode.get(column.code);
      if (item) {
        columns.push({
          header: column.name,
          value: (_row, wire) => displayValue(item, wire[item.code] ?? null, labelOf),
        });
        continue;
      }
      const envelope = ENVELOPE_EXPORT[column.code];
      if (envelope) columns.push({ header: column.name, value: envelope });
    }
    return columns;
  }

  /** The import template: one header per importable field, named as in the form. */
  async template(user: SessionUser, ref: NodeRef): Promise<{ fileName: string; buffer: Buffer }> {
    const context = await nodeContext(this.db, user, ref);
    this.require(context, 'import');
    const items = importableItems(context.node.schema.items);
    const workbook = new (await loadExcel()).Workbook();
    const sheet = workbook.addWorksheet('导入数据');
    sheet.columns = items.map((item) => ({
      header: item.name,
      key: item.code,
      width: Math.max(12, item.name.length * 2 + 4),
    }));
    const notes = workbook.addWorksheet('填写说明');
    notes.addRow(['字段', '必填', '填写说明']);
    for (const item of items) {
      const options = OPTION_TYPES.includes(item.type) ? await this.records.options.optionsOf(item) : [];
      const parent = context.node.schema.itemsByCode.get(parentsOf(item)[0] ?? '');
      const following =
        parent &&
        OPTION_TYPES.includes(item.type) &&
        followsParent(options, await this.records.options.optionsOf(parent));
      notes.addRow([
        item.name,
        item.required === '0' ? '否' : '是',
        hintOf(
          item,
          options.map((option) => option.label),
          following ? parent : undefined,
        ),
      ]);
    }
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    return { fileName: `${context.node.title}_导入模板.xlsx`, buffer };
  }

  /** Imports every row of the sheet, or none when any row fails the form's validation. */
  async importRecords(user: SessionUser, ref: NodeRef, file: Buffer, ip: string): Promise<ImportReport> {
    const context = await nodeContext(this.db, user, ref);
    this.require(context, 'import');
    const { node } = context;
    const items = node.schema.items;
    // What the file would cost is checked, and its rows read, in a worker thread: the zip's directory
    // against the limits, then the first sheet as a stream stopped at IMPORT_MAX_ROWS.
    const sheet = await this.readSheet(file, [...new Set(items.flatMap((item) => [item.name, item.code]))]);
    const byHeader = new Map<number, FormItem>();
    for (const [column, header] of sheet.headers) {
      const item = items.find((one) => one.name === header || one.code === header);
      if (item) byHeader.set(column, item);
    }
    if (byHeader.size === 0) throw badRequest(IMPORT_FILE_MESSAGE);
    const columnOf = new Map([...byHeader].map(([column, item]) => [item.code, column]));
    const codesOf = await optionCoder(this.db, items);
    const optionsOf = await optionSources(this.db, items);
    const accepted: Record<string, NativeValue>[] = [];
    /** The sheet row of each accepted record, for the module's refusals. */
    const acceptedRows: number[] = [];
    const rejected: ImportReport['rejected'] = [];
    for (const row of sheet.rows) {
      const cells = new Map(row.cells);
      const wire: WireRecord = {};
      // A child's labels are read under its parent's value, so a parent is read before its children,
      // whatever the columns' order.
      const read = (item: FormItem): WireValue => {
        if (item.code in wire) return wire[item.code] ?? null;
        wire[item.code] = null; // a loop of parents reads as no parent rather than recursing
        const parent = node.schema.itemsByCode.get(parentsOf(item)[0] ?? '');
        const parentValue = parent && columnOf.has(parent.code) ? read(parent) : undefined;
        const column = columnOf.get(item.code) as number;
        const value = wireOf(item, cells.get(column) ?? null, codesOf(item, parentValue) ?? undefined);
        wire[item.code] = value;
        return value;
      };
      let filled = false;
      for (const item of byHeader.values()) {
        const value = read(item);
        if (value !== null && value !== '') filled = true;
      }
      if (!filled) continue;
      if (accepted.length + rejected.length >= IMPORT_MAX_ROWS) throw badRequest(IMPORT_TOO_MANY_MESSAGE);
      const result = validateRecord(items, recordFromWire(items, wire), { optionsOf });
      if (Object.keys(result.errors).length) rejected.push({ row: row.number, errors: result.errors });
      else {
        accepted.push(result.clean);
        acceptedRows.push(row.number);
      }
    }
    if (accepted.length === 0 && rejected.length === 0) throw badRequest(IMPORT_EMPTY_MESSAGE);
    if (rejected.length) return { imported: 0, rejected };
    const { events } = this.records;
    const hooked = events.listens(node, 'beforeSave', 'afterSave');
    const write = this.db.transaction(async (tx) => {
      if (hooked) {
        // A module's checks run on every imported row, as on a record saved by hand (its refusals
        // are reported per row, and then nothing is imported); the rows are the caller's own.
        const refusals = await moduleRefusals(events, tx, user, node, accepted, acceptedRows);
        if (refusals.length) throw new RowsRefused(refusals);
      }
      const created = await insertRecords(tx, node, user, items, accepted);
      const revisions = created.map((record, index) => ({
        nodeId: node.nodeId,
        recordId: record.id,
        version: record.version,
        action: 'import',
        userId: user.id,
        userName: user.userName,
        changes: diff(items, {}, recordToWire(items, accepted[index] ?? {})),
      }));
      // Each record's own log says how it was made, as a record saved by hand does (新增数据).
      const entries = created.map((record) =>
        operationRow({
          user,
          action: '导入数据',
          targetType: node.gnCoding,
          targetId: record.id,
          targetName: node.title,
          ip,
        }),
      );
      // Revisions and log entries go in batches too (jsonb changes can be large).
      for (let start = 0; start < revisions.length; start += 1000) {
        await tx.insert(recordRevisions).values(revisions.slice(start, start + 1000));
        await tx.insert(operationLogs).values(entries.slice(start, start + 1000));
      }
      await recordOperation(tx, {
        user,
        action: '导入数据',
        targetType: node.gnCoding,
        targetId: node.gnCoding,
        targetName: node.title,
        detail: `${accepted.length}条`,
        ip,
      });
      if (hooked)
        for (const [index, record] of created.entries())
          await events.emit('afterSave', {
            tx,
            user,
            node,
            recordId: record.id,
            ownerUserId: user.id,
            values: accepted[index] ?? {},
            version: record.version,
          });
    });
    try {
      await write;
    } catch (error) {
      if (error instanceof RowsRefused) return { imported: 0, rejected: error.refusals };
      throw error;
    }
    // Fresh statistics after a bulk load keep list and export plans sensible (PGlite has no autovacuum).
    await this.db.execute(sql`analyze ${tableRef(node.tableName)}`);
    return { imported: accepted.length, rejected: [] };
  }

  /** The sheet's known headers and rows with content, read in a worker thread; refusals as 400s. */
  private async readSheet(file: Buffer, headers: string[]) {
    // The zip's directory first, here: microseconds, and a file past the limits starts no thread.
    const refused = zipDirectoryRefusal(file, this.zipLimits, IMPORT_FILE_MESSAGE);
    if (refused) throw badRequest(refused);
    // A sheet certainly past the row limit is refused here, in milliseconds, before a thread starts
    // and loads exceljs (most of a cold refusal's second); the thread decides every other sheet.
    if (await certainlyTooManyRows(file, this.zipLimits, new Set(headers), IMPORT_MAX_ROWS))
      throw badRequest(IMPORT_TOO_MANY_MESSAGE);
    // A copy of its own, moved to the thread: the upload's buffer may share memory with others.
    const bytes = new Uint8Array(file);
    const request: SheetRequest = { bytes, headers, maxRows: IMPORT_MAX_ROWS, limits: this.zipLimits };
    const answer = await this.sheetReader.run(request, [bytes.buffer]).catch((error: unknown) => {
      if (error instanceof WorkerTaskFailed) throw badRequest(UPLOAD_MESSAGES.tooComplex);
      throw error;
    });
    if (!('refusal' in answer)) return answer;
    const { refusal } = answer;
    if (refusal === 'file') throw badRequest(IMPORT_FILE_MESSAGE);
    if (refusal === 'tooMany') throw badRequest(IMPORT_TOO_MANY_MESSAGE);
    throw badRequest(zipRefusalMessage(refusal, this.zipLimits));
  }
}

const ENVELOPE_EXPORT: Record<string, ExportColumn['value']> = {
  status: (row) => statusName(String(row._status)),
  audit_state: (row) => auditStateName(String(row._audit_state ?? '')),
  auditFlow: (row) => auditStateName(String(row._audit_state ?? '')),
  business_id: (row) => String(row._business_id ?? ''),
  created_at: (row) => formatTime(row._created_at),
  submitted_at: (row) => (row._submitted_at ? formatTime(row._submitted_at) : ''),
  ownerName: (row) => String(row._owner_name ?? ''),
};

/** A record's time in the sheet: 'YYYY-MM-DD HH:MM:SS', read as the file name's stamp is (localParts). */
function formatTime(value: unknown): string {
  const date = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(date.getTime())) return '';
  const [year, month, day, hour, minute, second] = localParts(date);
  return `${year}-${month}-${day} ${hour}:${minute}:${second}`;
}

/**
 * Waits until the reader has taken what was written (constant memory on slow connections); false
 * when it went away instead, as a download cancelled halfway does.
 */
export async function readerCaughtUp(stream: PassThrough): Promise<boolean> {
  // Embedded PGlite answers in this thread without passing through the event loop's I/O phase:
  // without this turn, a whole export would run before any byte left or any other request ran.
  await setImmediate();
  if (stream.writableNeedDrain && !stream.destroyed) {
    await new Promise<void>((resolve) => {
      const settle = () => {
        stream.off('drain', settle);
        stream.off('close', settle);
        resolve();
      };
      stream.on('drain', settle);
      stream.on('close', settle);
    });
  }
  return !stream.destroyed;
}

/** A wire value as a person reads it in the sheet: option labels, 是/否 for switches. */
function displayValue(item: FormItem, value: WireValue, labelOf: ItemLabeller): WireValue {
  if (value === null) return null;
  if (VALUE_KIND_OF[item.type] === 'boolean') return value === true ? '是' : '否';
  return labelOf(item, value) ?? value;
}

/** The fields a person fills in: no read-only text, and no computed field (the server computes it on save). */
const importableItems = (items: readonly FormItem[]) =>
  items.filter((item) => item.type !== 'read-text' && !isComputedType(item.type));

/**
 * Whether a child's options follow its parent's value (optionsUnder): the parent's options have
 * children, or the child's own are tagged by parent value, or it has none of its own.
 */
function followsParent(own: readonly FormOption[], parentOptions: readonly FormOption[]): boolean {
  if (parentOptions.length === 0) return false;
  return (
    own.length === 0 ||
    own.some((option) => option.rangeKey) ||
    parentOptions.some((option) => option.children?.length)
  );
}

/** The 填写说明 of a field; a child whose options follow its parent names that parent instead of a list. */
function hintOf(item: FormItem, labels: string[], parent?: FormItem): string {
  const kind = VALUE_KIND_OF[item.type];
  if (kind === 'boolean') return '填写“是”或“否”';
  if (kind === 'date') return '日期，格式：2025-01-31';
  if (kind === 'datetime') return '日期时间，格式：2025-01-31 09:30';
  if (kind === 'daterange') return '日期范围，格式：2025-01-01,2025-01-31';
  const join = kind === 'multi' ? '，多个用分号;分隔' : kind === 'path' ? '，各级用/分隔' : '';
  if (parent) return `随“${parent.name}”而定：填写所选${parent.name}下的选项${join}`;
  if (labels.length) return `可选：${labels.slice(0, 50).join('、')}${join}`;
  return '';
}

/** A cell's value as the wire carries it for this item: dates formatted, 是/否 as switches, labels as values. */
function wireOf(
  item: FormItem,
  value: ExcelJS.CellValue,
  labels: ReadonlyMap<string, string> | undefined,
): WireValue {
  if (value === null || value === undefined) return null;
  const kind = VALUE_KIND_OF[item.type];
  if (value instanceof Date) {
    // Excel dates carry no zone; exceljs reads them as UTC.
    const iso = value.toISOString();
    return kind === 'datetime' ? `${iso.slice(0, 10)} ${iso.slice(11, 19)}` : iso.slice(0, 10);
  }
  if (kind === 'boolean') {
    if (value === true || value === false) return value;
    const text = cellText(value).trim();
    if (['是', 'true', 'TRUE', '1'].includes(text)) return true;
    if (['否', 'false', 'FALSE', '0'].includes(text)) return false;
    return text === '' ? null : text;
  }
  if ((kind === 'number' || kind === 'integer') && typeof value === 'number') return value;
  const text = cellText(value).trim();
  if (text === '') return null;
  if (!labels) return text;
  if (kind === 'multi' || kind === 'path') {
    const join = kind === 'multi' ? MULTI_VALUE_JOINS.multiSelect : MULTI_VALUE_JOINS.cascader;
    return text
      .split(join)
      .map((part) => labels.get(part.trim()) ?? part.trim())
      .join(join);
  }
  return labels.get(text) ?? text;
}

/** Rolls an import back with the rows a module refused. */
class RowsRefused extends Error {
  constructor(readonly refusals: ImportReport['rejected']) {
    super('import rows refused');
  }
}

/**
 * The module's beforeSave refusals of the rows to import ({row, errors}, the field's message or the
 * refusal's under `_`); the values a handler changes are changed in place, as a save's are.
 */
async function moduleRefusals(
  events: LifecycleEvents,
  tx: Db,
  user: SessionUser,
  node: ResolvedNode,
  accepted: Record<string, NativeValue>[],
  rows: readonly number[],
): Promise<ImportReport['rejected']> {
  const refusals: ImportReport['rejected'] = [];
  for (const [index, values] of accepted.entries()) {
    try {
      await events.emit('beforeSave', { tx, user, node, recordId: null, ownerUserId: user.id, values });
    } catch (error) {
      if (!(error instanceof AppError) || error.httpStatus !== 400) throw error;
      const fields = (error.data ?? {}) as Record<string, string>;
      refusals.push({
        row: rows[index] ?? 0,
        errors: Object.keys(fields).length ? fields : { _: error.message },
      });
    }
  }
  return refusals;
}
