import type { CostRuleCode, FindingSeverity } from '@ks/contract';
import { abs, epsilon, shareOf, yuan } from '../money.ts';
import type { Check, CheckNode, FindingDraft, IssueRows, ItemIssue } from './types.ts';
import { noNode, onNode, unitsOf } from './types.ts';

const FIELD_LABELS: Record<string, string> = {
  name: '项目名称',
  features: '项目特征',
  unit: '计量单位',
  quantity: '工程量',
  unitPrice: '单价',
  total: '金额',
};

/** How many findings of one rule a file lists one by one; the rest are counted in one line. */
export const LISTED_PER_RULE = 200;

const noTender = (rule: CostRuleCode, what: string): FindingDraft => ({
  rule,
  severity: 'skipped',
  message: `项目没有已解析的招标工程量清单，未核对${what}`,
  expected: null,
  found: null,
  ...noNode,
  itemCode: null,
});

/** Turns the SQL's issue rows into findings, with one more line for those not listed. */
export function issueFindings(
  rule: CostRuleCode,
  severity: FindingSeverity,
  issues: IssueRows,
  describe: (issue: ItemIssue) => string,
): FindingDraft[] {
  const findings: FindingDraft[] = issues.rows.slice(0, LISTED_PER_RULE).map((issue) => ({
    rule,
    severity,
    message: describe(issue),
    expected: issue.expected,
    found: issue.found,
    nodeId: issue.unitNodeId,
    nodePath: issue.unitPath,
    nodeName: issue.unitName,
    itemCode: issue.code,
  }));
  const rest = issues.total - findings.length;
  if (rest > 0) {
    findings.push({
      rule,
      severity,
      message: `另有 ${rest} 处同类问题未逐条列出`,
      expected: null,
      found: String(rest),
      ...noNode,
      itemCode: null,
    });
  }
  return findings;
}

const itemLabel = (issue: ItemIssue) =>
  `${issue.unitName}的清单项目 ${issue.code}${issue.name ? `（${issue.name}）` : ''}`;

function describeAgainstTender(issue: ItemIssue, what: string): string {
  switch (issue.type) {
    case 'missing':
      return `${issue.unitName}缺少招标工程量清单中的${what} ${issue.code}（${issue.name}）`;
    case 'extra':
      return `${itemLabel(issue)}不在招标工程量清单中`;
    case 'duplicate':
      return `${itemLabel(issue)}重复出现`;
    default:
      return `${itemLabel(issue)}的${FIELD_LABELS[issue.field ?? ''] ?? issue.field}与招标工程量清单不一致`;
  }
}

/** The provisional sum (暂列金额) of each unit project, by path. */
function provisionalSums(
  nodes: CheckNode[],
  totals: Map<string, { categories: Record<string, { sum: bigint; count: number } | undefined> }>,
) {
  return new Map(
    unitsOf({ nodes }).map((unit) => [
      unit.path,
      { unit, amount: totals.get(unit.id)?.categories['provisional-sum'] },
    ]),
  );
}

/**
 * C11 (configurable): a bid's 暂列金额 is exactly the tender BOQ's; a control price's lies within
 * the configured share of 分部分项工程费.
 */
export const checkProvisionalSum: Check = (input) => {
  const mine = provisionalSums(input.nodes, input.unitTotals);
  if (input.file.kind === 'bid') {
    if (!input.tender) return [noTender('C11', '暂列金额')];
    const theirs = provisionalSums(input.tender.nodes, input.tender.unitTotals);
    const findings: FindingDraft[] = [];
    for (const [path, { unit, amount }] of mine) {
      const expected = theirs.get(path)?.amount?.sum ?? 0n;
      const found = amount?.sum ?? 0n;
      if (abs(found - expected) <= epsilon(input.config.epsilonYuan, 1)) continue;
      findings.push({
        rule: 'C11',
        severity: 'warning',
        message: `${unit.name}的暂列金额应与招标工程量清单一致`,
        expected: yuan(expected),
        found: yuan(found),
        ...onNode(unit),
        itemCode: null,
      });
    }
    return findings;
  }
  const { minPercent, maxPercent } = input.config.provisionalSum;
  return [...mine.values()].flatMap(({ unit, amount }): FindingDraft[] => {
    const f = unit.money.fbfxf;
    const found = amount?.sum ?? 0n;
    if (f <= 0n) return [];
    const low = (f * BigInt(Math.round(minPercent * 100))) / 10_000n;
    const high = (f * BigInt(Math.round(maxPercent * 100))) / 10_000n;
    if (found >= low && found <= high) return [];
    return [
      {
        rule: 'C11',
        severity: 'warning',
        message: `${unit.name}的暂列金额占分部分项工程费的 ${shareOf(found, f)}，不在 ${minPercent}%～${maxPercent}% 之间`,
        expected: `${yuan(low)}～${yuan(high)}`,
        found: yuan(found),
        ...onNode(unit),
        itemCode: null,
      },
    ];
  });
};

/** C12 (hard with the tender BOQ): 暂估价 items enter their unit rates and amounts unchanged. */
export const checkProvisionalPrices: Check = (input) =>
  input.items.provisionalPrices
    ? issueFindings('C12', 'error', input.items.provisionalPrices, (i) =>
        describeAgainstTender(i, '暂估价项目'),
      )
    : [noTender('C12', '暂估价')];

/** C13 (hard with the tender BOQ): 计日工 and 总承包服务费 keep the BOQ's items and quantities. */
export const checkDayworks: Check = (input) =>
  input.items.dayworks
    ? issueFindings('C13', 'error', input.items.dayworks, (i) =>
        describeAgainstTender(i, '计日工或总承包服务费项目'),
      )
    : [noTender('C13', '计日工和总承包服务费')];

/**
 * C14 (hard): no item code twice in a unit project, and — with the tender BOQ — every item's
 * code, name, features, unit and quantity as the BOQ has them, none missing and none added.
 */
export const checkItemIdentity: Check = (input) => [
  ...issueFindings('C14', 'error', input.items.duplicates, (i) => describeAgainstTender(i, '清单项目')),
  ...(input.items.identity
    ? issueFindings('C14', 'error', input.items.identity, (i) => describeAgainstTender(i, '清单项目'))
    : [noTender('C14', '清单项目是否与招标工程量清单一致（缺项、漏项、多项）')]),
];

/**
 * C15 (hard): every 分部分项 item is priced once; a negative price is an error, an unpriced or
 * zero item is taken as included elsewhere and shown for confirmation.
 */
export const checkPrices: Check = (input) => [
  ...issueFindings(
    'C15',
    'error',
    { rows: input.items.prices.rows.filter((i) => i.type === 'negative'), total: 0 },
    (i) => `${itemLabel(i)}的单价或合价为负数`,
  ),
  ...issueFindings(
    'C15',
    'warning',
    { rows: input.items.prices.rows.filter((i) => i.type === 'zero'), total: 0 },
    (i) => `${itemLabel(i)}未报价或报价为零，视为已包含在其他项目中，请确认`,
  ),
  ...(input.items.prices.total > input.items.prices.rows.length
    ? issueFindings(
        'C15',
        'warning',
        { rows: [], total: input.items.prices.total - input.items.prices.rows.length },
        () => '',
      )
    : []),
];

/** C16 (hard): 合价 = round(工程量 × 综合单价, 2); on a mismatch the unit price prevails. */
export const checkTotals: Check = (input) =>
  issueFindings(
    'C16',
    'error',
    input.items.totals,
    (i) => `${itemLabel(i)}的合价不等于工程量乘以综合单价（以综合单价为准）`,
  );
