import {
  type ConfirmIdNumberBody,
  type IdentityState,
  type LinkIdNumberBody,
  MARKET_PATHS,
} from '@ks/contract/market';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ERROR_CODES } from '@/lib/constants.ts';
import { http } from '@/lib/http.ts';
import { getUserInfoQueryOptions } from './get-user-info-query.ts';

/** GET /ks/individual/id-number (personnel): the proven number and the latest claim (decision 0063). */
export const getIdentityStateQueryOptions = () =>
  queryOptions({
    queryKey: ['session', 'identity'] as const,
    queryFn: () => http.get<IdentityState>(MARKET_PATHS.linkIdNumber),
  });
export const useIdentityState = () => useQuery(getIdentityStateQueryOptions());

/** A wrong code's message stays quiet: the form shows it under the field. */
const FORM_CALL = { quietCodes: [ERROR_CODES.BAD_REQUEST] } as const;

function useIdentityMutation<Body, Result>(call: (body: Body) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: getIdentityStateQueryOptions().queryKey });
      await queryClient.invalidateQueries({ queryKey: getUserInfoQueryOptions().queryKey });
    },
  });
}

/**
 * POST /ks/individual/id-number: claims a number. The answer is the same whatever the number: a
 * code goes to the mobile on the person's registration when it can, else an administrator confirms.
 */
export const useClaimIdNumber = () =>
  useIdentityMutation((body: LinkIdNumberBody) =>
    http.post<{ status: 'pending' }>(MARKET_PATHS.linkIdNumber, body, FORM_CALL),
  );

/** POST /ks/individual/id-number/confirm: proves the pending claim with the SMS code. */
export const useConfirmIdNumber = () =>
  useIdentityMutation((body: ConfirmIdNumberBody) =>
    http.post<IdentityState>(MARKET_PATHS.confirmIdNumber, body, FORM_CALL),
  );
