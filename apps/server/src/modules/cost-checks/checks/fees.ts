import { abs, epsilon, percentOf, sum, tolerance, yuan } from '../money.ts';
import {
  type Check,
  type CheckInput,
  type CheckNode,
  type FindingDraft,
  noNode,
  onNode,
  rateFor,
  unitsOf,
} from './types.ts';

/** The sum of a unit's declared bases by name, or the names it lacks. */
function baseOf(unit: CheckNode, names: readonly string[]): { amount: bigint } | { missing: string[] } {
  const missing = names.filter((name) => unit.bases[name] === undefined);
  if (missing.length > 0) return { missing };
  return { amount: sum(names.map((name) => unit.bases[name] ?? 0n)) };
}

const skipped = (rule: FindingDraft['rule'], unit: CheckNode, message: string): FindingDraft => ({
  rule,
  severity: 'skipped',
  message,
  expected: null,
  found: null,
  ...onNode(unit),
  itemCode: null,
});

/** '人工费 + 机械费', '人工费＋机械费、' … → the set of names, for comparing declared bases. */
const baseNames = (text: string) =>
  text
    .split(/[+＋、,，]/)
    .map((s) => s.trim())
    .filter(Boolean)
    .sort()
    .join('+');

const rateText = (percent: number | string) => `${Number(percent)}%`;

/**
 * C4 (configurable): the safety fee on its base at the rate of the region and specialty. The
 * control price must match it within the tolerance; a bid must not go below it (or below the
 * configured floor share of it, the older 90 % rule, when that option is on).
 */
export const checkSafetyRate: Check = (input) =>
  unitsOf(input).flatMap((unit): FindingDraft[] => {
    const row = rateFor(input.config, input.region, unit.zy, input.file.taxMethod);
    const base = baseOf(unit, row.safetyBase);
    if ('missing' in base) {
      return [
        skipped('C4', unit, `${unit.name}未提供计费基础${base.missing.join('、')}，未核对安全文明施工费费率`),
      ];
    }
    const regulated = percentOf(base.amount, row.safetyRatePercent);
    const found = unit.money.aqwmsgf;
    const allowed = tolerance(
      regulated,
      epsilon(input.config.epsilonYuan, 1),
      input.config.rateTolerancePercent,
    );
    const common = { rule: 'C4' as const, severity: 'warning' as const, ...onNode(unit), itemCode: null };
    if (input.file.kind === 'control-price') {
      if (abs(found - regulated) <= allowed) return [];
      return [
        {
          ...common,
          message: `${unit.name}的安全文明施工费与规定费率 ${rateText(row.safetyRatePercent)} 计算的金额不符`,
          expected: yuan(regulated),
          found: yuan(found),
        },
      ];
    }
    const floorShare = input.config.safetyFloor.enabled ? input.config.safetyFloor.percent : 100;
    const floor = percentOf(regulated, floorShare);
    if (found + allowed >= floor) return [];
    return [
      {
        ...common,
        message: `${unit.name}的安全文明施工费低于规定金额${floorShare < 100 ? `的 ${floorShare}%` : ''}，不得作为竞争性费用下浮`,
        expected: `不低于 ${yuan(floor)}`,
        found: yuan(found),
      },
    ];
  });

/** C5 (configurable): the safety item declares the base the specialty's rule names. */
export const checkSafetyBase: Check = (input) =>
  unitsOf(input).flatMap((unit): FindingDraft[] => {
    const row = rateFor(input.config, input.region, unit.zy, input.file.taxMethod);
    const items = input.feeItems.filter((i) => i.unitNodeId === unit.id && i.category === 'safety');
    const declared = items.filter((i) => i.base);
    if (declared.length === 0) {
      return [skipped('C5', unit, `${unit.name}的安全文明施工费未注明计费基础，未核对`)];
    }
    const expected = baseNames(row.safetyBase.join('+'));
    return declared
      .filter((item) => baseNames(item.base ?? '') !== expected)
      .map((item) => ({
        rule: 'C5' as const,
        severity: 'warning' as const,
        message: `${unit.name}的安全文明施工费计费基础与${unit.zy ?? ''}专业的规定不符`,
        expected: row.safetyBase.join('+'),
        found: item.base,
        ...onNode(unit),
        itemCode: item.code,
      }));
  });

/**
 * C6 (configurable): 企业安全生产费 listed separately and not below its rate (by project type) of
 * the unit's construction cost (建安造价, taken as the unit's 工程总造价).
 */
