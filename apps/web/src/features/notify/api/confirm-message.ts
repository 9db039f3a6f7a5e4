import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';
import { notifyKeys } from './query-keys.ts';

/** POST /ks/message/v1/confirm: confirming a notice sends its msgId; it also counts as read. */
export const confirmMessage = (msgId: number) => http.post<null>('/ks/message/v1/confirm', { msgId });

export function useConfirmMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notifyKeys.messages }),
  });
}
