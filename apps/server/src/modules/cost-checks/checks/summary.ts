import {
  type CompositionTerm,
  type CostComposition,
  type CostRuleConfig,
  DEFAULT_COMPOSITION,
} from '@ks/contract';
import { abs, epsilon, sum, yuan } from '../money.ts';
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

const TERM_LABELS: Record<CompositionTerm, string> = {
  fbfxf: MONEY_LABELS.fbfxf,
  csxmf: MONEY_LABELS.csxmf,
  qtxmf: MONEY_LABELS.qtxmf,
  gf: MONEY_LABELS.gf,
  sj: MONEY_LABELS.sj,
  zzsxxse: MONEY_LABELS.zzsxxse,
};

/** The region's C2 formula: its own row, else the `*` one (the schema requires it). */
export function compositionFor(config: CostRuleConfig, region: string): CostComposition {
  return (
    config.composition.find((f) => f.region === region) ??
    config.composition.find((f) => f.region === '*') ??
    DEFAULT_COMPOSITION
  );
}

/** "A、B、C与D": the summed components, for the messages. */
export function formulaLabel(formula: CostComposition): string {
  const labels = [...formula.terms.map((t) => TERM_LABELS[t]), ...formula.extras];
  return labels.length > 1 ? `${labels.slice(0, -1).join('、')}与${labels.at(-1)}` : (labels[0] ?? '');
}

/**
 * A further amount (extra) of a node: what a unit project declares under its name, and for the
 * project and a single project the sum over the unit projects below them.
 */
function extrasOf(nodes: CheckNode[], names: string[]): Map<string, bigint> {
  const amounts = new Map<string, bigint>();
  if (names.length === 0) return amounts;
  const byId = new Map(nodes.map((n) => [n.id, n]));
  for (const unit of unitsOf({ nodes })) {
    const own = sum(names.map((name) => unit.bases[name] ?? 0n));
    for (
      let node: CheckNode | undefined = unit;
      node;
      node = node.parentId ? byId.get(node.parentId) : undefined
    ) {
      amounts.set(node.id, (amounts.get(node.id) ?? 0n) + own);
    }
  }
  return amounts;
}

/** Z as the region's formula composes it, for each node. */
export function composer(nodes: CheckNode[], formula: CostComposition) {
  const extras = extrasOf(nodes, formula.extras);
  return (node: CheckNode) =>
    sum(formula.terms.map((term) => node.money[term])) + (extras.get(node.id) ?? 0n);
}

/**
 * C2 (hard): on every node, 工程总造价 Z = F + C + Q + G + S within ε per summed amount — or the
 * formula the rule set keeps for the project's region (e.g. 浙江 adds 地方水利建设基金).
 */
export const checkComposition: Check = ({ nodes, config, region }) => {
  const formula = compositionFor(config, region);
  const composed = composer(nodes, formula);
  const ε = epsilon(config.epsilonYuan, formula.terms.length + formula.extras.length);
  return nodes.flatMap((node): FindingDraft[] => {
    const expected = composed(node);
    if (abs(node.money.zzj - expected) <= ε) return [];
    return [
      {
        rule: 'C2',
        severity: 'error',
        message: `${node.name}的工程总造价不等于${formulaLabel(formula)}之和`,
        expected: yuan(expected),
        found: yuan(node.money.zzj),
        ...onNode(node),
        itemCode: null,
      },
    ];
  });
};

/**
 * C3 (hard): on each unit project 0 < A ≤ C (the safety fee is part of 措施项目费), and A is not
 * added to Z a second time.
 */
export const checkSafetyWithinMeasures: Check = ({ nodes, config, region }) => {
  const formula = compositionFor(config, region);
  const composed = composer(nodes, formula);
  return unitsOf({ nodes }).flatMap((unit): FindingDraft[] => {
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
    const ε = epsilon(config.epsilonYuan, formula.terms.length + formula.extras.length);
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
};
