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

/** The tender's required chapters of the demo and the tests, in order. */
export const SAMPLE_CHAPTERS = [
  '投标函',
  '法定代表人身份证明',
  '投标报价',
  '施工组织设计',
  '项目管理机构',
  '业绩',
];

const CHAPTER_TEXT: Record<string, string[]> = {
  投标函: [
    '致：城东实验小学（招标人）',
    '我方已仔细研究招标文件，愿以投标报价表所列金额承包本工程。',
    '工期：365日历天；质量标准：合格。',
  ],
  法定代表人身份证明: ['兹证明下列人员为我单位法定代表人，特此证明。'],
  投标报价: ['投标总价详见已标价工程量清单（造价文件）。'],
  施工组织设计: [
    '一、安全文明施工措施：设专职安全员，编制应急预案并每季度演练。',
    '二、质量保证体系：按 ISO9001 建立质量保证体系，三检制。',
  ],
  项目管理机构: ['项目经理：王建华（一级注册建造师）', '技术负责人：李卫东（高级工程师）'],
};

/** A bid document in the sample layout: a cover, a table of contents, then one page per chapter. */
export function sampleBid(options: {
  bidder: string;
  chapters?: string[];
  achievements?: { projectName: string; amount: string }[];
}): string[][] {
  const chapters = options.chapters ?? SAMPLE_CHAPTERS;
  const numerals = '一二三四五六七八九十';
  const pages: string[][] = [
    [
      '#投标文件',
      '项目名称：城东实验小学教学楼新建工程（演示）',
      `投标人：${options.bidder}`,
      '日期：2026年3月18日',
    ],
    ['#目录', ...chapters.map((c, i) => `第${numerals[i]}章 ${c}......${i + 3}`)],
  ];
  chapters.forEach((chapter, i) => {
    const heading = `#第${numerals[i]}章 ${chapter}`;
    if (chapter === '业绩') {
      const claims = options.achievements ?? [];
      pages.push([
        heading,
        ...(claims.length
          ? claims.map((c, n) => `${n + 1}. 项目名称：${c.projectName}；合同金额：${c.amount}万元`)
          : ['本公司近三年无类似工程业绩。']),
      ]);
    } else pages.push([heading, ...(CHAPTER_TEXT[chapter] ?? [])]);
  });
  return pages;
}
