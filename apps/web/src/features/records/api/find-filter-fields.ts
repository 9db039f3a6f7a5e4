import type { FilterItem } from '@ks/contract/node-definition';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';
import { recordKeys } from './query-keys.ts';
import type { NodeRef } from './types.ts';

/** POST /ks/array/filter/directory/filter-fields: a filter card's items, options resolved. */
export const findFilterFields = (node: NodeRef, displayCode: string) =>
  http.post<{ code: string; result: FilterItem[] }>('/ks/array/filter/directory/filter-fields', {
    ...node,
    displayCode,
  });

export const findFilterFieldsQueryOptions = (node: NodeRef, displayCode: string) =>
  queryOptions({
    queryKey: recordKeys.filters(node, displayCode),
    queryFn: () => findFilterFields(node, displayCode),
    staleTime: 5 * 60_000,
  });

export const useFilterFields = (node: NodeRef, displayCode: string | null) =>
  useQuery({ ...findFilterFieldsQueryOptions(node, displayCode ?? ''), enabled: !!displayCode });
