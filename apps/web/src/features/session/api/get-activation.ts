import type { ActivateVerifyEnvelopeSchema } from '@ks/contract/session';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ERROR_CODES } from '@/lib/constants.ts';
import { http } from '@/lib/http.ts';

export type Activation = ReturnType<(typeof ActivateVerifyEnvelopeSchema)['parse']>['data'];

/**
 * GET /ks/common/activate/verify: whose account an activation link opens (phone masked). A 400
 * (invalid, expired or used link) stays quiet: the page shows it in place of the account.
 */
export const getActivation = (activationCode: string) =>
  http.get<Activation>('/ks/common/activate/verify', {
    query: { activationCode },
    isToken: false,
    quietCodes: [ERROR_CODES.BAD_REQUEST],
  });

/** A link's state changes only by using it: no refetching behind the person's back. */
export const getActivationQueryOptions = (activationCode: string) =>
  queryOptions({
    queryKey: ['session', 'activation', activationCode],
    queryFn: () => getActivation(activationCode),
    staleTime: Infinity,
  });

export const useActivation = (activationCode: string, enabled: boolean) =>
  useQuery({ ...getActivationQueryOptions(activationCode), enabled });
