/** Tag colours of the default grades; a grade an administrator adds shows in the default colour. */
export const GRADE_COLORS: Record<string, string> = {
  AAA: 'green',
  AA: 'cyan',
  A: 'blue',
  B: 'orange',
  C: 'red',
};
