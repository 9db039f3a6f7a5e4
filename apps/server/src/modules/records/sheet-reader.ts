import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import {
  readZipDirectory,
  unpackText,
  type ZipEntry,
  type ZipLimits,
  ZipRefusal,
  type ZipRefusalKind,
} from '../../platform/zip.ts';

/** What the import asks of a sheet: the headers it knows (field names and codes) and its row limit. */
export type SheetRequest = {
  bytes: Uint8Array;
  headers: readonly string[];
  maxRows: number;
  limits: ZipLimits;
};

/** One row with content under a known header: its sheet row number and those cells' values. */
export type SheetRow = { number: number; cells: [column: number, value: ExcelJS.CellValue][] };

/**
 * Why a sheet is refused: no xlsx of the template's kind (`file`), more rows than the limit, or a
 * zip limit. A kind, not a message: the thread does not load the contract to word it.
 */
export type SheetRefusal = 'file' | 'tooMany' | Exclude<ZipRefusalKind, 'broken'>;

/** The first sheet's known headers (column, text) and its rows with content, or why it is refused. */
export type SheetAnswer = { headers: [number, string][]; rows: SheetRow[] } | { refusal: SheetRefusal };

/** The parts of exceljs' streaming reader driven here, in the order the import needs them. */
type WorkbookInternals = {
  model: { sheets?: { rId: string }[] };
  workbookRels?: { Id: string; Target: string }[];
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(
    iterator: AsyncIterable<string>,
    sheetNo: string,
  ): Generator<{ value: AsyncIterable<ExcelJS.Row> }>;
};

/**
 * The first sheet of an xlsx, read as a stream and stopped at the import's limit (this runs in a
 * worker thread: sheet-worker.ts). The zip's directory is checked against the limits first; then
 * only the parts the import reads are unpacked, each as it is parsed and each stopped where its data
 * passes its declared size.
 *
 * exceljs' own streaming reader takes the parts in the order the zip stores them, and Excel stores
 * the sheets before the shared strings: it then copies every sheet whole to a temporary file before
 * reading a row. Driving its part parsers here in the needed order (relationships, workbook, shared
 * strings, styles, then the sheet) reads rows as they unpack. Those parsers are exceljs' internals,
 * pinned with its exact version; records-xlsx.test.ts covers the values they give.
 */
export async function readSheet(request: SheetRequest): Promise<SheetAnswer> {
  const zip = Buffer.from(request.bytes.buffer, request.bytes.byteOffset, request.bytes.byteLength);
  try {
    return await readRows(zip, request);
  } catch (error) {
    if (error instanceof ZipRefusal && error.kind !== 'broken') return { refusal: error.kind };
    // Anything else is a file that is not the template's kind: not a zip, no sheet, malformed XML.
    return { refusal: 'file' };
  }
}

async function readRows(zip: Buffer, request: SheetRequest): Promise<SheetAnswer> {
  const entries = new Map<string, ZipEntry>(readZipDirectory(zip, request.limits).map((e) => [e.name, e]));
  const part = (name: string) => {
    const entry = entries.get(name);
    return entry ? Readable.from(unpackText(zip, entry)) : undefined;
  };
  const rels = part('xl/_rels/workbook.xml.rels');
  const book = part('xl/workbook.xml');
  if (!rels || !book) return { refusal: 'file' };
  const Excel = (await import('exceljs')).default;
  const reader = new Excel.stream.xlsx.WorkbookReader(Readable.from([]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  }) as unknown as WorkbookInternals;
  await reader._parseRels(rels);
  await reader._parseWorkbook(book);
  const strings = part('xl/sharedStrings.xml');
  if (strings) for await (const _ of reader._parseSharedStrings(strings));
  const styles = part('xl/styles.xml');
  if (styles) await reader._parseStyles(styles);
  const first = reader.model.sheets?.[0];
  const target = reader.workbookRels?.find((rel) => rel.Id === first?.rId)?.Target ?? '';
  const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
  const sheet = entries.get(path);
  if (!first || !sheet) return { refusal: 'file' };
  const sheetNo = /(\d+)\.xml$/.exec(path)?.[1] ?? '1';
  const worksheet = reader._parseWorksheet(unpackText(zip, sheet), sheetNo).next().value?.value;
  if (!worksheet) return { refusal: 'file' };

  const known = new Set(request.headers);
  const headers: [number, string][] = [];
  const rows: SheetRow[] = [];
  let headerRead = false;
  for await (const row of worksheet) {
    if (!headerRead) {
      headerRead = true;
      if (row.number === 1)
        row.eachCell((cell: ExcelJS.Cell, column: number) => {
          const text = cellText(cell.value).trim();
          if (known.has(text)) headers.push([column, text]);
        });
      if (headers.length === 0) return { refusal: 'file' };
      if (row.number === 1) continue;
    }
    const cells: SheetRow['cells'] = [];
    let filled = false;
    for (const [column] of headers) {
      const value = row.getCell(column).value;
      if (value === null || value === undefined) continue;
      cells.push([column, value]);
      if (cellText(value).trim() !== '') filled = true;
    }
    if (!filled) continue;
    // The row past the limit ends the reading: nothing after it is unpacked or parsed.
    if (rows.length >= request.maxRows) return { refusal: 'tooMany' };
    rows.push({ number: row.number, cells });
  }
  if (!headerRead) return { refusal: 'file' };
  return { headers, rows };
}

/** The text of a cell value of any exceljs shape (rich text, formula result, hyperlink). */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    if (value instanceof Date) return value.toISOString();
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text);
    return '';
  }
  return String(value);
}
