import type { MenuNode } from '@ks/contract/shell';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { shellHttp } from '@/lib/http.ts';

/** GET /ks/individual/menus: the caller's menu tree of one system. */
export const findMenuTree = (systemCoding: string) =>
  shellHttp.get<MenuNode[]>('/ks/individual/menus', { query: { systemCoding } });

export const findMenuTreeQueryOptions = (systemCoding: string) =>
  queryOptions({
    queryKey: ['shell', 'menus', systemCoding],
    queryFn: () => findMenuTree(systemCoding),
    staleTime: 5 * 60_000,
  });

export const useMenuTree = (systemCoding: string | null) =>
  useQuery({ ...findMenuTreeQueryOptions(systemCoding ?? ''), enabled: !!systemCoding });
