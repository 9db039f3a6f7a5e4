/**
 * Money of the cost-file check as integer cents (BigInt): the stored `numeric(18,2)` strings are
 * exact, and sums over 200,000 items must stay exact too, so no float ever carries an amount.
 */

/** '1234.5' | '-0.07' | null → cents; null stays null. Throws on anything else (the parser wrote it). */
export function cents(value: string | null | undefined): bigint | null {
  if (value === null || value === undefined || value === '') return null;
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) throw new Error(`not an amount: ${value}`);
  const [, sign, whole, fraction = ''] = match;
  // Past two decimals: round half away from zero, as PostgreSQL's round() does.
  const two = `${fraction}00`.slice(0, 2);
  let result = BigInt(whole ?? '0') * 100n + BigInt(two);
  if (fraction.length > 2 && Number(fraction[2]) >= 5) result += 1n;
  return sign ? -result : result;
}

/** cents → '1234.50' */
export function yuan(value: bigint): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = abs / 100n;
  const fraction = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

export const sum = (values: readonly bigint[]): bigint => values.reduce((a, b) => a + b, 0n);
export const abs = (value: bigint): bigint => (value < 0n ? -value : value);

/** Divides rounding half away from zero. */
function divRound(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = abs(numerator);
  const d = abs(denominator);
  const q = (n * 2n + d) / (d * 2n);
  return negative ? -q : q;
}

const PERCENT_SCALE = 1_000_000n; // percent to 4 decimals, then /100

/** `percent` % of an amount in cents, rounded to the cent. */
export function percentOf(amount: bigint, percent: number): bigint {
  const scaled = BigInt(Math.round(percent * 10_000));
  return divRound(amount * scaled, PERCENT_SCALE);
}

/** What share (%) `part` is of `whole`, to two decimals, for messages; null when whole is 0. */
export function shareOf(part: bigint, whole: bigint): string | null {
  if (whole === 0n) return null;
  const basisPoints = divRound(part * 10_000n, whole);
  return `${yuan(basisPoints)}%`;
}

/** The tolerance ε for `count` summed amounts, in cents. */
export const epsilon = (epsilonYuan: number, count: number): bigint =>
  BigInt(Math.round(epsilonYuan * 100)) * BigInt(Math.max(1, count));

/** A configurable rule's tolerance: ε, or `tolerancePercent` of the expected amount if larger. */
export function tolerance(expected: bigint, epsilonCents: bigint, tolerancePercent: number): bigint {
  const relative = percentOf(abs(expected), tolerancePercent);
  return relative > epsilonCents ? relative : epsilonCents;
}
