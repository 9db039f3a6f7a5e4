import { abs, epsilon, percentOf, tolerance, yuan } from '../money.ts';
import { type Check, type CheckNode, type FindingDraft, noNode, onNode, rateFor, unitsOf } from './types.ts';

/** The pre-tax cost the VAT is computed on: F + C + Q + G (input VAT already excluded by the file). */
const preTax = (unit: CheckNode) => unit.money.fbfxf + unit.money.csxmf + unit.money.qtxmf + unit.money.gf;

const noTaxMethod = (rule: 'C8' | 'C9'): FindingDraft => ({
  rule,
  severity: 'skipped',
  message: '文件未注明计税方式（一般计税或简易计税），未核对增值税销项税额',
  expected: null,
  found: null,
  ...noNode,
  itemCode: null,
});

function vatCheck(rule: 'C8' | 'C9', method: 'general' | 'simple'): Check {
  return (input) => {
    if (input.file.taxMethod === null) return [noTaxMethod(rule)];
    if (input.file.taxMethod !== method) return [];
    const percent = method === 'general' ? input.config.vat.generalPercent : input.config.vat.simplePercent;
    const label = method === 'general' ? '一般计税' : '简易计税';
    return unitsOf(input).flatMap((unit): FindingDraft[] => {
      const expected = percentOf(preTax(unit), percent);
      const allowed = tolerance(expected, epsilon(input.config.epsilonYuan, 4), 0);
      if (abs(unit.money.zzsxxse - expected) <= allowed) return [];
      return [
        {
          rule,
          severity: 'warning',
          message: `${unit.name}的增值税销项税额不等于税前造价按${label}税率 ${percent}% 计算的金额`,
          expected: yuan(expected),
          found: yuan(unit.money.zzsxxse),
          ...onNode(unit),
          itemCode: null,
        },
      ];
    });
  };
}

/** C8 (configurable): general method, V = (F + C + Q + G) × 9 % (the configured rate). */
export const checkGeneralVat = vatCheck('C8', 'general');
/** C9 (configurable): simple method, V = pre-tax cost × 3 % (the configured rate). */
export const checkSimpleVat = vatCheck('C9', 'simple');

/**
 * C10 (configurable): 税金 S = V where the region puts the surcharges into 管理费 (浙江), else
 * S = V plus the surcharges at their configured share of V.
 */
export const checkTaxes: Check = (input) =>
  unitsOf(input).flatMap((unit): FindingDraft[] => {
    const row = rateFor(input.config, input.region, unit.zy, input.file.taxMethod);
    const vat = unit.money.zzsxxse;
    const expected = row.surchargesInManagementFee ? vat : vat + percentOf(vat, row.surchargeRatePercent);
    const allowed = tolerance(
      expected,
      epsilon(input.config.epsilonYuan, 2),
      input.config.rateTolerancePercent,
    );
    if (abs(unit.money.sj - expected) <= allowed) return [];
    return [
      {
        rule: 'C10',
        severity: 'warning',
        message: row.surchargesInManagementFee
          ? `${unit.name}的税金应等于增值税销项税额（附加税已计入管理费）`
          : `${unit.name}的税金应等于增值税销项税额加附加税（附加税为增值税的 ${row.surchargeRatePercent}%）`,
        expected: yuan(expected),
        found: yuan(unit.money.sj),
        ...onNode(unit),
        itemCode: null,
      },
    ];
  });
