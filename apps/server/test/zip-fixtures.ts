import { crc32, deflateRawSync } from 'node:zlib';
import { readZipDirectory, unpackEntry } from '../src/platform/zip.ts';

/** One entry of a zip built here; `declaredSize` forges the size its headers state. */
export interface ZipPart {
  name: string;
  data: Buffer;
  declaredSize?: number;
}

/** A zip of deflated entries with its central directory, as Office writes one (no data descriptors). */
export function zipOf(parts: readonly ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const packed = deflateRawSync(part.data, { level: 6 });
    const size = part.declaredSize ?? part.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(part.data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(part.data), 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The entries of a zip, unpacked (through the server's own reader, with generous limits). */
export async function partsOf(zip: Buffer): Promise<ZipPart[]> {
  const limits = { unpackedBytes: 2 ** 31, entries: 65535, ratio: 2000 };
  const parts: ZipPart[] = [];
  for (const entry of readZipDirectory(zip, limits)) {
    const chunks: Buffer[] = [];
    for await (const chunk of unpackEntry(zip, entry)) chunks.push(chunk);
    parts.push({ name: entry.name, data: Buffer.concat(chunks) });
  }
  return parts;
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const escapeXml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
const column = (index: number) => String.fromCharCode(65 + index);

/** The sheet XML of rows of inline strings; `tail` replaces the closing tags (a file cut or broken there). */
export function sheetXml(rows: readonly (readonly string[])[], tail?: string): string {
  const body = rows
    .map(
      (cells, r) =>
        `<row r="${r + 1}">${cells
          .map(
            (text, c) => `<c r="${column(c)}${r + 1}" t="inlineStr"><is><t>${escapeXml(text)}</t></is></c>`,
          )
          .join('')}</row>`,
    )
    .join('');
  return `${XML}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${body}${tail ?? '</sheetData></worksheet>'}`;
}

/**
 * A minimal xlsx (content types, workbook, its relationships, one sheet) built without exceljs, so a
 * test can make one of 200,000 rows in a fraction of a second; `extra` adds entries, `sheetSize`
 * forges the sheet's declared size.
 */
export function xlsxOf(sheet: string, options: { extra?: ZipPart[]; sheetSize?: number } = {}): Buffer {
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  return zipOf([
    {
      name: '[Content_Types].xml',
      data: Buffer.from(
        `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
      ),
    },
    {
      name: '_rels/.rels',
      data: Buffer.from(
        `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    },
    {
      name: 'xl/workbook.xml',
      data: Buffer.from(
        `${XML}<workbook xmlns="${main}" xmlns:r="${rel}"><sheets><sheet name="导入数据" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: Buffer.from(
        `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ),
    },
    { name: 'xl/worksheets/sheet1.xml', data: Buffer.from(sheet), declaredSize: options.sheetSize },
    ...(options.extra ?? []),
  ]);
}
