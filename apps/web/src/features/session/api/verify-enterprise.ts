import type { EnterpriseVerifyEnvelopeSchema } from '@ks/contract/session';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';

export type EnterpriseVerifyInput = { enterpriseName: string; creditCode: string };
export type EnterpriseVerifyResult = ReturnType<(typeof EnterpriseVerifyEnvelopeSchema)['parse']>['data'];

/**
 * POST /ks/common/register/enterprise-verify: whether the enterprise is registered already. Only a
 * hint while typing, so it never shows a dialog: registration itself answers 409 when it matters.
 */
export const verifyEnterprise = (input: EnterpriseVerifyInput) =>
  http.post<EnterpriseVerifyResult>('/ks/common/register/enterprise-verify', input, {
    isToken: false,
    quiet: true,
  });

export const useVerifyEnterprise = () => useMutation({ mutationFn: verifyEnterprise });
