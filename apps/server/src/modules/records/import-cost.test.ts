import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as wait } from 'node:timers/promises';
import {
  IMPORT_FILE_MESSAGE,
  IMPORT_MAX_ROWS,
  IMPORT_TOO_MANY_MESSAGE,
  type NodeDefinitionInput,
  UPLOAD_MESSAGES,
} from '@ks/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { publishedNode } from '../../../test/builder-fixtures.ts';
import { multipart } from '../../../test/file-fixtures.ts';
import { createUser, loginAs, useTestApp } from '../../../test/helper.ts';
import { sheetXml, xlsxOf } from '../../../test/zip-fixtures.ts';
import { tableRef } from '../../engine/node-tables.ts';
import { certainlyTooManyRows } from './sheet-precheck.ts';
import { readSheet } from './sheet-reader.ts';

const getApp = useTestApp();

const definition: NodeDefinitionInput = {
  form: { items: [{ code: 'title', name: '材料名称', type: 'text', required: '1' }] },
  list: { columns: [{ code: 'title', name: '材料名称' }] },
  functions: ['save', 'import', 'view'],
};
const LIMITS = { unpackedBytes: 100 * 1024 * 1024, entries: 1000, ratio: 200 };

let admin: Record<string, string>;
let ref: { systemCoding: string; gnCoding: string };
let tableName: string;
/** The finding's file: 200,000 rows of one letter (built before the tests, its garbage collected meanwhile). */
let hostile: Buffer;

beforeAll(async () => {
  const app = getApp();
  const dev = (await loginAs(app, await createUser(app, 'D'))).headers;
  admin = (await loginAs(app, await createUser(app, 'M'))).headers;
  const node = await publishedNode(app, dev, definition);
  ref = { systemCoding: node.systemCoding, gnCoding: node.gnCoding };
  tableName = node.tableName;
  hostile = xlsxOf(sheetXml(letters(200_000)));
});

/** A sheet under the field's header with `count` rows of one letter (the hostile file of the finding). */
const letters = (count: number) => [['材料名称'], ...Array.from({ length: count }, () => ['a'])];

async function importFile(content: Buffer) {
  const body = multipart(ref, { name: 'data.xlsx', content });
  const started = performance.now();
  const response = await getApp().inject({
    method: 'POST',
    url: '/ks/monitor/import',
    headers: { ...admin, ...body.headers },
    payload: body.payload,
  });
  return {
    status: response.statusCode,
    message: response.json().message as string,
    ms: performance.now() - started,
  };
}

