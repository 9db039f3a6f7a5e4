/** The list with the entry at `index` moved one place up (-1) or down (+1); unchanged at an end. */
export function moveAt<T>(list: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target] as T, next[index] as T];
  return next;
}

export const replaceAt = <T>(list: readonly T[], index: number, value: T): T[] =>
  list.map((one, i) => (i === index ? value : one));
