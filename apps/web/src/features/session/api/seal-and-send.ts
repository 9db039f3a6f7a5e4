import type { PublicKey } from '@ks/contract/session';
import { ERROR_CODES } from '@/lib/constants.ts';
import { sealFields } from '@/lib/crypto.ts';
import { isApiError } from '@/lib/http.ts';
import { loadPublicKey } from './get-public-key.ts';

/**
 * Seals the fields with the server's key and sends them. A 10022 answer (key rotated, clock skew,
 * nonce already seen) is retried once with a freshly fetched key, without telling anyone; a second
 * 10022 is shown like any other failure.
 */
export async function sealAndSend<K extends string, R>(
  values: Record<K, string>,
  send: (sealed: Record<K, string>, key: PublicKey, isRetry: boolean) => Promise<R>,
): Promise<R> {
  const key = await loadPublicKey();
  try {
    return await send(await sealFields(values, key), key, false);
  } catch (error) {
    if (!isApiError(error) || error.code !== ERROR_CODES.LOGIN_PAYLOAD_INVALID) throw error;
    const freshKey = await loadPublicKey(true);
    return send(await sealFields(values, freshKey), freshKey, true);
  }
}

/** First attempt keeps 10022 quiet so the retry can happen silently. */
export const quietStaleOnFirstTry = (isRetry: boolean) =>
  isRetry ? [] : [ERROR_CODES.LOGIN_PAYLOAD_INVALID];
