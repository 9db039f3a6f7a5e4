import type { PlatformInfo } from '@ks/contract/platform';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { shellHttp } from '@/lib/http.ts';

export const getPlatformInfo = () =>
  shellHttp.get<PlatformInfo>('/ks/common/platform-info', { isToken: false });

export const getPlatformInfoQueryOptions = () =>
  queryOptions({ queryKey: ['platform', 'info'], queryFn: getPlatformInfo, staleTime: 5 * 60_000 });

export const usePlatformInfo = () => useQuery(getPlatformInfoQueryOptions());
