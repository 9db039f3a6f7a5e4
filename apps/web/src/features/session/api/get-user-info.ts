import type { UserInfo } from '@ks/contract/session';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';

export const getUserInfo = () => http.get<UserInfo>('/ks/individual/user-info');

export const getUserInfoQueryOptions = () =>
  queryOptions({ queryKey: ['session', 'user-info'], queryFn: getUserInfo });

export const useUserInfo = () => useQuery(getUserInfoQueryOptions());
