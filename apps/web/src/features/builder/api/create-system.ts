import type { NewSystemResult } from '@ks/contract/builder';
import type { NewSystemBody } from '@ks/contract/shell';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ERROR_CODES } from '@/lib/constants.ts';
import { http } from '@/lib/http.ts';
import { invalidateSystems } from './find-systems.ts';

/** The event a created system fires, for whatever listens. */
export const SYSTEM_SET_UP_EVENT = 'ks:system-set-up';

/** POST /ks/config/new/structure/add; a 400 stays quiet for the form's fields. */
export const createSystem = (body: NewSystemBody) =>
  http.post<NewSystemResult>('/ks/config/new/structure/add', body, { quietCodes: [ERROR_CODES.BAD_REQUEST] });

export function useCreateSystem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSystem,
    onSuccess: (result) => {
      invalidateSystems(queryClient);
      window.dispatchEvent(new CustomEvent(SYSTEM_SET_UP_EVENT, { detail: result }));
    },
  });
}
