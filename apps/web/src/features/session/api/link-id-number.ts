import { type LinkIdNumberBody, MARKET_PATHS } from '@ks/contract/market';
import type { PracticingStatus } from '@ks/contract/session';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';
import { getUserInfoQueryOptions } from './get-user-info-query.ts';

export type LinkedIdNumber = { idNumber: string; practiceDetails: PracticingStatus['practiceDetails'] };

/** POST /ks/individual/id-number (personnel): links the account to its registration (decision 0053). */
export function useLinkIdNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LinkIdNumberBody) => http.post<LinkedIdNumber>(MARKET_PATHS.linkIdNumber, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getUserInfoQueryOptions().queryKey }),
  });
}
