import type { System } from '@ks/contract/shell';
import { useQuery } from '@tanstack/react-query';
import { shellHttp } from '@/lib/http.ts';

/** POST /ks/menu/v1/menus/main-menus: the systems the caller may open (the server's answer). */
export const findSystems = () => shellHttp.post<System[]>('/ks/menu/v1/menus/main-menus');

// The shell's own query key: both read the same answer, and one fetch serves both.
export const useSystems = () =>
  useQuery({ queryKey: ['shell', 'main-menus'], queryFn: findSystems, staleTime: 5 * 60_000 });
