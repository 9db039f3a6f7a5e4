import { crc32, deflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';

/**
 * Bid-document PDFs for the tests, the demo and docs/bid-file (decision 0052), written with
 * pdfkit and Debian's Noto Sans CJK (fonts-noto-cjk; pdfkit embeds only the glyphs used). A page is
 * a list of lines; a line starting with `#` is a heading (larger type).
 */

export const CJK_FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
const CJK_FACE = 'NotoSansCJKsc-Regular';

type PdfOptions = { userPassword?: string };

function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** A text PDF: one page per entry, each line on its own line. */
export async function textPdf(pages: string[][], options: PdfOptions = {}): Promise<Buffer> {
  const doc = new PDFDocument({
    autoFirstPage: false,
    info: {
      Title: '投标文件',
      Producer: 'KS Platform samples',
      CreationDate: new Date('2026-01-01T00:00:00Z'),
    },
    ...(options.userPassword
      ? { userPassword: options.userPassword, ownerPassword: 'owner', pdfVersion: '1.7' }
      : {}),
  });
  const done = collect(doc);
  doc.registerFont('cjk', CJK_FONT, CJK_FACE);
  for (const lines of pages) {
    doc.addPage({ size: 'A4', margin: 56 });
    doc.font('cjk');
    for (const line of lines) {
      if (line.startsWith('#')) doc.fontSize(16).text(line.slice(1).trim()).moveDown(0.5);
      else doc.fontSize(11).text(line).moveDown(0.2);
    }
  }
  doc.end();
  return done;
}

/** A grey-scale PNG of a "scanned" page: dark bars where lines of text were. */
function scanPng(width = 240, height = 320): Buffer {
  const raw = Buffer.alloc((width + 1) * height, 0xf4);
  for (let y = 0; y < height; y += 1) {
    raw[y * (width + 1)] = 0; // filter: none
    const inLine = y > 24 && y % 14 < 5;
    if (!inLine) continue;
    const length = 30 + ((y * 37) % (width - 60));
    for (let x = 20; x < 20 + length; x += 1) raw[y * (width + 1) + 1 + x] = 0x30;
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // grey scale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A scanned document: every page one image, no text layer. */
export async function scannedPdf(pageCount = 2): Promise<Buffer> {
  const doc = new PDFDocument({
    autoFirstPage: false,
    info: { CreationDate: new Date('2026-01-01T00:00:00Z') },
  });
  const done = collect(doc);
  const png = scanPng();
  for (let i = 0; i < pageCount; i += 1) {
    doc.addPage({ size: 'A4', margin: 0 });
    doc.image(png, 0, 0, { width: 595, height: 842 });
  }
  doc.end();
  return done;
}

/** A PDF of the given objects (numbered from 1, the first the catalogue), with its cross-reference table. */
function pdfOf(objects: (string | Buffer)[][]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n')];
  let size = parts[0]?.length ?? 0;
  const offsets: number[] = [];
  const push = (part: string | Buffer) => {
    const bytes = typeof part === 'string' ? Buffer.from(part, 'latin1') : part;
    parts.push(bytes);
    size += bytes.length;
  };
  objects.forEach((body, index) => {
    offsets.push(size);
    push(`${index + 1} 0 obj\n`);
    for (const part of body) push(part);
    push('\nendobj\n');
  });
  const xref = size;
  push(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`);
  for (const offset of offsets) push(`${String(offset).padStart(10, '0')} 00000 n \n`);
  push(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts);
}

/**
 * A "PDF bomb": one page whose content stream, some KB deflated, inflates to `inflatedBytes` of
 * blanks (zeros are white space to a PDF parser). Issue 27: such a file took the server's memory.
 */
export function bombPdf(inflatedBytes: number): Buffer {
  const packed = deflateSync(Buffer.alloc(inflatedBytes), { level: 9 });
  return pdfOf([
    ['<< /Type /Catalog /Pages 2 0 R >>'],
    ['<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
    ['<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>'],
    [`<< /Length ${packed.length} /Filter /FlateDecode >>\nstream\n`, packed, '\nendstream'],
  ]);
}

/** A PDF whose page tree claims `count` pages (all the same page): the page limit's refusal. */
export function manyPagesPdf(count: number): Buffer {
  const content = 'BT /F1 12 Tf 72 720 Td (page) Tj ET';
  return pdfOf([
    ['<< /Type /Catalog /Pages 2 0 R >>'],
    [`<< /Type /Pages /Kids [${'3 0 R '.repeat(count)}] /Count ${count} >>`],
    ['<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>'],
    [`<< /Length ${content.length} >>\nstream\n${content}\nendstream`],
  ]);
}

export { SAMPLE_CHAPTERS, sampleBid } from '../src/modules/bid-detection/sample-bids.ts';
