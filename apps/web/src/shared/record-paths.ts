import type { NodeRef } from '@ks/contract/records';

export const INDEX_PATH = '/dynamicPage/dynamicIndex';
export const DETAIL_PATH = '/dynamicPage/dynamicDetail';

/** The detail page of a record (or of a new one without id); `view` opens it read-only. */
export function detailPath(node: NodeRef, id?: string | null, view = false) {
  const query = new URLSearchParams({ systemCoding: node.systemCoding, gnCoding: node.gnCoding });
  if (id) query.set('id', id);
  if (view) query.set('view', '1');
  return `${DETAIL_PATH}?${query.toString()}`;
}

export const indexPath = (node: NodeRef) =>
  `${INDEX_PATH}?${new URLSearchParams({ systemCoding: node.systemCoding, gnCoding: node.gnCoding }).toString()}`;
