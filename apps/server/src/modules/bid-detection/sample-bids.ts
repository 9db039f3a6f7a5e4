import type { BidScoreItem } from '@ks/contract';

/**
 * The sample bid documents (decision 0052) as lines per page: the demo's three documents, the
 * tests' documents and docs/bid-file's samples are written from these by `test/bid-pdf-fixtures.ts`
 * (pdfkit). A line starting with `#` is a heading.
 */

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

/** The demo's score items: two keyword items and the price item (最低价法). */
export const SAMPLE_SCORE_ITEMS: BidScoreItem[] = [
  { kind: 'keyword', name: '安全文明施工措施', points: 5, keywords: ['安全文明施工', '应急预案'] },
  { kind: 'keyword', name: '质量保证体系', points: 5, keywords: ['质量保证体系', 'ISO9001'] },
  { kind: 'price', name: '投标报价得分', points: 30, keywords: [] },
];

/**
 * The demo's bid documents (demo-systems/assets): the demo enterprise's clean one (its 业绩 is the
 * approved record of its 企业信息), one without 项目管理机构 and one claiming a 业绩 the credit
 * library does not hold. `bidder` null: the demo enterprise uploads it under its own name.
 */
export const DEMO_BIDS: { asset: string; bidder: string | null; pages: string[][] }[] = [
  {
    asset: 'demo-bid-clean.pdf',
    bidder: null,
    pages: sampleBid({
      bidder: 'KS演示建设集团有限公司（演示数据）',
      achievements: [{ projectName: '南京河西新城市民服务中心工程', amount: '8650' }],
    }),
  },
  {
    asset: 'demo-bid-missing-chapter.pdf',
    bidder: '杭州建工集团有限公司',
    pages: sampleBid({
      bidder: '杭州建工集团有限公司',
      chapters: SAMPLE_CHAPTERS.filter((c) => c !== '项目管理机构'),
    }),
  },
  {
    asset: 'demo-bid-unmatched-achievement.pdf',
    bidder: '宁波华屹建筑工程有限公司',
    pages: sampleBid({
      bidder: '宁波华屹建筑工程有限公司',
      achievements: [{ projectName: '宁波东部新城国际会议中心工程', amount: '12800' }],
    }),
  },
];

/** The scanned sample (image pages only) in docs/bid-file and the assets. */
export const SCANNED_SAMPLE = 'demo-bid-scanned.pdf';
