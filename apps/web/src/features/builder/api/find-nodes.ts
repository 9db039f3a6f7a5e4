import type { BuilderNode } from '@ks/contract/builder';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';

/** GET /ks/config/new/node/node-list: a system's live nodes, flat, in menu order. */
export const findNodes = (systemCoding: string) =>
  http.get<BuilderNode[]>('/ks/config/new/node/node-list', { query: { systemCoding } });

export const findNodesQueryOptions = (systemCoding: string) =>
  queryOptions({ queryKey: ['builder', 'nodes', systemCoding], queryFn: () => findNodes(systemCoding) });

export const useNodes = (systemCoding: string) =>
  useQuery({ ...findNodesQueryOptions(systemCoding), enabled: systemCoding !== '' });
