import type { Profile, UpdateProfileBody } from '@ks/contract/shell';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ERROR_CODES } from '@/lib/constants.ts';
import { http } from '@/lib/http.ts';
import { useSessionStore } from '@/lib/session-store.ts';
import { getProfileQueryOptions } from './get-profile.ts';

/** PUT /ks/individual/profile; a 400 stays quiet for the form's fields. */
export const updateProfile = (body: UpdateProfileBody) =>
  http.put<Profile>('/ks/individual/profile', body, { quietCodes: [ERROR_CODES.BAD_REQUEST] });

/** Applies a saved profile everywhere it shows: the cached profile, and the header's user info. */
export function applyProfile(queryClient: ReturnType<typeof useQueryClient>, profile: Profile) {
  queryClient.setQueryData(getProfileQueryOptions().queryKey, profile);
  void queryClient.invalidateQueries({ queryKey: ['session', 'user-info'] });
  const { userInfo, roles, setUser } = useSessionStore.getState();
  if (userInfo) setUser({ ...userInfo, userName: profile.userName, photo: profile.photo }, roles);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => applyProfile(queryClient, profile),
    onError: () => void queryClient.invalidateQueries({ queryKey: getProfileQueryOptions().queryKey }),
  });
}
