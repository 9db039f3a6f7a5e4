import type { UserTheme } from '@ks/contract/shell';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { shellHttp } from '@/lib/http.ts';

/** GET /ks/individual/theme: the caller's saved theme (version 0: never saved, the defaults). */
export const getTheme = () => shellHttp.get<UserTheme>('/ks/individual/theme');

export const getThemeQueryOptions = () =>
  queryOptions({ queryKey: ['shell', 'theme'], queryFn: getTheme, staleTime: Infinity });

export const useTheme = () => useQuery(getThemeQueryOptions());
