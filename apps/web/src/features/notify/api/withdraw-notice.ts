import type { WithdrawNoticeBody } from '@ks/contract/notify';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';
import { notifyKeys } from './query-keys.ts';

/** POST /ks/message/v1/publish/withdraw (administrators), at the version listed: 409 if it changed. */
export const withdrawNotice = (body: WithdrawNoticeBody) =>
  http.post<null>('/ks/message/v1/publish/withdraw', body);

export function useWithdrawNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawNotice,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notifyKeys.published }),
  });
}
