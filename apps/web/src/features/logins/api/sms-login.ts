import type { LoginResult } from '@ks/contract/session';
import { http } from '@/lib/http.ts';

// Plain calls, no query client: the stand-alone login page (decision 0035) has none.

/** POST /ks/common/login/phone/send-sms: the same answer whether or not the phone holds an account. */
export const sendLoginCode = (phone: string) =>
  http.post<null>('/ks/common/login/phone/send-sms', { phone }, { isToken: false });

/** POST /ks/common/login/phone: signs in with the code; 400s stay quiet for the form's fields. */
export const smsLogin = (body: { phone: string; smsCode: string }) =>
  http.post<LoginResult>('/ks/common/login/phone', body, { isToken: false, quietCodes: [400] });
