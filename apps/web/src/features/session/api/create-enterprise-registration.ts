import type { RegisteredEnvelopeSchema, RegistrationBodySchema } from '@ks/contract/session';
import { useMutation } from '@tanstack/react-query';
import { ERROR_CODES } from '@/lib/constants.ts';
import { http } from '@/lib/http.ts';
import { quietStaleOnFirstTry, sealAndSend } from './seal-and-send.ts';

export type Registered = ReturnType<(typeof RegisteredEnvelopeSchema)['parse']>['data'];
type RegistrationBody = ReturnType<(typeof RegistrationBodySchema)['parse']>;
export type EnterpriseRegistrationInput = Omit<RegistrationBody, 'passWord' | 'keyId'> & { password: string };

/**
 * POST /ks/common/register/registration: the enterprise and its account, inactive until the SMS
 * link is opened. The password is sealed like the login's. A 400 stays quiet: its field map belongs
 * under the form's fields.
 */
export function createEnterpriseRegistration({ password, ...input }: EnterpriseRegistrationInput) {
  return sealAndSend({ passWord: password }, (sealed, key, isRetry) =>
    http.post<Registered>(
      '/ks/common/register/registration',
      { ...input, ...sealed, keyId: key.keyId },
      { isToken: false, quietCodes: [ERROR_CODES.BAD_REQUEST, ...quietStaleOnFirstTry(isRetry)] },
    ),
  );
}

export const useCreateEnterpriseRegistration = () =>
  useMutation({ mutationFn: createEnterpriseRegistration });
