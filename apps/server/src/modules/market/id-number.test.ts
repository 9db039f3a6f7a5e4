import { ID_NUMBER_MESSAGES, idNumberCheckCharacter, idNumberProblem, isIdNumber } from '@ks/contract';
import { describe, expect, it } from 'vitest';

// GB 11643-1999's own example (a real-format, fictitious number) and numbers built on it.
const VALID = '11010519491231002X';

describe('GB 11643 identity numbers', () => {
  it('accepts a valid number, a lower-case x and surrounding spaces', () => {
    expect(idNumberProblem(VALID)).toBeNull();
    expect(idNumberProblem(` ${VALID.toLowerCase()} `)).toBeNull();
    expect(isIdNumber('440524188001010014')).toBe(false);
    expect(idNumberCheckCharacter('44052418800101001')).toBe('4');
  });

  it('computes the check character by ISO 7064 MOD 11-2', () => {
    expect(idNumberCheckCharacter('11010519491231002')).toBe('X');
    expect(idNumberCheckCharacter('32010219900307123')).toBe(
      '10X98765432'[
        [3, 2, 0, 1, 0, 2, 1, 9, 9, 0, 0, 3, 0, 7, 1, 2, 3].reduce(
          (sum, digit, i) =>
            sum + digit * ([7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2][i] as number),
          0,
        ) % 11
      ],
    );
  });

  it('refuses a wrong check character', () => {
    expect(idNumberProblem('110105194912310021')).toBe(ID_NUMBER_MESSAGES.checkDigit);
  });

  it('refuses the wrong length or characters', () => {
    expect(idNumberProblem('')).toBe(ID_NUMBER_MESSAGES.required);
    expect(idNumberProblem('11010519491231002')).toBe(ID_NUMBER_MESSAGES.format);
    expect(idNumberProblem('1101051949123100X2')).toBe(ID_NUMBER_MESSAGES.format);
    expect(idNumberProblem('11010519491231002XX')).toBe(ID_NUMBER_MESSAGES.format);
  });

  it('refuses a birth date that is no real day, in the future or before 1900', () => {
    const withBirth = (birth: string) => {
      const first17 = `110105${birth}002`;
      return `${first17}${idNumberCheckCharacter(first17)}`;
    };
    expect(idNumberProblem(withBirth('20230229'))).toBe(ID_NUMBER_MESSAGES.birthDate);
    expect(idNumberProblem(withBirth('19901301'))).toBe(ID_NUMBER_MESSAGES.birthDate);
    expect(idNumberProblem(withBirth('18991231'))).toBe(ID_NUMBER_MESSAGES.birthDate);
    expect(idNumberProblem(withBirth('20300101'), '2026-11-26')).toBe(ID_NUMBER_MESSAGES.birthDate);
    expect(idNumberProblem(withBirth('20240229'), '2026-11-26')).toBeNull();
  });
});
