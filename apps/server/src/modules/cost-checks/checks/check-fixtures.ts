import { cents } from '../money.ts';
import { DEFAULT_COST_RULES } from '../rules-defaults.ts';
import type { CheckInput, CheckNode, IssueRows, MoneyKey, UnitTotals } from './types.ts';

/**
 * A consistent one-unit cost file (建筑工程, general tax method, the default rules) that passes
 * every rule; each unit test breaks one thing. Amounts in yuan:
 * F 1,000,000; C 50,000 (A 3,600 = 3 % of 人工费 100,000 + 机械费 20,000; 企业安全生产费 40,000);
 * Q 120,000 (暂列金额, 12 % of F); G 25,000 (25 % of 人工费); V 107,550 (9 % of F+C+Q+G);
 * S 120,456 (V + 12 % surcharges); Z 1,315,456.
 */
export const Y = (value: string) => cents(value) ?? 0n;

const MONEY: Record<MoneyKey, string> = {
  zzj: '1315456.00',
  fbfxf: '1000000.00',
  csxmf: '50000.00',
  aqwmsgf: '3600.00',
  qtxmf: '120000.00',
  gf: '25000.00',
  sj: '120456.00',
  zzsxxse: '107550.00',
};

const money = () =>
  Object.fromEntries(Object.entries(MONEY).map(([k, v]) => [k, Y(v)])) as Record<MoneyKey, bigint>;

export function nodes(prefix = 'n'): CheckNode[] {
  return [
    {
      id: `${prefix}1`,
      parentId: null,
      level: 'project',
      path: '1',
      code: 'P',
      name: '示例项目',
      zy: null,
      money: money(),
      bases: {},
    },
    {
      id: `${prefix}2`,
      parentId: `${prefix}1`,
      level: 'single',
      path: '1.1',
      code: 'S1',
      name: '1号楼',
      zy: null,
      money: money(),
      bases: {},
    },
    {
      id: `${prefix}3`,
      parentId: `${prefix}2`,
      level: 'unit',
      path: '1.1.1',
      code: 'U1',
      name: '1号楼建筑工程',
      zy: '建筑工程',
      money: money(),
      bases: { 人工费: Y('100000.00'), 机械费: Y('20000.00') },
    },
  ];
}

export function totals(): UnitTotals {
  return {
    lists: {
      fbfx: { sum: Y('1000000.00'), count: 10 },
      csxm: { sum: Y('50000.00'), count: 3 },
      qtxm: { sum: Y('120000.00'), count: 1 },
      gf: { sum: Y('25000.00'), count: 1 },
      sj: { sum: Y('120456.00'), count: 1 },
    },
    categories: {
      safety: { sum: Y('3600.00'), count: 1 },
      'enterprise-safety': { sum: Y('40000.00'), count: 1 },
      'provisional-sum': { sum: Y('120000.00'), count: 1 },
    },
    itemCount: 16,
  };
}

export const none = (): IssueRows => ({ rows: [], total: 0 });

export function cleanInput(kind: 'bid' | 'control-price' = 'bid'): CheckInput {
  const tenderNodes = nodes('t');
  return {
    file: {
      id: 'f1',
      kind,
      bidderName: '甲公司',
      taxMethod: 'general',
      sha256: 'aaa',
      origin: {
        software: '计价软件',
        lockSerial: 'LOCK-A',
        machineCode: 'M-A',
        macAddress: '00-1A-2B-3C-4D-5E',
      },
    },
    region: '110000',
    config: structuredClone(DEFAULT_COST_RULES),
    nodes: nodes(),
    unitTotals: new Map([['n3', totals()]]),
    feeItems: [
      {
        unitNodeId: 'n3',
        list: 'csxm',
        category: 'safety',
        code: '011707001001',
        name: '安全文明施工费',
        rate: '3.0000',
        base: '人工费+机械费',
        total: Y('3600.00'),
      },
      {
        unitNodeId: 'n3',
        list: 'gf',
        category: null,
        code: 'GF1',
        name: '规费',
        rate: '25.0000',
        base: '人工费',
        total: Y('25000.00'),
      },
    ],
    tender: { nodes: tenderNodes, unitTotals: new Map([['t3', totals()]]) },
    controlTotal: kind === 'bid' ? Y('1400000.00') : null,
    approvedEstimate: Y('1500000.00'),
    items: {
      duplicates: none(),
      identity: none(),
      provisionalPrices: none(),
      dayworks: none(),
      prices: none(),
      totals: none(),
    },
    otherBids: [
      { id: 'f1', bidderName: '甲公司', sha256: 'aaa', origin: { lockSerial: 'LOCK-A', machineCode: 'M-A' } },
      {
        id: 'f2',
        bidderName: '乙公司',
        sha256: 'bbb',
        origin: { lockSerial: 'LOCK-B', machineCode: 'M-B', macAddress: '00-1A-2B-3C-4D-5F' },
      },
    ],
  };
}

export const unitOf = (input: CheckInput) => {
  const unit = input.nodes.find((n) => n.level === 'unit');
  if (!unit) throw new Error('fixture has no unit');
  return unit;
};

/** Sets a money column on every node (the roll-up stays consistent). */
export function setEverywhere(input: CheckInput, key: MoneyKey, yuan: string) {
  for (const node of input.nodes) node.money[key] = Y(yuan);
}
