import { readZipDirectory, unpackText, type ZipEntry, type ZipLimits } from '../../platform/zip.ts';

/** How much of the first sheet's XML the check reads at most (the rows of the limit fit in far less). */
export const PRECHECK_SHEET_BYTES = 8 * 1024 * 1024;
/** The longest row element it waits for; a longer one (a search repeated over it) is left to the worker. */
const PRECHECK_ROW_CHARS = 256 * 1024;
/** How much of a small part (workbook, its relationships, the shared strings up to the headers) it reads. */
const PRECHECK_PART_BYTES = 256 * 1024;

/**
 * Whether the xlsx's first sheet certainly holds more than `maxRows` rows with content under the
 * known headers, decided in the server's thread before any worker starts (decision 0061): the
 * refusal of an over-long sheet then costs milliseconds, not a thread's start and exceljs' loading.
 *
 * It applies the worker's own rule (sheet-reader.ts): the headers are row 1's cells whose text is a
 * known header, and a row counts when one of their columns holds a value. It reads at most
 * PRECHECK_SHEET_BYTES of the sheet, unpacked as a stream and stopped at the first row past the
 * limit, and answers true only when certain: whatever it cannot decide cheaply (an unusual layout,
 * a prefixed namespace, cells without references, a part too long, anything broken) answers false
 * and the worker, which stays the authority, reads the sheet. The one difference: a shared string of
 * blanks counts as content here (its text is not read), so a sheet whose rows past the limit hold
 * nothing but such strings under the known headers is refused here and not by the worker.
 */
export async function certainlyTooManyRows(
  zip: Buffer,
  limits: ZipLimits,
  headers: ReadonlySet<string>,
  maxRows: number,
): Promise<boolean> {
  try {
    return await tooMany(zip, limits, headers, maxRows);
  } catch {
    return false;
  }
}

async function tooMany(
  zip: Buffer,
  limits: ZipLimits,
  headers: ReadonlySet<string>,
  maxRows: number,
): Promise<boolean> {
  const entries = new Map<string, ZipEntry>(readZipDirectory(zip, limits).map((e) => [e.name, e]));
  const small = async (name: string) => {
    const entry = entries.get(name);
    return entry && entry.size <= PRECHECK_PART_BYTES ? await textOf(zip, entry) : null;
  };
  const book = await small('xl/workbook.xml');
  const rels = await small('xl/_rels/workbook.xml.rels');
  if (!book || !rels) return false;
  const firstSheet = /<sheet\b[^>]*?\br:id="([^"]+)"/.exec(book)?.[1];
  const relation = [...rels.matchAll(/<Relationship\b[^>]*>/g)].find(
    (tag) => attribute(tag[0], 'Id') === firstSheet,
  );
  const target = relation ? attribute(relation[0], 'Target') : undefined;
  if (!target) return false;
  const sheet = entries.get(target.startsWith('/') ? target.slice(1) : `xl/${target}`);
  if (!sheet) return false;

  let known: Set<string> | null = null;
  let counted = 0;
  for await (const row of rowsOf(zip, sheet)) {
    if (!known) {
      // The header row: row 1, the first row element.
      if (row.number !== 1) return false;
      known = await knownColumns(row.xml, headers, entries, zip);
      if (known.size === 0) return false;
      continue;
    }
    if (!filled(row.xml, known)) continue;
    counted += 1;
    if (counted > maxRows) return true;
  }
  return false;
}

const ATTRIBUTES = new Map<string, RegExp>();
/** An attribute's value in a start tag (the attribute names read here carry no entities). */
const attribute = (tag: string, name: string) => {
  let pattern = ATTRIBUTES.get(name);
  if (!pattern) {
    pattern = new RegExp(`\\s${name}="([^"]*)"`);
    ATTRIBUTES.set(name, pattern);
  }
  return pattern.exec(tag)?.[1];
};

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (text: string) =>
  text.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (whole, name: string) => {
    if (name.startsWith('#x')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name] ?? whole;
  });

/** The text of `<t>` elements (a string item's or an inline string's), phonetic runs left out. */
const textRuns = (xml: string) =>
  unescapeXml(
    [...xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '').matchAll(/<t\b[^>]*>([^<]*)<\/t>/g)]
      .map((m) => m[1])
      .join(''),
  );

async function textOf(zip: Buffer, entry: ZipEntry): Promise<string> {
  let text = '';
  for await (const chunk of unpackText(zip, entry)) text += chunk;
  return text;
}

const CELL = /<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g;

