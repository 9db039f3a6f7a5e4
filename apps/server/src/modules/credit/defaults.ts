import type { ENTERPRISE_TYPES, SaveCreditItemTypeBody } from '@ks/contract';

/**
 * The seeded defaults (docs/domain.md §8). The classes, the windows' shape (basic long-term, good about
 * three years, bad six months to three years by severity) and the severity grades follow the
 * sources; the item names, highest scores and the score model's numbers are suggestions an
 * administrator adjusts to the province's rules (they are marked `suggestion` in the catalogue).
 */

type Seed = Omit<SaveCreditItemTypeBody, 'code' | 'qyType' | 'sort'> & { key: string; only?: string[] };

const ITEMS: Seed[] = [
  {
    key: 'B01',
    name: '企业资质等级',
    creditClass: 'basic',
    maxScore: 10,
    windowMonths: 0,
    defaultSeverity: '',
  },
  {
    key: 'B02',
    name: '安全生产许可证',
    creditClass: 'basic',
    maxScore: 5,
    windowMonths: 0,
    defaultSeverity: '',
    only: ['施工企业'],
  },
  {
    key: 'B03',
    name: '注册人员配备',
    creditClass: 'basic',
    maxScore: 5,
    windowMonths: 0,
    defaultSeverity: '',
  },
  {
    key: 'G01',
    name: '获得省部级及以上表彰',
    creditClass: 'good',
    maxScore: 5,
    windowMonths: 36,
    defaultSeverity: '',
  },
  {
    key: 'G02',
    name: '获得设区市级表彰',
    creditClass: 'good',
    maxScore: 3,
    windowMonths: 36,
    defaultSeverity: '',
  },
  {
    key: 'G03',
    name: '获得优质工程奖',
    creditClass: 'good',
    maxScore: 4,
    windowMonths: 36,
    defaultSeverity: '',
    only: ['施工企业', '监理企业'],
  },
  {
    key: 'D01',
    name: '受到行政处罚（严重失信）',
    creditClass: 'bad',
    maxScore: 20,
    windowMonths: 36,
    defaultSeverity: 'A',
  },
  {
    key: 'D02',
    name: '受到行政处罚（较重失信）',
    creditClass: 'bad',
    maxScore: 10,
    windowMonths: 12,
    defaultSeverity: 'B',
  },
  {
    key: 'D03',
    name: '一般失信行为（简易程序）',
    creditClass: 'bad',
    maxScore: 3,
    windowMonths: 6,
    defaultSeverity: 'C',
  },
];

/** The enterprise types with a default catalogue, and the prefix of their item codes. */
export const CATALOGUE_TYPES: Partial<Record<(typeof ENTERPRISE_TYPES)[number], string>> = {
  施工企业: 'SG',
  监理企业: 'JL',
  招标代理: 'ZB',
  造价咨询: 'ZJ',
};

export const DEFAULT_ITEM_TYPES: (SaveCreditItemTypeBody & { suggestion: boolean })[] = (
  Object.entries(CATALOGUE_TYPES) as [(typeof ENTERPRISE_TYPES)[number], string][]
).flatMap(([qyType, prefix]) =>
  ITEMS.filter((item) => !item.only || item.only.includes(qyType)).map(
    ({ key, only: _only, ...item }, sort) => ({
      ...item,
      code: `${prefix}-${key}`,
      qyType,
      sort,
      suggestion: true,
    }),
  ),
);

/** Model 1 (a suggestion, after the shape of Tianjin 2021: a base, good items add, bad deduct). */
export const DEFAULT_SCORE_MODEL = {
  base: 80,
  fullScore: 100,
  goodCap: 20,
  badCap: null,
  basicCounts: false,
  bands: [
    { grade: 'AAA', min: 95 },
    { grade: 'AA', min: 85 },
    { grade: 'A', min: 75 },
    { grade: 'B', min: 60 },
    { grade: 'C', min: 0 },
  ],
};

export const DEFAULT_LETTER = {
  title: '信用承诺书',
  content: [
    '为维护公平竞争、诚实守信的市场秩序，本单位郑重承诺：',
    '一、严格遵守国家有关法律法规和行业规定，依法参与工程建设和公共资源交易活动；',
    '二、所提交的企业信息、资质证书、业绩和人员等全部材料真实、准确、完整、有效，无虚假记载；',
    '三、不以他人名义投标或允许他人以本单位名义投标，不串通投标，不以行贿等不正当手段谋取中标；',
    '四、自觉接受行政主管部门和社会的监督，按规定及时、如实报送信用信息；',
    '五、如违反上述承诺，愿意接受有关部门依法作出的处理，并同意将失信行为记入信用档案、依法公开。',
  ].join('\n'),
};
