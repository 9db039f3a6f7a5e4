import type { System } from '@ks/contract/shell';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { shellHttp } from '@/lib/http.ts';

/** POST /ks/menu/v1/menus/main-menus: the systems the caller may open. */
export const findMainMenus = () => shellHttp.post<System[]>('/ks/menu/v1/menus/main-menus');

export const findMainMenusQueryOptions = () =>
  queryOptions({ queryKey: ['shell', 'main-menus'], queryFn: findMainMenus, staleTime: 5 * 60_000 });

export const useMainMenus = () => useQuery(findMainMenusQueryOptions());
