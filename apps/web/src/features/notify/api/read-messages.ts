import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';
import { notifyKeys } from './query-keys.ts';

/** POST /ks/message/v1/read: marks these messages read, or all of them without msgIds. */
export const readMessages = (msgIds?: number[]) =>
  http.post<number>('/ks/message/v1/read', msgIds ? { msgIds } : {});

export function useReadMessages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: readMessages,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notifyKeys.messages }),
  });
}
