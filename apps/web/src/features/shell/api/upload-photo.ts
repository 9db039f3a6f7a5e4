import type { Profile } from '@ks/contract/shell';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';
import { applyProfile } from './update-profile.ts';

/** POST /ks/individual/photo as multipart (field `file`); the server checks type by content and size. */
export function uploadPhoto(file: File) {
  const body = new FormData();
  body.append('file', file);
  return http.post<Profile>('/ks/individual/photo', body);
}

export function useUploadPhoto() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadPhoto, onSuccess: (profile) => applyProfile(queryClient, profile) });
}
