import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';

/** GET /ks/config/new/node/node-logos: the icon names a node may carry. */
export const findNodeLogos = () => http.get<string[]>('/ks/config/new/node/node-logos');

export const findNodeLogosQueryOptions = () =>
  queryOptions({
    queryKey: ['builder', 'node-logos'],
    queryFn: findNodeLogos,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useNodeLogos = () => useQuery(findNodeLogosQueryOptions());
