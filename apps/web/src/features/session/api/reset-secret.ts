import { useMutation } from '@tanstack/react-query';
import { ERROR_CODES } from '@/lib/constants.ts';
import { http } from '@/lib/http.ts';
import { quietStaleOnFirstTry, sealAndSend } from './seal-and-send.ts';

export type ResetSecretInput = { phone: string; smsCode: string; newPassword: string };

/**
 * POST /ks/individual/login/reset-secret: a code sent to the phone sets a new password (sealed) for
 * the accounts of that phone and ends their sessions. A 400 stays quiet for the form's fields.
 */
export function resetSecret({ newPassword, ...input }: ResetSecretInput) {
  return sealAndSend({ newPassWord: newPassword }, (sealed, key, isRetry) =>
    http.post<null>(
      '/ks/individual/login/reset-secret',
      { ...input, ...sealed, keyId: key.keyId },
      { isToken: false, quietCodes: [ERROR_CODES.BAD_REQUEST, ...quietStaleOnFirstTry(isRetry)] },
    ),
  );
}

export const useResetSecret = () => useMutation({ mutationFn: resetSecret });
