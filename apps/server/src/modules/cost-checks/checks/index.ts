import type { CostRuleCode } from '@ks/contract';
import { checkBelowControl, checkBelowCost, checkSameFile } from './bidders.ts';
import {
  checkDeclaredRates,
  checkEnterpriseSafety,
  checkFeeRate,
  checkSafetyBase,
  checkSafetyRate,
} from './fees.ts';
import { checkComposition, checkRollUp, checkSafetyWithinMeasures } from './summary.ts';
import { checkGeneralVat, checkSimpleVat, checkTaxes } from './tax.ts';
import {
  checkDayworks,
  checkItemIdentity,
  checkPrices,
  checkProvisionalPrices,
  checkProvisionalSum,
  checkTotals,
} from './tender.ts';
import type { Check, CheckInput, FindingDraft } from './types.ts';

/** Every rule of docs/domain.md §11, in order: each a pure function of what the repository gathered. */
export const CHECKS: Record<CostRuleCode, Check> = {
  C1: checkRollUp,
  C2: checkComposition,
  C3: checkSafetyWithinMeasures,
  C4: checkSafetyRate,
  C5: checkSafetyBase,
  C6: checkEnterpriseSafety,
  C7: checkFeeRate,
  C8: checkGeneralVat,
  C9: checkSimpleVat,
  C10: checkTaxes,
  C11: checkProvisionalSum,
  C12: checkProvisionalPrices,
  C13: checkDayworks,
  C14: checkItemIdentity,
  C15: checkPrices,
  C16: checkTotals,
  C17: checkDeclaredRates,
  C18: checkBelowControl,
  C19: checkBelowCost,
  C20: checkSameFile,
};

/** Runs all twenty rules on one file. */
export function runChecks(input: CheckInput): FindingDraft[] {
  return Object.values(CHECKS).flatMap((check) => check(input));
}
