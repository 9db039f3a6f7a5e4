import type { SaveAttachmentsBody, UploadedFile } from '@ks/contract/files';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';

/** Applies the add / del marks of a record's files; deleted files leave only here. */
export const saveAttachments = (body: SaveAttachmentsBody) =>
  http.post<UploadedFile[]>('/ks/common/common/attachment/save', body);

export function useSaveAttachments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAttachments,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['files'] }),
  });
}
