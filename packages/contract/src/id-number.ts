/**
 * The citizen identity number of GB 11643-1999: 17 digits (6 of the address code, 8 of the birth
 * date, 3 of the sequence) and an ISO 7064 MOD 11-2 check character (0-9 or X).
 */

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const CHECK_CHARACTERS = '10X98765432';

export const ID_NUMBER_MESSAGES = {
  required: '请输入身份证号码',
  format: '身份证号码须为18位，前17位为数字，最后一位为数字或X',
  birthDate: '身份证号码中的出生日期无效',
  checkDigit: '身份证号码校验位不正确，请核对后重新输入',
} as const;

/** The check character of the first 17 digits. */
export function idNumberCheckCharacter(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(first17[i]) * (WEIGHTS[i] as number);
  return CHECK_CHARACTERS[sum % 11] as string;
}

/**
 * What is wrong with an identity number (a lower-case x is accepted as X), or null when it is
 * valid: its format, a birth date that is a real day not after `today` (YYYY-MM-DD) and not
 * before 1900, and its check character.
 */
export function idNumberProblem(value: string, today = new Date().toISOString().slice(0, 10)): string | null {
  const id = value.trim().toUpperCase();
  if (!id) return ID_NUMBER_MESSAGES.required;
  if (!/^\d{17}[\dX]$/.test(id)) return ID_NUMBER_MESSAGES.format;
  const year = Number(id.slice(6, 10));
  const month = Number(id.slice(10, 12));
  const day = Number(id.slice(12, 14));
  const date = new Date(Date.UTC(year, month - 1, day));
  const birth = `${id.slice(6, 10)}-${id.slice(10, 12)}-${id.slice(12, 14)}`;
  if (
    year < 1900 ||
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day ||
    birth > today
  )
    return ID_NUMBER_MESSAGES.birthDate;
  if (idNumberCheckCharacter(id) !== id[17]) return ID_NUMBER_MESSAGES.checkDigit;
  return null;
}

export const isIdNumber = (value: string) => idNumberProblem(value) === null;
