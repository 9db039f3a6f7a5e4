import type { BuilderSystem } from '@ks/contract/builder';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';

/** GET /ks/config/new/node/system-list: every live system with its node count and version. */
export const findSystems = () => http.get<BuilderSystem[]>('/ks/config/new/node/system-list');

export const findSystemsQueryOptions = () =>
  queryOptions({ queryKey: ['builder', 'systems'], queryFn: findSystems });

export const useSystems = () => useQuery(findSystemsQueryOptions());

/**
 * After a system or its tree changes: the builder's lists and the shell's menus (['shell',
 * 'main-menus'] and ['shell', 'menus', code], named by key because features do not import each other).
 */
export function invalidateSystems(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: ['builder'] });
  void queryClient.invalidateQueries({ queryKey: ['shell', 'main-menus'] });
  void queryClient.invalidateQueries({ queryKey: ['shell', 'menus'] });
}
