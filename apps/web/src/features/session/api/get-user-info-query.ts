import { queryOptions, useQuery } from '@tanstack/react-query';
import { getUserInfo } from './get-user-info.ts';

// Apart from get-user-info.ts, which the login page uses without a query client (decision 0035).
export const getUserInfoQueryOptions = () =>
  queryOptions({ queryKey: ['session', 'user-info'], queryFn: getUserInfo });

export const useUserInfo = () => useQuery(getUserInfoQueryOptions());
