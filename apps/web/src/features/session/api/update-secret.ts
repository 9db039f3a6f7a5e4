import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';
import { quietStaleOnFirstTry, sealAndSend } from './seal-and-send.ts';

export type UpdateSecretInput = { oldPassword: string; newPassword: string };

/** PUT /ks/individual/login/update-secret, both passwords sealed with one nonce like the login. */
export function updateSecret(input: UpdateSecretInput) {
  return sealAndSend(
    { oldPassWord: input.oldPassword, newPassWord: input.newPassword },
    (sealed, key, isRetry) =>
      http.put<null>(
        '/ks/individual/login/update-secret',
        { ...sealed, keyId: key.keyId },
        { quietCodes: quietStaleOnFirstTry(isRetry) },
      ),
  );
}

export const useUpdateSecret = () => useMutation({ mutationFn: updateSecret });
