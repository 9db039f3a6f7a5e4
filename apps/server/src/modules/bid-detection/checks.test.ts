import { BID_MESSAGES } from '@ks/contract';
import { describe, expect, it } from 'vitest';
import { SAMPLE_CHAPTERS, sampleBid, scannedPdf, textPdf } from '../../../test/bid-pdf-fixtures.ts';
import { checkAchievements, checkDirectories, computeScores, tenThousandths } from './checks.ts';
import { BidExtractError, extractPages } from './pdf-text.ts';

const refusal = async (bytes: Uint8Array) => {
  const error = await extractPages(bytes).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(BidExtractError);
  return error as BidExtractError;
};

describe('PDF text extraction', () => {
  it('answers the text of each page, one line per line', async () => {
    const pages = await extractPages(await textPdf([['#第一章 投标函', '致：招标人'], ['第二页 ABC 123']]));
    expect(pages).toEqual(['第一章 投标函\n致：招标人', '第二页 ABC 123']);
  });

  it('reports a scan (images, no text) as scanned', async () => {
    const error = await refusal(await scannedPdf());
    expect(error.state).toBe('scanned');
    expect(error.message).toBe(BID_MESSAGES.scanned);
  });

  it('refuses a broken and an encrypted PDF with their own messages', async () => {
    const good = await textPdf([['正文']]);
    const broken = await refusal(
      new Uint8Array(Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >>\n%%EOF')),
    );
    expect(broken).toMatchObject({ state: 'failed', message: BID_MESSAGES.broken });
    const notPdf = await refusal(new Uint8Array(Buffer.from('这不是 PDF 文件')));
    expect(notPdf.message).toBe(BID_MESSAGES.broken);
    const truncated = await refusal(new Uint8Array(good.subarray(0, 200)));
    expect(truncated.message).toBe(BID_MESSAGES.broken);
    const encrypted = await refusal(await textPdf([['机密']], { userPassword: 'secret' }));
    expect(encrypted).toMatchObject({ state: 'failed', message: BID_MESSAGES.encrypted });
  });
});

/** The sample layout as extracted text (what extractPages answers for it). */
const asText = (pages: string[][]) => pages.map((lines) => lines.map((l) => l.replace(/^#/, '')).join('\n'));

describe('directories', () => {
  it('finds every chapter in order, past the table of contents', () => {
    const rows = checkDirectories(asText(sampleBid({ bidder: '甲' })), SAMPLE_CHAPTERS);
    expect(rows.map((r) => [r.result, r.page])).toEqual(SAMPLE_CHAPTERS.map((_, i) => ['ok', i + 3]));
  });

  it('reports a missing chapter (the table of contents does not count)', () => {
    const pages = asText(
      sampleBid({ bidder: '甲', chapters: SAMPLE_CHAPTERS.filter((c) => c !== '项目管理机构') }),
    );
    pages[1] = `目录\n${SAMPLE_CHAPTERS.map((c) => `${c}......9`).join('\n')}`;
    const rows = checkDirectories(pages, SAMPLE_CHAPTERS);
    expect(rows.filter((r) => r.result !== 'ok')).toEqual([
      {
        chapter: '项目管理机构',
        order: 5,
        result: 'missing',
        page: null,
        message: '未找到必备章节“项目管理机构”',
      },
    ]);
  });

  it('reports a chapter before one it must follow, with both pages', () => {
    const order = ['投标函', '法定代表人身份证明', '施工组织设计', '投标报价', '项目管理机构', '业绩'];
    const rows = checkDirectories(asText(sampleBid({ bidder: '甲', chapters: order })), SAMPLE_CHAPTERS);
    const wrong = rows.filter((r) => r.result !== 'ok');
    expect(wrong).toHaveLength(1);
    expect(wrong[0]).toMatchObject({ chapter: '施工组织设计', result: 'out-of-order', page: 5 });
    expect(wrong[0]?.message).toContain('应位于“投标报价”之后');
  });
});

describe('achievement', () => {
  const records = [
    { projectName: '南京河西新城市民服务中心工程', amount: '8650' },
    { projectName: '苏州工业园区邻里中心工程', amount: '3200.5' },
  ];

  it('matches claims by name and amount, and reports the rest', () => {
    const pages = asText(
      sampleBid({
        bidder: '甲',
        achievements: [
          { projectName: '南京河西新城 市民服务中心工程', amount: '8,650.00' },
          { projectName: '苏州工业园区邻里中心工程', amount: '3250' },
          { projectName: '杭州未来科技城学校工程', amount: '5200' },
        ],
      }),
    );
    const { note, rows } = checkAchievements(pages, records);
    expect(note).toBe('');
    expect(rows.map((r) => [r.result, r.page, r.recordAmount])).toEqual([
      ['matched', 8, '8650'],
      ['amount-differs', 8, '3200.5'],
      ['not-found', 8, null],
    ]);
    expect(rows[1]?.message).toBe('合同金额与信用库业绩不一致（库中为3200.5万元）');
  });

  it('says so when there is no 业绩 chapter or no claim in it', () => {
    const without = asText(sampleBid({ bidder: '甲', chapters: ['投标函'] }));
    expect(checkAchievements(without, records)).toEqual({
      note: '投标文件中未找到业绩章节，未核对业绩',
      rows: [],
    });
    const empty = checkAchievements(asText(sampleBid({ bidder: '甲' })), records);
    expect(empty.rows).toEqual([]);
    expect(empty.note).toContain('未找到');
  });

  it('reads amounts exactly', () => {
    expect(tenThousandths('8,650.5')).toBe(86_505_000n);
    expect(tenThousandths('abc')).toBeNull();
  });
});

describe('score', () => {
  const pages = asText(sampleBid({ bidder: '甲' }));
  const items = [
    { kind: 'keyword' as const, name: '安全文明施工', points: 5, keywords: ['安全文明施工', '应急预案'] },
    { kind: 'keyword' as const, name: 'BIM 应用', points: 3, keywords: ['BIM'] },
    { kind: 'price' as const, name: '投标报价得分', points: 30, keywords: [] },
  ];

  it('gives keyword items their points with the pages as evidence, and computes the price score', () => {
    const { rows, total } = computeScores(pages, items, {
      own: 1_050_000_00n,
      lowest: 1_000_000_00n,
      count: 3,
    });
    expect(rows.map((r) => r.points)).toEqual(['5.00', '0.00', '28.57']);
    expect(rows[0]?.evidence).toBe('安全文明施工（第6页）、应急预案（第6页）');
    expect(rows[1]?.evidence).toBe('未找到：BIM');
    expect(rows[2]?.evidence).toContain('最低投标报价 1000000.00 元');
    expect(total).toBe(3357n);
  });

  it('leaves the price item uncomputed without a parsed bid', () => {
    const { rows, total } = computeScores(pages, items.slice(2), { own: null, lowest: 100n, count: 1 });
    expect(rows[0]).toMatchObject({
      points: null,
      evidence: '未找到该投标人已解析的投标报价（造价文件），无法计算',
    });
    expect(total).toBe(0n);
  });
});
