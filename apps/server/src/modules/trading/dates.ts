/**
 * Planned times travel as "YYYY-MM-DD HH:mm" in China time (the form's input); the database keeps
 * instants. China has no daylight saving, so +08:00 is exact.
 */
export const fromChinaTime = (value: string) => new Date(`${value.replace(' ', 'T')}:00+08:00`);

const FORMAT = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

export const toChinaTime = (value: Date) => FORMAT.format(value).slice(0, 16);

/** Today in China as YYYYMMDD: the day part of project codes. */
export const chinaDay = (now = new Date()) => toChinaTime(now).slice(0, 10).replaceAll('-', '');

/** A planned China time (YYYY-MM-DD HH:mm) as the ISO instant the rules of time read. */
export const isoChinaTime = (value: Date) => `${toChinaTime(value).replace(' ', 'T')}:00+08:00`;
