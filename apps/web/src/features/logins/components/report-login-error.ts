import type { FormInstance } from 'antd';
import { placeFieldErrors } from '@/lib/form-rules.ts';
import { isApiError } from '@/lib/http.ts';
import { useSessionStore } from '@/lib/session-store.ts';

/**
 * A refused login call (400s are quiet): the server's field map goes under the fields; a message
 * without one goes to the login prompt. Other failures the HTTP client has told already.
 */
// biome-ignore lint/suspicious/noExplicitAny: any form's values will do; only field names are read.
export function reportLoginError(form: FormInstance<any>, error: unknown) {
  if (!isApiError(error) || error.code !== 400) return;
  if (!placeFieldErrors(form, error)) useSessionStore.getState().setLoginPrompt(error.message);
}
