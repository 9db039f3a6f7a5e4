import type { SmsPurpose } from '@ks/contract/session';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';

/** POST /ks/common/register/phone-code: the 6-digit registration code (429 when asked too often). */
export const sendRegistrationCode = (phone: string) =>
  http.post<null>('/ks/common/register/phone-code', { phone }, { isToken: false });

/** POST /ks/common/sms/send-sms: a code for one purpose (reset, verify, activate). */
export const sendSmsCode = ({ phone, purpose }: { phone: string; purpose: SmsPurpose }) =>
  http.post<null>('/ks/common/sms/send-sms', { phone, purpose }, { isToken: false });

export const useSendRegistrationCode = () => useMutation({ mutationFn: sendRegistrationCode });

export const useSendSmsCode = () => useMutation({ mutationFn: sendSmsCode });
