import type { BuilderSystem, RenameSystemBody } from '@ks/contract/builder';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ERROR_CODES } from '@/lib/constants.ts';
import { http } from '@/lib/http.ts';
import { invalidateSystems } from './find-systems.ts';

/** PUT /ks/config/structure/system-name over the version the page loaded. */
export const renameSystem = (body: RenameSystemBody) =>
  http.put<BuilderSystem>('/ks/config/structure/system-name', body, {
    quietCodes: [ERROR_CODES.BAD_REQUEST],
  });

export function useRenameSystem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: renameSystem, onSettled: () => invalidateSystems(queryClient) });
}
