import {
  CREDIT_CODE_MESSAGES,
  CreditCodeSchema,
  creditCodeCheckCharacter,
  creditCodeProblem,
  isCreditCode,
} from '@ks/contract';
import { describe, expect, it } from 'vitest';

// The code GB 32100's commentaries work through, and the demo enterprises' codes.
const VALID = ['91350100M000100Y43', '91320100MA1K520269', '91330106MA2K5DM01F', '91110105MA01K5DM2E'];

describe('GB 32100 unified social credit codes', () => {
  it('accepts valid codes, in lower case and with spaces too', () => {
    for (const code of VALID) expect(creditCodeProblem(code), code).toBeNull();
    expect(creditCodeProblem(' 91350100m000100y43 ')).toBeNull();
    expect(isCreditCode('91350100M000100Y43')).toBe(true);
    expect(isCreditCode('91350100m000100y43')).toBe(false);
    expect(CreditCodeSchema.parse(' 91350100m000100y43')).toBe('91350100M000100Y43');
  });

  it('computes the check character by ISO 7064 MOD 31-3, including 0 (sum divisible by 31)', () => {
    expect(creditCodeCheckCharacter('91350100M000100Y4')).toBe('3');
    expect(creditCodeCheckCharacter('91320100MA1K52027')).toBe('C');
    // A check value of 31 - 0 is written as 0, not as a 32nd character.
    const zero = '00000000000000000';
    expect(creditCodeCheckCharacter(zero)).toBe('0');
  });

  it('names what is wrong: empty, format (length, I O Z S V), check character', () => {
    expect(creditCodeProblem('')).toBe(CREDIT_CODE_MESSAGES.required);
    expect(creditCodeProblem('9111000010001691')).toBe(CREDIT_CODE_MESSAGES.format);
    expect(creditCodeProblem('91350100M000100Y4I')).toBe(CREDIT_CODE_MESSAGES.format);
    expect(creditCodeProblem('91320100MA1KS2026T')).toBe(CREDIT_CODE_MESSAGES.format);
    expect(creditCodeProblem('91350100M000100Y44')).toBe(CREDIT_CODE_MESSAGES.checkDigit);
  });
});
