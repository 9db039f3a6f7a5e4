/**
 * Times as the trading forms write them: "YYYY-MM-DD HH:mm" in China time (UTC+8 all year, no
 * daylight saving); the database keeps instants.
 */
export const fromChinaTime = (value: string) => new Date(`${value.replace(' ', 'T')}:00+08:00`);

const CHINA_OFFSET_MS = 8 * 3_600_000;

/** An instant written in China time with its offset, as the rules of time read it. */
export const chinaIso = (instant: Date) =>
  `${new Date(instant.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 19)}+08:00`;

/** "YYYY-MM-DD HH:mm" in China time. */
export const toChinaTime = (instant: Date) => chinaIso(instant).slice(0, 16).replace('T', ' ');
