import type { IdentityCheck } from '@ks/contract/logins';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';

/** POST /ks/auth/v1/authorization/real-name: check digit (server and form), then the provider. */
export const checkRealName = (body: { name: string; idNumber: string }) =>
  http.post<IdentityCheck>('/ks/auth/v1/authorization/real-name', body, {
    isToken: false,
    quietCodes: [400],
  });

/** POST /ks/auth/v1/authorization/credit-code: check character, then the provider. */
export const checkCreditCode = (body: { enterpriseName: string; creditCode: string }) =>
  http.post<IdentityCheck>('/ks/auth/v1/authorization/credit-code', body, {
    isToken: false,
    quietCodes: [400],
  });

export const useCheckRealName = () => useMutation({ mutationFn: checkRealName });
export const useCheckCreditCode = () => useMutation({ mutationFn: checkCreditCode });
