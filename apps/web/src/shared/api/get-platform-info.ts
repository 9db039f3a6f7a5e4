import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPlatformInfo } from './platform-info-request.ts';

export const getPlatformInfoQueryOptions = () =>
  queryOptions({ queryKey: ['platform', 'info'], queryFn: getPlatformInfo, staleTime: 5 * 60_000 });

export const usePlatformInfo = () => useQuery(getPlatformInfoQueryOptions());