async function liveRows() {
  const result = await getApp().db.execute(sql`select count(*)::int as n from ${tableRef(tableName)}`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

/**
 * Runs `work` while the liveness probe is asked every PROBE_EVERY ms, and answers how late each
 * answer came: from the moment the probe was due (a blocked event loop delays the timer itself) to
 * its answer.
 */
const PROBE_EVERY = 20;
async function probedWhile<T>(work: () => Promise<T>): Promise<{ result: T; lateness: number[] }> {
  const lateness: number[] = [];
  let done = false;
  const probing = (async () => {
    while (!done) {
      const due = performance.now() + PROBE_EVERY;
      await wait(PROBE_EVERY);
      const response = await getApp().inject({ method: 'GET', url: '/ks/health/live' });
      expect(response.statusCode).toBe(200);
      lateness.push(performance.now() - due);
    }
  })();
  try {
    return { result: await work(), lateness };
  } finally {
    done = true;
    await probing;
  }
}

describe('the cost of an xlsx import, checked before it is spent', () => {
  it('refuses 200,000 rows of one letter at the row limit while health probes answer within 250 ms', async () => {
    // The route's first call compiles the node's schema and, on embedded PGlite, runs its first
    // queries in this thread: a file refused before any reading makes that call here, outside the
    // probed window, which then measures the reading alone (its thread not yet started).
    expect((await importFile(Buffer.from('PK'))).message).toBe(IMPORT_FILE_MESSAGE);
    const before = await liveRows();
    const { result, lateness } = await probedWhile(() => importFile(hostile));
    expect(result).toMatchObject({ status: 400, message: IMPORT_TOO_MANY_MESSAGE });
    // Cold (no reading thread yet): the check in the server's thread refuses it before one starts,
    // in 0.2–0.5 s under a loaded test run; a thread's start and exceljs' loading alone took 0.9–3 s.
    expect(result.ms, 'refusal (ms)').toBeLessThan(1000);
    expect(await liveRows()).toBe(before);
    // The reading runs in a worker thread: the event loop answers throughout, however long it takes.
    expect(lateness.length).toBeGreaterThan(0);
    const worst = Math.max(...lateness);
    expect(worst, `probe lateness (ms): ${lateness.map(Math.round).join(' ')}`).toBeLessThan(250);
  });

  it('stops reading soon after the first row past the limit: a sheet broken further on is refused for its rows', async () => {
    // Whole-file parsing would meet the broken tail and call the file unreadable. Rows are parsed a
    // chunk of the unpacked sheet at a time, so the tail sits some thousand rows (70 KB) further on.
    const sheet = sheetXml(letters(IMPORT_MAX_ROWS + 1000), '<row r="x"><c></broken>');
    const answer = await readSheet({
      bytes: xlsxOf(sheet),
      headers: ['材料名称'],
      maxRows: IMPORT_MAX_ROWS,
      limits: LIMITS,
    });
    expect(answer).toEqual({ refusal: 'tooMany' });
    const atLimit = sheetXml(letters(IMPORT_MAX_ROWS), '<row r="x"><c></broken>');
    const broken = await readSheet({
      bytes: xlsxOf(atLimit),
      headers: ['材料名称'],
      maxRows: IMPORT_MAX_ROWS,
      limits: LIMITS,
    });
    expect(broken).toEqual({ refusal: 'file' });
  });

  it('decides in the server’s thread only what is certain: rows with content under the known headers', async () => {
    const check = (sheet: string, extra: { name: string; data: Buffer }[] = [], maxRows = 3) =>
      certainlyTooManyRows(xlsxOf(sheet, { extra }), LIMITS, new Set(['材料名称']), maxRows);
    expect(await check(sheetXml(letters(4)))).toBe(true);
    expect(await check(sheetXml(letters(3)))).toBe(false);
    // Content in a column without a known header does not count, nor does a row of empty cells.
    const other = [['材料名称', '备注'], ['a'], ['', 'x'], ['', 'x'], ['a'], ['', 'x'], ['a']];
    expect(await check(sheetXml(other))).toBe(false);
    // Unknown headers: the worker decides (it refuses the file as not the template's).
    expect(await check(sheetXml([['名称'], ['a'], ['a'], ['a'], ['a']]))).toBe(false);
    // A header read from the shared strings, as Excel writes it; the rows past the limit are broken.
    const shared = {
      name: 'xl/sharedStrings.xml',
      data: Buffer.from('<sst><si><t>其他</t></si><si><r><t>材料</t></r><r><t>名称</t></r></si></sst>'),
    };
    const row = (n: number, cells: string) => `<row r="${n}" spans="1:2">${cells}</row>`;
    const rows = [
      row(1, '<c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c>'),
      ...[2, 3, 4, 5].map((n) => row(n, `<c r="B${n}"><v>${n}</v></c>`)),
    ];
    const excelLike = (tail: string) =>
      `<worksheet><sheetData>${rows.join('')}${tail}</sheetData></worksheet>`;
    expect(await check(excelLike('<row r="x"><c></broken>'), [shared])).toBe(true);
    expect(await check(excelLike(''), [shared], 4)).toBe(false);
    // A row too long to wait for: undecided, in milliseconds (its text is not searched again and again).
    // (Random text: a repeated letter would pass the ratio limit first.) Read whole, it would count 5.
    const long = [['材料名称'], [randomBytes(1536 * 1024).toString('base64')], ['a'], ['a'], ['a'], ['a']];
    const started = performance.now();
    expect(await check(sheetXml(long))).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
    // Cells without references: undecided, the worker reads the sheet.
    expect(await check(sheetXml(letters(4)).replaceAll(/ r="[A-Z]+\d+"/g, ''))).toBe(false);
  });

  it('imports a small sheet read by the worker', async () => {
    const before = await liveRows();
    const result = await importFile(xlsxOf(sheetXml(letters(3))));
    expect(result).toMatchObject({ status: 200, message: '成功导入3条数据' });
    expect(await liveRows()).toBe(before + 3);
  });

  it('refuses from the zip directory what would unpack past the limit, before unpacking it: the 143 MB sheet', async () => {
    const before = await liveRows();
    const result = await importFile(xlsxOf(sheetXml(letters(10)), { sheetSize: 143 * 1024 * 1024 }));
    expect(result).toMatchObject({ status: 400, message: UPLOAD_MESSAGES.unpackedSize(100) });
    expect(await liveRows()).toBe(before);
  });

  it('refuses a compression-ratio bomb', async () => {
    const bomb = { name: 'xl/media/image1.bin', data: Buffer.alloc(16 * 1024 * 1024) };
    const result = await importFile(xlsxOf(sheetXml(letters(1)), { extra: [bomb] }));
    expect(result).toMatchObject({ status: 400, message: UPLOAD_MESSAGES.zipRatio });
  });

  it('refuses a zip of too many entries', async () => {
    const extra = Array.from({ length: 1000 }, (_, n) => ({
      name: `xl/media/p${n}.xml`,
      data: Buffer.from('<p/>'),
    }));
    const result = await importFile(xlsxOf(sheetXml(letters(1)), { extra }));
    expect(result).toMatchObject({ status: 400, message: UPLOAD_MESSAGES.zipEntries(1000) });
  });

  it('stops unpacking where the data passes a forged declared size, and imports nothing', async () => {
    const before = await liveRows();
    // 20,000 rows (about 1.5 MB of XML) declared as 4 KB: the directory passes, the unpacking does not.
    const result = await importFile(xlsxOf(sheetXml(letters(20_000)), { sheetSize: 4096 }));
    expect(result).toMatchObject({ status: 400, message: UPLOAD_MESSAGES.zipForged });
    expect(await liveRows()).toBe(before);
  });

  it('refuses what is no zip with the import’s own message', async () => {
    expect(await importFile(Buffer.from('PK not really a zip'))).toMatchObject({
      status: 400,
      message: IMPORT_FILE_MESSAGE,
    });
  });
});
