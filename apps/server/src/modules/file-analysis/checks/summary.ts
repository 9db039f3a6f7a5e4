import { abs, epsilon, sum, yuan } from '../check-money.ts';
import {
  type Check,
  type CheckNode,
  type FindingDraft,
  type ItemList,
  LIST_LABELS,
  MONEY_KEYS,
  MONEY_LABELS,
  type MoneyKey,
  noNode,
  onNode,
  unitsOf,
} from './types.ts';

/** Which list of items each money column of a unit project sums (C1, the items' roll-up). */
const LIST_OF: Partial<Record<MoneyKey, ItemList>> = {
  fbfxf: 'fbfx',
  csxmf: 'csxm',
  qtxmf: 'qtxm',
  gf: 'gf',
  sj: 'sj',
};

/**
 * C1 roll-up (hard): every money column of the project and of each single project equals the sum
 * of its children within ε per summed amount; a unit project's list columns equal the sum of their
 * items (and its safety fee the safety items, when it itemises them).
 */
export const checkRollUp: Check = ({ nodes, unitTotals, config }) => {
  const findings: FindingDraft[] = [];
  const children = new Map<string, CheckNode[]>();
  for (const node of nodes) {
    if (!node.parentId) continue;
    const list = children.get(node.parentId) ?? [];
    list.push(node);
    children.set(node.parentId, list);
  }
  for (const node of nodes) {
    const kids = children.get(node.id);
    if (node.level === 'unit' || !kids?.length) continue;
    for (const key of MONEY_KEYS) {
      const expected = sum(kids.map((k) => k.money[key]));
      if (abs(node.money[key] - expected) > epsilon(config.epsilonYuan, kids.length)) {
        findings.push({
          rule: 'C1',
          severity: 'error',
          message: `${node.name}的${MONEY_LABELS[key]}与下级工程合计不一致`,
          expected: yuan(expected),
          found: yuan(node.money[key]),
          ...onNode(node),
          itemCode: null,
        });
      }
    }
  }
  const bare: string[] = [];
  for (const unit of unitsOf({ nodes })) {
    const totals = unitTotals.get(unit.id);
    if (!totals || totals.itemCount === 0) {
      bare.push(unit.name);
      continue;
    }
    for (const [key, list] of Object.entries(LIST_OF) as [MoneyKey, ItemList][]) {
      const items = totals.lists[list] ?? { sum: 0n, count: 0 };
      if (abs(unit.money[key] - items.sum) > epsilon(config.epsilonYuan, items.count)) {
        findings.push({
          rule: 'C1',
          severity: 'error',
          message: `${unit.name}的${MONEY_LABELS[key]}与${LIST_LABELS[list]}明细合计不一致`,
          expected: yuan(items.sum),
          found: yuan(unit.money[key]),
          ...onNode(unit),
          itemCode: null,
        });
      }
    }
    const safety = totals.categories.safety;
    if (safety && abs(unit.money.aqwmsgf - safety.sum) > epsilon(config.epsilonYuan, safety.count)) {
      findings.push({
        rule: 'C1',
        severity: 'error',
        message: `${unit.name}的安全文明施工费与其明细项合计不一致`,
        expected: yuan(safety.sum),
        found: yuan(unit.money.aqwmsgf),
        ...onNode(unit),
        itemCode: null,
      });
    }
  }
  if (bare.length > 0) {
    findings.push({
      rule: 'C1',
      severity: 'skipped',
      message: `单位工程${bare.slice(0, 5).join('、')}${bare.length > 5 ? `等 ${bare.length} 个` : ''}没有清单明细，未核对其费用与明细的汇总关系`,
      expected: null,
      found: null,
      ...noNode,
      itemCode: null,
    });
  }
  return findings;
};

const composed = (node: CheckNode) =>
  node.money.fbfxf + node.money.csxmf + node.money.qtxmf + node.money.gf + node.money.sj;

/** C2 (hard): on every node, 工程总造价 Z = F + C + Q + G + S within ε for the five summed amounts. */
export const checkComposition: Check = ({ nodes, config }) =>
  nodes.flatMap((node): FindingDraft[] => {
    const expected = composed(node);
    if (abs(node.money.zzj - expected) <= epsilon(config.epsilonYuan, 5)) return [];
    return [
      {
        rule: 'C2',
        severity: 'error',
        message: `${node.name}的工程总造价不等于分部分项工程费、措施项目费、其他项目费、规费与税金之和`,
        expected: yuan(expected),
        found: yuan(node.money.zzj),
        ...onNode(node),
        itemCode: null,
      },
    ];
  });

/**
 * C3 (hard): on each unit project 0 < A ≤ C (the safety fee is part of 措施项目费), and A is not
 * added to Z a second time.
 */
export const checkSafetyWithinMeasures: Check = ({ nodes, config }) =>
  unitsOf({ nodes }).flatMap((unit): FindingDraft[] => {
    const { aqwmsgf: a, csxmf: c, zzj: z } = unit.money;
    const findings: FindingDraft[] = [];
    const base = { rule: 'C3' as const, severity: 'error' as const, ...onNode(unit), itemCode: null };
    if (a <= 0n) {
      findings.push({
        ...base,
        message: `${unit.name}未计取安全文明施工费`,
        expected: '大于 0',
        found: yuan(a),
      });
    } else if (a > c) {
      findings.push({
        ...base,
        message: `${unit.name}的安全文明施工费大于措施项目费，安全文明施工费应包含在措施项目费中`,
        expected: `不大于 ${yuan(c)}`,
        found: yuan(a),
      });
    }
    const ε = epsilon(config.epsilonYuan, 5);
    if (a > 0n && abs(z - composed(unit)) > ε && abs(z - composed(unit) - a) <= ε) {
      findings.push({
        ...base,
        message: `${unit.name}的安全文明施工费被重复计入工程总造价`,
        expected: yuan(composed(unit)),
        found: yuan(z),
      });
    }
    return findings;
  });
