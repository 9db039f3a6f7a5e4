import type { PublishedNotice } from '@ks/contract/notify';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ERROR_CODES } from '@/lib/constants.ts';
import { http } from '@/lib/http.ts';
import { notifyKeys } from './query-keys.ts';

export type PublishNoticeInput = {
  msgType: 1 | 2;
  title: string;
  messages: string;
  audience: 'all' | 'roles';
  roles: string[];
  file: File | null;
};

/**
 * POST /ks/message/v1/publish/upload-notice (administrators), multipart: the notice's fields and
 * the optional attachment. A 400 stays quiet: the form shows the field messages.
 */
export function publishNotice(input: PublishNoticeInput) {
  const form = new FormData();
  form.append('msgType', String(input.msgType));
  form.append('title', input.title);
  form.append('messages', input.messages);
  form.append('audience', input.audience);
  form.append('roles', input.roles.join(','));
  if (input.file) form.append('file', input.file, input.file.name);
  return http.post<PublishedNotice>('/ks/message/v1/publish/upload-notice', form, {
    quietCodes: [ERROR_CODES.BAD_REQUEST],
  });
}

export function usePublishNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishNotice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notifyKeys.published }),
  });
}
