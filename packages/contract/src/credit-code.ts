/**
 * The unified social credit code of GB 32100-2015 (统一社会信用代码): 18 characters from the
 * 31-character set (digits and capitals without I, O, Z, S, V) — registering authority (1),
 * organisation kind (1), administrative region (6), organisation code (9) — and a check character
 * computed by ISO 7064 MOD 31-3 over the first 17.
 */

export const CREDIT_CODE_CHARACTERS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28] as const;

export const CREDIT_CODE_MESSAGES = {
  required: '请输入统一社会信用代码',
  format: '统一社会信用代码须为18位数字或大写字母（不含I、O、Z、S、V）',
  checkDigit: '统一社会信用代码校验位不正确，请核对后重新输入',
} as const;

/** The check character of the first 17 characters (which must be from the code's character set). */
export function creditCodeCheckCharacter(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) {
    sum += CREDIT_CODE_CHARACTERS.indexOf(first17[i] as string) * (WEIGHTS[i] as number);
  }
  return CREDIT_CODE_CHARACTERS[(31 - (sum % 31)) % 31] as string;
}

/** What is wrong with a code (lower case and surrounding spaces accepted), or null when valid. */
export function creditCodeProblem(value: string): string | null {
  const code = value.trim().toUpperCase();
  if (!code) return CREDIT_CODE_MESSAGES.required;
  if (!/^[0-9A-HJ-NPQRTUWXY]{18}$/.test(code)) return CREDIT_CODE_MESSAGES.format;
  if (creditCodeCheckCharacter(code) !== code[17]) return CREDIT_CODE_MESSAGES.checkDigit;
  return null;
}

/** Whether a code, exactly as given (upper case, no spaces), is valid. */
export const isCreditCode = (code: string) =>
  code === code.trim().toUpperCase() && creditCodeProblem(code) === null;
