import type { ImportSystemBody, ImportSystemResult } from '@ks/contract/builder';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ERROR_CODES } from '@/lib/constants.ts';
import { http } from '@/lib/http.ts';
import { invalidateSystems } from './find-systems.ts';

/**
 * GET /ks/config/new/structure/export?systemCoding=: the whole system definition as one JSON
 * document (answered bare or in the envelope; either way the document comes back).
 */
export const exportStructure = (systemCoding: string) =>
  http.get<unknown>('/ks/config/new/structure/export', { query: { systemCoding } });

/** POST /ks/config/new/structure/import: creates a system from an exported document. */
export const importStructure = (body: ImportSystemBody) =>
  http.post<ImportSystemResult>('/ks/config/new/structure/import', body, {
    quietCodes: [ERROR_CODES.BAD_REQUEST],
  });

export function useImportStructure() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: importStructure, onSettled: () => invalidateSystems(queryClient) });
}

/** GET /ks/cache/refresh: clears the server's caches; answers the names of those cleared. */
export const refreshCache = () => http.get<string[]>('/ks/cache/refresh');
export const useRefreshCache = () => useMutation({ mutationFn: refreshCache });
