import type { DraftState } from '@ks/contract/node-definition';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';

/** GET /ks/config/new/node/previews?nodeId=: the node's draft definition, its version and data source. */
export const getDraft = (nodeId: string) =>
  http.get<DraftState>('/ks/config/new/node/previews', { query: { nodeId } });

export const getDraftQueryOptions = (nodeId: string) =>
  queryOptions({ queryKey: ['builder', 'draft', nodeId], queryFn: () => getDraft(nodeId) });

export const useDraft = (nodeId: string) =>
  useQuery({ ...getDraftQueryOptions(nodeId), enabled: nodeId !== '', staleTime: Number.POSITIVE_INFINITY });
