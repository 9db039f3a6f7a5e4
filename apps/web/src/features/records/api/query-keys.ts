import type { NodeRef } from './types.ts';

/** Query keys of the records area: invalidating `records(node)` reloads a node's lists and forms. */
export const recordKeys = {
  all: ['records'] as const,
  published: (node: NodeRef) => ['records', 'published', node.systemCoding, node.gnCoding] as const,
  records: (node: NodeRef) => ['records', 'data', node.systemCoding, node.gnCoding] as const,
  list: (node: NodeRef, query: object) =>
    ['records', 'data', node.systemCoding, node.gnCoding, 'list', query] as const,
  cards: (node: NodeRef, query: object) =>
    ['records', 'data', node.systemCoding, node.gnCoding, 'cards', query] as const,
  details: (node: NodeRef, id: string | null) =>
    ['records', 'data', node.systemCoding, node.gnCoding, 'details', id ?? ''] as const,
  history: (node: NodeRef, id: string) =>
    ['records', 'data', node.systemCoding, node.gnCoding, 'history', id] as const,
  filters: (node: NodeRef, displayCode: string) =>
    ['records', 'filters', node.systemCoding, node.gnCoding, displayCode] as const,
  chart: (node: NodeRef, chartId: string) =>
    ['records', 'data', node.systemCoding, node.gnCoding, 'chart', chartId] as const,
};
