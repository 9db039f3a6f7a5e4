import type { Profile } from '@ks/contract/shell';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';

/** GET /ks/individual/profile: name and photo with the version to save over. */
export const getProfile = () => http.get<Profile>('/ks/individual/profile');

export const getProfileQueryOptions = () =>
  queryOptions({ queryKey: ['shell', 'profile'], queryFn: getProfile });

export const useProfile = () => useQuery(getProfileQueryOptions());
