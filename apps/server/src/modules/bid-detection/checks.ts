import type { AchievementRow, BidScoreItem, DirectoryRow, ScoreRow } from '@ks/contract';

/**
 * The bid-document checks (decision 0052) as pure functions over the extracted pages: the required
 * chapters in order (directories), the claimed 业绩 against the enterprise's approved records
 * (achievement) and the computable score items (score). Pages are numbered from 1.
 */

type Position = { page: number; line: number };
const before = (a: Position, b: Position) => a.page < b.page || (a.page === b.page && a.line < b.line);

/** Blanks removed and full-width brackets and colons folded, for comparisons. */
export const fold = (text: string) =>
  text.replace(/\s+/g, '').replace(/（/g, '(').replace(/）/g, ')').replace(/：/g, ':');

/** A numbering in front of a heading: 第一章, 第3部分, 一、, 1., 1.2, （一）, (1). */
const NUMBERING =
  /^(第[一二三四五六七八九十百零〇\d]+[章节部分篇卷]|[一二三四五六七八九十]+[、.．]|\d+(\.\d+)*[、.．]?|[(（][一二三四五六七八九十\d]+[)）])\s*/;
/** A table-of-contents line: dot leaders or a trailing page number after the title. */
const TOC_LINE = /(\.{3,}|…|·{3,}|-{3,})\s*\d*$|\s\d+$/;

const isTocPage = (lines: string[]) => lines.some((line) => fold(line) === '目录');

/** The heading text of a line without its numbering, or null when the line cannot be a heading. */
function headingOf(line: string): string | null {
  if (TOC_LINE.test(line)) return null;
  const title = fold(line.replace(NUMBERING, ''));
  return title.length > 0 && title.length <= 40 ? title : null;
}

/** Where each heading that starts with `chapter` first stands, outside a table of contents. */
export function findHeading(pages: string[], chapter: string, from?: Position): Position | null {
  const wanted = fold(chapter);
  for (let p = 0; p < pages.length; p += 1) {
    const lines = (pages[p] ?? '').split('\n');
    if (isTocPage(lines)) continue;
    for (let l = 0; l < lines.length; l += 1) {
      const at = { page: p + 1, line: l };
      if (from && !before(from, at)) continue;
      const heading = headingOf(lines[l] ?? '');
      if (heading?.startsWith(wanted)) return at;
    }
  }
  return null;
}

/**
 * Each required chapter found by its heading and in order: a chapter found before one that must
 * precede it is out of order; one not found is missing.
 */
export function checkDirectories(pages: string[], chapters: string[]): DirectoryRow[] {
  let last: { position: Position; chapter: string } | null = null;
  return chapters.map((chapter, index) => {
    const order = index + 1;
    const at = findHeading(pages, chapter);
    if (!at) return { chapter, order, result: 'missing', page: null, message: `未找到必备章节“${chapter}”` };
    if (last && before(at, last.position)) {
      return {
        chapter,
        order,
        result: 'out-of-order',
        page: at.page,
        message: `“${chapter}”应位于“${last.chapter}”之后，但出现在第${at.page}页（“${last.chapter}”在第${last.position.page}页）`,
      };
    }
    last = { position: at, chapter };
    return { chapter, order, result: 'ok', page: at.page, message: `第${at.page}页` };
  });
}

/** An approved performance record of the bidder's enterprise (信用库 / 企业信息 业绩信息). */
export type PerformanceRecord = { projectName: string; amount: string };

/** 合同金额 in 万元 as ten-thousandths (BigInt), null when it is not a number. */
export function tenThousandths(amount: string): bigint | null {
  const match = /^(\d+)(?:\.(\d{1,4}))?$/.exec(amount.replace(/,/g, '').trim());
  if (!match) return null;
  return BigInt(match[1] ?? '0') * 10_000n + BigInt((match[2] ?? '').padEnd(4, '0'));
}

const CLAIM = /项目名称[:：]\s*(.+?)\s*[，,；;]?\s*合同金额[:：]\s*([\d,]+(?:\.\d+)?)\s*万元/;

/** The 业绩 chapter's lines with their pages: from its heading to the next numbered chapter heading. */
function achievementLines(pages: string[]): { text: string; page: number }[] | null {
  const start = findHeading(pages, '业绩') ?? findHeading(pages, '类似项目业绩');
  if (!start) return null;
  const lines: { text: string; page: number }[] = [];
  for (let p = start.page - 1; p < pages.length; p += 1) {
    const pageLines = (pages[p] ?? '').split('\n');
    for (let l = p === start.page - 1 ? start.line + 1 : 0; l < pageLines.length; l += 1) {
      const line = pageLines[l] ?? '';
      if (/^第[一二三四五六七八九十百\d]+章/.test(line)) return lines;
      lines.push({ text: line, page: p + 1 });
    }
  }
  return lines;
}

