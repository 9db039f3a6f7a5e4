import type { NodeRef } from '../api/types.ts';

/**
 * Whether a node's charts are shown, per node in localStorage: a person who folds the charts away
 * to reach the table finds them folded next time (issue 16 item 11).
 */
const chartsKey = (node: NodeRef) => `ks-node-charts:${node.systemCoding}:${node.gnCoding}`;

/**
 * Without a stored choice the charts are open only where the window is tall enough for them and
 * the first rows of the table below (two 280 px charts push the list below the fold at 800 px).
 */
export const CHARTS_OPEN_MIN_HEIGHT = 900;

export function getChartsOpen(node: NodeRef): boolean {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(chartsKey(node));
  } catch {
    // No storage (private mode): fall back to the window's height.
  }
  if (stored === 'open') return true;
  if (stored === 'closed') return false;
  return window.innerHeight >= CHARTS_OPEN_MIN_HEIGHT;
}

export function storeChartsOpen(node: NodeRef, isOpen: boolean) {
  try {
    localStorage.setItem(chartsKey(node), isOpen ? 'open' : 'closed');
  } catch {
    // Private mode or a full store: the choice lasts for this page only.
  }
}
