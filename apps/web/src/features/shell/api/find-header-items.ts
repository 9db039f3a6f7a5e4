import type { HeaderItem } from '@ks/contract/shell';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { shellHttp } from '@/lib/http.ts';

/** GET /ks/individual/header-items: the dropdown items the server gives this user. */
export const findHeaderItems = () => shellHttp.get<HeaderItem[]>('/ks/individual/header-items');

export const findHeaderItemsQueryOptions = () =>
  queryOptions({ queryKey: ['shell', 'header-items'], queryFn: findHeaderItems, staleTime: 5 * 60_000 });

export const useHeaderItems = () => useQuery(findHeaderItemsQueryOptions());
