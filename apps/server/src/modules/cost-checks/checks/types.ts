import type { CostRateRow, CostRuleCode, CostRuleConfig, FindingSeverity } from '@ks/contract';
import type { FileOrigin, IssueRows, ItemIssue } from '../../file-analysis/public.ts';

export type { IssueRows, ItemIssue };

/** The money columns of a cost_nodes row, in cents. */
export const MONEY_KEYS = ['zzj', 'fbfxf', 'csxmf', 'aqwmsgf', 'qtxmf', 'gf', 'sj', 'zzsxxse'] as const;
export type MoneyKey = (typeof MONEY_KEYS)[number];
export const MONEY_LABELS: Record<MoneyKey, string> = {
  zzj: '工程总造价',
  fbfxf: '分部分项工程费',
  csxmf: '措施项目费',
  aqwmsgf: '安全文明施工费',
  qtxmf: '其他项目费',
  gf: '规费',
  sj: '税金',
  zzsxxse: '增值税销项税额',
};

export type ItemList = 'fbfx' | 'csxm' | 'qtxm' | 'gf' | 'sj';
export const LIST_LABELS: Record<ItemList, string> = {
  fbfx: '分部分项工程项目',
  csxm: '措施项目',
  qtxm: '其他项目',
  gf: '规费项目',
  sj: '税金项目',
};

export interface CheckNode {
  id: string;
  parentId: string | null;
  level: 'project' | 'single' | 'unit';
  path: string;
  code: string;
  name: string;
  zy: string | null;
  money: Record<MoneyKey, bigint>;
  /** Declared fee bases: name → cents. */
  bases: Record<string, bigint>;
}

/** Sum and count of a unit project's items, per list and per category. */
export interface UnitTotals {
  lists: Partial<Record<ItemList, { sum: bigint; count: number }>>;
  categories: Partial<Record<string, { sum: bigint; count: number }>>;
  itemCount: number;
}

/** A fee item that declares a rate or a base (safety fee, 规费, 税金 …). */
export interface FeeItem {
  unitNodeId: string;
  list: string;
  category: string | null;
  code: string;
  name: string;
  rate: string | null;
  base: string | null;
  total: bigint;
}

export interface CheckedFile {
  id: string;
  kind: 'control-price' | 'bid';
  bidderName: string;
  taxMethod: 'general' | 'simple' | null;
  sha256: string | null;
  /** The header's program and machine identifiers (C20), when the file carries them. */
  origin: FileOrigin | null;
}

/** Everything the checks of one file read: gathered by the repository, so the checks are pure. */
export interface CheckInput {
  file: CheckedFile;
  region: string;
  config: CostRuleConfig;
  nodes: CheckNode[];
  unitTotals: Map<string, UnitTotals>;
  feeItems: FeeItem[];
  /** The tender BOQ's summary, when the project has a parsed one. */
  tender: { nodes: CheckNode[]; unitTotals: Map<string, UnitTotals> } | null;
  /** The control price's project total (for bids), when parsed. */
  controlTotal: bigint | null;
  /** The project's approved estimate (批准的概算), when its owner set one (C18, control price). */
  approvedEstimate: bigint | null;
  /** Item comparisons: null when the tender BOQ is missing (those rules are then skipped). */
  items: {
    duplicates: IssueRows;
    identity: IssueRows | null;
    provisionalPrices: IssueRows | null;
    dayworks: IssueRows | null;
    prices: IssueRows;
    totals: IssueRows;
  };
  /** The other bids of the project, for C20. */
  otherBids: { id: string; bidderName: string; sha256: string | null; origin: FileOrigin | null }[];
}

export interface FindingDraft {
  rule: CostRuleCode;
  severity: FindingSeverity;
  message: string;
  expected: string | null;
  found: string | null;
  nodeId: string | null;
  nodePath: string | null;
  nodeName: string | null;
  itemCode: string | null;
}

export type Check = (input: CheckInput) => FindingDraft[];

/** The rate row that applies to a unit: the most specific match of region, zy and tax method. */
export function rateFor(
  config: CostRuleConfig,
  region: string,
  zy: string | null,
  taxMethod: CheckedFile['taxMethod'],
): CostRateRow {
  let best: { row: CostRateRow; score: number } | null = null;
  for (const row of config.rates) {
    if (row.region !== '*' && row.region !== region) continue;
    if (row.zy !== '*' && row.zy !== zy) continue;
    if (row.taxMethod !== '*' && row.taxMethod !== taxMethod) continue;
    const score = (row.region !== '*' ? 4 : 0) + (row.zy !== '*' ? 2 : 0) + (row.taxMethod !== '*' ? 1 : 0);
    if (!best || score > best.score) best = { row, score };
  }
  // The configuration schema requires a row for every region, zy and tax method.
  if (!best) throw new Error('rule configuration has no default rate row');
  return best.row;
}

export const onNode = (node: CheckNode) => ({ nodeId: node.id, nodePath: node.path, nodeName: node.name });
export const noNode = { nodeId: null, nodePath: null, nodeName: null };

/** The unit projects of a file, in tree order. */
export const unitsOf = (input: { nodes: CheckNode[] }) => input.nodes.filter((n) => n.level === 'unit');
