import type { PlatformInfo, UpdatePlatformInfoBody } from '@ks/contract/platform';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ERROR_CODES } from '@/lib/constants.ts';
import { http, isApiError } from '@/lib/http.ts';
import { getPlatformInfoQueryOptions } from '@/shared/api/get-platform-info.ts';

/**
 * PUT /ks/common/platform-info (administrators), with the revision the form was loaded at: the
 * server answers 409 when someone saved in between. A 400 stays quiet for the form's fields.
 */
export const updatePlatformInfo = (body: UpdatePlatformInfoBody) =>
  http.put<PlatformInfo>('/ks/common/platform-info', body, { quietCodes: [ERROR_CODES.BAD_REQUEST] });

/**
 * The answer becomes the cached info, so footer and title change at once. After a 409 the cache is
 * reloaded: the form then shows what the other person saved, at the new revision.
 */
export function useUpdatePlatformInfo() {
  const queryClient = useQueryClient();
  const { queryKey } = getPlatformInfoQueryOptions();
  return useMutation({
    mutationFn: updatePlatformInfo,
    onSuccess: (info) => queryClient.setQueryData(queryKey, info),
    onError: (error) => {
      if (isApiError(error) && error.code === ERROR_CODES.CONFLICT)
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
