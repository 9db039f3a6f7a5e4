/**
 * The one bound of the web tests' waits. A findBy* or waitFor retries until it finds or this much
 * time has passed; lazy routes, antd's first render and RSA encryption take seconds on a loaded
 * 2-core machine, and a retrying wait returns as soon as it finds, so a generous bound costs a
 * passing test nothing. `setup.ts` makes it Testing Library's default; every longer wait and every
 * test timeout is a whole multiple of it, so a slower machine changes one number.
 */
export const UI_WAIT_MS = 15_000;

/** A findBy* or waitFor option waiting `bounds` times the bound: for what takes longer than one. */
export function waitBound(bounds: number): { timeout: number } {
  return { timeout: boundsOf(bounds) };
}

/**
 * A test's (or a describe's) timeout of `bounds` times the bound. The config's default is four: a
 * test may spend several waits of one bound, or one of two (a page load), and still fail with the
 * wait's own message (what it looked for, the DOM it saw) rather than a bare test timeout.
 */
export function testTimeout(bounds: number): number {
  return boundsOf(bounds);
}

function boundsOf(bounds: number) {
  if (!Number.isInteger(bounds) || bounds < 1)
    throw new Error(`a wait is a whole number of bounds, not ${bounds}`);
  return bounds * UI_WAIT_MS;
}