/** The cells of a row: column letters, type and inner XML; null when one has no reference. */
function cellsOf(rowXml: string): { column: string; type: string; inner: string }[] | null {
  const cells = [];
  for (const match of rowXml.matchAll(CELL)) {
    const column = /^([A-Z]+)\d+$/.exec(attribute(match[1] ?? '', 'r') ?? '')?.[1];
    if (!column) return null;
    cells.push({ column, type: attribute(match[1] ?? '', 't') ?? 'n', inner: match[2] ?? '' });
  }
  return cells;
}

/** The columns of row 1 whose text is a known header (shared strings read up to the ones it uses). */
async function knownColumns(
  rowXml: string,
  headers: ReadonlySet<string>,
  entries: Map<string, ZipEntry>,
  zip: Buffer,
): Promise<Set<string>> {
  const cells = cellsOf(rowXml) ?? [];
  const shared = cells.filter((c) => c.type === 's').map((c) => Number(/<v>(\d+)<\/v>/.exec(c.inner)?.[1]));
  const strings = shared.length
    ? await sharedStrings(zip, entries.get('xl/sharedStrings.xml'), Math.max(...shared))
    : [];
  const known = new Set<string>();
  for (const cell of cells) {
    let text: string | undefined;
    if (cell.type === 's') text = strings[Number(/<v>(\d+)<\/v>/.exec(cell.inner)?.[1])];
    else if (cell.type === 'inlineStr') text = textRuns(cell.inner);
    else text = unescapeXml(/<v>([^<]*)<\/v>/.exec(cell.inner)?.[1] ?? '');
    if (text !== undefined && headers.has(text.trim())) known.add(cell.column);
  }
  return known;
}

/** The shared strings up to index `last`, read as a stream within PRECHECK_PART_BYTES. */
async function sharedStrings(zip: Buffer, entry: ZipEntry | undefined, last: number): Promise<string[]> {
  const strings: string[] = [];
  if (!entry || !Number.isInteger(last)) return strings;
  let pending = '';
  let read = 0;
  for await (const chunk of unpackText(zip, entry)) {
    read += chunk.length;
    pending += chunk;
    let end = pending.indexOf('</si>');
    while (end >= 0) {
      const start = pending.indexOf('<si>');
      if (start < 0 || start > end) return strings;
      strings.push(textRuns(pending.slice(start, end)));
      if (strings.length > last) return strings;
      pending = pending.slice(end + 5);
      end = pending.indexOf('</si>');
    }
    if (read > PRECHECK_PART_BYTES) return strings;
  }
  return strings;
}

/** Whether a row holds a value in one of the known columns (the worker's "row with content"). */
function filled(rowXml: string, known: ReadonlySet<string>): boolean {
  const cells = cellsOf(rowXml);
  if (!cells) throw new Error('a cell without a reference');
  return cells.some((cell) => {
    if (!known.has(cell.column) || cell.type === 'e') return false;
    if (cell.type === 'inlineStr') return textRuns(cell.inner).trim() !== '';
    const value = /<v>([^<]*)<\/v>/.exec(cell.inner)?.[1] ?? '';
    return unescapeXml(value).trim() !== '';
  });
}

/**
 * The sheet's row elements as they unpack (number and XML), within PRECHECK_SHEET_BYTES; a row with
 * no number or longer than PRECHECK_ROW_CHARS ends the check undecided (an error).
 */
async function* rowsOf(zip: Buffer, sheet: ZipEntry): AsyncGenerator<{ number: number; xml: string }> {
  let pending = '';
  let read = 0;
  for await (const chunk of unpackText(zip, sheet)) {
    read += chunk.length;
    if (read > PRECHECK_SHEET_BYTES) return;
    pending += chunk;
    let at = 0;
    for (;;) {
      const start = pending.indexOf('<row', at);
      if (start < 0) {
        // A row's tag may begin at the chunk's end.
        at = Math.max(at, pending.length - 4);
        break;
      }
      const tagEnd = pending.indexOf('>', start);
      if (tagEnd < 0) {
        at = start;
        break;
      }
      const tag = pending.slice(start, tagEnd + 1);
      if (!/^<row[\s>/]/.test(tag)) {
        at = start + 4;
        continue;
      }
      const number = Number(attribute(tag, 'r'));
      if (!Number.isInteger(number)) throw new Error('a row without a number');
      if (tag.endsWith('/>')) {
        yield { number, xml: '' };
        at = tagEnd + 1;
        continue;
      }
      const end = pending.indexOf('</row>', tagEnd);
      if (end < 0) {
        // Each chunk searches the open row again: a row past this length ends the check undecided.
        if (pending.length - start > PRECHECK_ROW_CHARS) throw new Error('a row too long to wait for');
        at = start;
        break;
      }
      yield { number, xml: pending.slice(tagEnd + 1, end) };
      at = end + 6;
    }
    pending = pending.slice(at);
  }
}
