import type { UserRegisterBodySchema } from '@ks/contract/session';
import { useMutation } from '@tanstack/react-query';
import { ERROR_CODES } from '@/lib/constants.ts';
import { http } from '@/lib/http.ts';
import type { Registered } from './create-enterprise-registration.ts';
import { quietStaleOnFirstTry, sealAndSend } from './seal-and-send.ts';

type UserRegisterBody = ReturnType<(typeof UserRegisterBodySchema)['parse']>;
export type PersonnelRegistrationInput = Omit<UserRegisterBody, 'passWord' | 'keyId'> & { password: string };

/** POST /ks/common/register/user-register: a personnel account, inactive until the SMS link is opened. */
export function createPersonnelRegistration({ password, ...input }: PersonnelRegistrationInput) {
  return sealAndSend({ passWord: password }, (sealed, key, isRetry) =>
    http.post<Registered>(
      '/ks/common/register/user-register',
      { ...input, ...sealed, keyId: key.keyId },
      { isToken: false, quietCodes: [ERROR_CODES.BAD_REQUEST, ...quietStaleOnFirstTry(isRetry)] },
    ),
  );
}

export const useCreatePersonnelRegistration = () => useMutation({ mutationFn: createPersonnelRegistration });