/**
 * The claims of the 业绩 chapter (a line, or two joined, with 项目名称 and 合同金额 … 万元), each
 * matched by name against the approved records and then by amount.
 */
export function checkAchievements(
  pages: string[],
  records: PerformanceRecord[],
): { note: string; rows: AchievementRow[] } {
  const lines = achievementLines(pages);
  if (!lines) return { note: '投标文件中未找到业绩章节，未核对业绩', rows: [] };
  const byName = new Map(records.map((r) => [fold(r.projectName), r]));
  const rows: AchievementRow[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i];
    if (!line) continue;
    let match = CLAIM.exec(line.text);
    if (!match && line.text.includes('项目名称') && lines[i + 1]) {
      match = CLAIM.exec(`${line.text} ${lines[i + 1]?.text}`);
      if (match) i += 1;
    }
    if (!match) continue;
    const projectName = (match[1] ?? '').trim();
    const claimedAmount = (match[2] ?? '').replace(/,/g, '');
    const record = byName.get(fold(projectName));
    if (!record) {
      rows.push({
        projectName,
        claimedAmount,
        page: line.page,
        result: 'not-found',
        recordAmount: null,
        message: '信用库中未找到该企业经审核的同名业绩',
      });
      continue;
    }
    const same = tenThousandths(record.amount) === tenThousandths(claimedAmount);
    rows.push({
      projectName,
      claimedAmount,
      page: line.page,
      result: same ? 'matched' : 'amount-differs',
      recordAmount: record.amount,
      message: same ? '与信用库业绩一致' : `合同金额与信用库业绩不一致（库中为${record.amount}万元）`,
    });
  }
  return { note: rows.length ? '' : '业绩章节中未找到“项目名称……合同金额……万元”格式的业绩', rows };
}

/** The price item's input: the bidder's bid total and the lowest valid one, in cents. */
export type PriceContext = { own: bigint | null; lowest: bigint | null; count: number };

const hundredths = (points: number) => BigInt(Math.round(points * 100));
/** Hundredths as a decimal string (12.5 → "12.50"). */
export const points2 = (value: bigint) => {
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
};
const yuan = (cents: bigint) => points2(cents);

/** Where a folded keyword first appears: its page, or null. */
function pageOf(pages: string[], keyword: string): number | null {
  const wanted = fold(keyword);
  const index = pages.findIndex((page) => fold(page).includes(wanted));
  return index < 0 ? null : index + 1;
}

/**
 * The computable score items: a keyword item gets its points when every keyword is in the
 * document; the price item is 最低价法 — points × lowest valid bid ÷ the bidder's bid, from the
 * cost check's parsed bids, rounded to hundredths.
 */
export function computeScores(
  pages: string[],
  items: BidScoreItem[],
  price: PriceContext,
): { rows: ScoreRow[]; total: bigint } {
  let total = 0n;
  const rows = items.map((item): ScoreRow => {
    const max = hundredths(item.points);
    const head = { kind: item.kind, name: item.name, maxPoints: points2(max) };
    if (item.kind === 'keyword') {
      const found = item.keywords.map((k) => ({ keyword: k, page: pageOf(pages, k) }));
      const missing = found.filter((f) => f.page === null).map((f) => f.keyword);
      const firstPage = found.find((f) => f.page !== null)?.page ?? null;
      if (missing.length) {
        return { ...head, points: '0.00', evidence: `未找到：${missing.join('、')}`, page: firstPage };
      }
      total += max;
      return {
        ...head,
        points: points2(max),
        evidence: found.map((f) => `${f.keyword}（第${f.page}页）`).join('、'),
        page: firstPage,
      };
    }
    if (price.own === null || price.own <= 0n || price.lowest === null) {
      return {
        ...head,
        points: null,
        evidence: '未找到该投标人已解析的投标报价（造价文件），无法计算',
        page: null,
      };
    }
    // Round half up: (max × lowest × 2 + own) ÷ (2 × own).
    const got = (max * price.lowest * 2n + price.own) / (2n * price.own);
    total += got;
    return {
      ...head,
      points: points2(got),
      evidence: `最低价法：${points2(max)} × 最低投标报价 ${yuan(price.lowest)} 元 ÷ 本投标报价 ${yuan(price.own)} 元（共${price.count}家有效报价）`,
      page: null,
    };
  });
  return { rows, total };
}
