import type { PublicKey } from '@ks/contract/session';
import { queryOptions } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';
import { queryClient } from '@/lib/query-client.ts';

export const getPublicKey = () => http.get<PublicKey>('/ks/common/public-key', { isToken: false });

export const getPublicKeyQueryOptions = () =>
  queryOptions({ queryKey: ['session', 'public-key'], queryFn: getPublicKey, staleTime: 10 * 60_000 });

/** The cached key, or a fresh one when `refresh` is set (after the server called a payload stale). */
export async function loadPublicKey(refresh = false) {
  if (refresh) await queryClient.invalidateQueries({ queryKey: getPublicKeyQueryOptions().queryKey });
  return queryClient.fetchQuery(getPublicKeyQueryOptions());
}
