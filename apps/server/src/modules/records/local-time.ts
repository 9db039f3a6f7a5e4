/**
 * Year, month, day, hour, minute, second of a time, zero-padded, in the server process's local time
 * zone (TZ): the platform sets no zone of its own, and what people read (a sheet's times, its file
 * name's stamp, a record's business number) must agree with their clock (UTC would show 10:03
 * Beijing time as 02:03).
 */
export function localParts(date: Date): string[] {
  return [
    date.getFullYear(),
    date.getMonth() + 1,
    date.getDate(),
    date.getHours(),
    date.getMinutes(),
    date.getSeconds(),
  ].map((n) => String(n).padStart(2, '0'));
}

/** yyyyMMddHHmmss in local time: export file names, business numbers. */
export function localStamp(date: Date): string {
  return localParts(date).join('');
}
