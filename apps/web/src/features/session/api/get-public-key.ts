import type { PublicKey } from '@ks/contract/session';
import { http } from '@/lib/http.ts';

export const getPublicKey = () => http.get<PublicKey>('/ks/common/public-key', { isToken: false });

const KEY_FRESH_MS = 10 * 60_000;
let cached: { key: Promise<PublicKey>; fetchedAt: number } | null = null;

/**
 * The server's login key, reused for ten minutes, or a fresh one when `refresh` is set (after the
 * server called a payload stale). A plain module cache: the login page runs without a query client
 * (decision 0035). A failed fetch is not kept.
 */
export function loadPublicKey(refresh = false): Promise<PublicKey> {
  if (!refresh && cached && Date.now() - cached.fetchedAt < KEY_FRESH_MS) return cached.key;
  const key = getPublicKey();
  const entry = { key, fetchedAt: Date.now() };
  cached = entry;
  key.catch(() => {
    if (cached === entry) cached = null;
  });
  return key;
}

/** Drops the reused key (tests start each case without one, as a fresh page does). */
export function forgetPublicKey() {
  cached = null;
}
