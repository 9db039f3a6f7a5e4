import { FIXED_DETAIL_BREAKPOINTS, LAYOUT_BREAKPOINTS } from '@ks/contract/constants';
import { useSyncExternalStore } from 'react';

/**
 * Grid columns an item spans: up to the narrow breakpoint every item takes the whole
 * row (24), up to the medium one half (12), above it the item's own col. The fixed-detail setting
 * moves the breakpoints to 1536 and 0, so only the wide layout keeps the item's own col.
 */
export function spanOf(width: number, col: number, isFixedDetail = false): number {
  const { narrow, medium } = isFixedDetail ? FIXED_DETAIL_BREAKPOINTS : LAYOUT_BREAKPOINTS;
  if (width <= narrow) return 24;
  if (width <= medium) return 12;
  return col;
}

function subscribe(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** The window's inner width, re-read on resize. */
export function useWindowWidth(): number {
  return useSyncExternalStore(
    subscribe,
    () => window.innerWidth,
    () => LAYOUT_BREAKPOINTS.medium + 1,
  );
}