export const checkEnterpriseSafety: Check = (input) =>
  unitsOf(input).flatMap((unit): FindingDraft[] => {
    const { zyProjectTypes, rates } = input.config.enterpriseSafety;
    const projectType = zyProjectTypes.find((m) => m.zy === unit.zy)?.projectType;
    const rate = rates.find((r) => r.projectType === projectType);
    if (!projectType || !rate) {
      return [
        skipped(
          'C6',
          unit,
          `${unit.name}的专业“${unit.zy ?? '未注明'}”未配置工程类别或企业安全生产费费率，未核对企业安全生产费`,
        ),
      ];
    }
    const required = percentOf(unit.money.zzj, rate.ratePercent);
    const listed = input.unitTotals.get(unit.id)?.categories['enterprise-safety'];
    const common = { rule: 'C6' as const, severity: 'warning' as const, ...onNode(unit), itemCode: null };
    if (!listed) {
      return [
        {
          ...common,
          message: `${unit.name}未单独列出企业安全生产费（${projectType}工程费率 ${rateText(rate.ratePercent)}）`,
          expected: `不低于 ${yuan(required)}`,
          found: null,
        },
      ];
    }
    const allowed = tolerance(
      required,
      epsilon(input.config.epsilonYuan, 1),
      input.config.rateTolerancePercent,
    );
    if (listed.sum + allowed >= required) return [];
    return [
      {
        ...common,
        message: `${unit.name}的企业安全生产费低于${projectType}工程费率 ${rateText(rate.ratePercent)} 的规定金额`,
        expected: `不低于 ${yuan(required)}`,
        found: yuan(listed.sum),
      },
    ];
  });

/** C7 (configurable): 规费 at the regulated rate of its base; a deviation is flagged. */
export const checkFeeRate: Check = (input) =>
  unitsOf(input).flatMap((unit): FindingDraft[] => {
    const row = rateFor(input.config, input.region, unit.zy, input.file.taxMethod);
    const base = baseOf(unit, row.gfBase);
    if ('missing' in base) {
      return [skipped('C7', unit, `${unit.name}未提供计费基础${base.missing.join('、')}，未核对规费`)];
    }
    const expected = percentOf(base.amount, row.gfRatePercent);
    const allowed = tolerance(
      expected,
      epsilon(input.config.epsilonYuan, 1),
      input.config.rateTolerancePercent,
    );
    if (abs(unit.money.gf - expected) <= allowed) return [];
    return [
      {
        rule: 'C7',
        severity: 'warning',
        message: `${unit.name}的规费与规定费率 ${rateText(row.gfRatePercent)} 计算的金额不符`,
        expected: yuan(expected),
        found: yuan(unit.money.gf),
        ...onNode(unit),
        itemCode: null,
      },
    ];
  });

/**
 * C17 (configurable): the rates and bases fee items declare (规费, the safety fee) are the
 * region's 取费 definition.
 */
export const checkDeclaredRates: Check = (input: CheckInput) => {
  const units = new Map(unitsOf(input).map((u) => [u.id, u]));
  const declared = input.feeItems.filter(
    (i) => i.rate !== null && (i.list === 'gf' || i.category === 'safety'),
  );
  if (declared.length === 0) {
    return [
      {
        rule: 'C17',
        severity: 'skipped',
        message: '文件中的规费和安全文明施工费项目未注明费率，未核对取费定义',
        expected: null,
        found: null,
        ...noNode,
        itemCode: null,
      },
    ];
  }
  const findings: FindingDraft[] = [];
  for (const item of declared) {
    const unit = units.get(item.unitNodeId);
    if (!unit) continue;
    const row = rateFor(input.config, input.region, unit.zy, input.file.taxMethod);
    const isSafety = item.category === 'safety';
    const ratePercent = isSafety ? row.safetyRatePercent : row.gfRatePercent;
    const baseList = isSafety ? row.safetyBase : row.gfBase;
    const common = {
      rule: 'C17' as const,
      severity: 'warning' as const,
      ...onNode(unit),
      itemCode: item.code,
    };
    if (Math.abs(Number(item.rate) - ratePercent) > 1e-6) {
      findings.push({
        ...common,
        message: `${unit.name}的“${item.name}”费率与取费定义不符`,
        expected: rateText(ratePercent),
        found: rateText(item.rate ?? 0),
      });
    }
    // The safety fee's base is C5's.
    if (!isSafety && item.base && baseNames(item.base) !== baseNames(baseList.join('+'))) {
      findings.push({
        ...common,
        message: `${unit.name}的“${item.name}”计费基础与取费定义不符`,
        expected: baseList.join('+'),
        found: item.base,
      });
    }
  }
  return findings;
};
