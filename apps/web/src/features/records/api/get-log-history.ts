import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';
import { recordKeys } from './query-keys.ts';
import type { NodeRef, Revision } from './types.ts';

/**
 * POST /ks/common/common/record-revisions: a record's revisions, each with its changed fields
 * (logHistory itself is the operation-log drawer's call).
 */
export const getLogHistory = (node: NodeRef, id: string) =>
  http.post<Revision[]>('/ks/common/common/record-revisions', { ...node, id });

export const getLogHistoryQueryOptions = (node: NodeRef, id: string) =>
  queryOptions({ queryKey: recordKeys.history(node, id), queryFn: () => getLogHistory(node, id) });

export const useLogHistory = (node: NodeRef, id: string | null) =>
  useQuery({ ...getLogHistoryQueryOptions(node, id ?? ''), enabled: !!id });
