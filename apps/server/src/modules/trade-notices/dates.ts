/**
 * 发布时间 travels as the form's "YYYY-MM-DD HH:mm[:ss]" and is read as China time (UTC+8 all year);
 * the module's own table keeps instants.
 */
export function fromChinaTime(value: string): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(:\d{2})?$/.exec(value.trim());
  if (!match) return null;
  const at = new Date(`${match[1]}T${match[2]}${match[3] ?? ':00'}+08:00`);
  return Number.isNaN(at.getTime()) ? null : at;
}

const FORMAT = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant as China time, YYYY-MM-DD HH:mm. */
export const toChinaTime = (value: Date) => FORMAT.format(value).slice(0, 16);

/** An instant as the ISO China time the rules of time read. */
export const isoChinaTime = (value: Date) => `${toChinaTime(value).replace(' ', 'T')}:00+08:00`;
