import type { UpdateThemeBody, UserTheme } from '@ks/contract/shell';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ERROR_CODES } from '@/lib/constants.ts';
import { isApiError, shellHttp } from '@/lib/http.ts';
import { getThemeQueryOptions } from './get-theme.ts';

/** PUT /ks/individual/theme over the version the panel loaded. */
export const updateTheme = (body: UpdateThemeBody) => shellHttp.put<UserTheme>('/ks/individual/theme', body);

/** The saved theme becomes the cached one; after a 409 the server's theme is loaded again. */
export function useUpdateTheme() {
  const queryClient = useQueryClient();
  const { queryKey } = getThemeQueryOptions();
  return useMutation({
    mutationFn: updateTheme,
    onSuccess: (theme) => queryClient.setQueryData(queryKey, theme),
    onError: (error) => {
      if (isApiError(error) && error.code === ERROR_CODES.CONFLICT)
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
