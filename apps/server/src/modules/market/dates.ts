/** Today in China (YYYY-MM-DD): the day ID numbers' birth dates are checked against. */
export const chinaToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
