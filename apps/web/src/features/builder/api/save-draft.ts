import type { DraftState, UpdatePreviewBody } from '@ks/contract/node-definition';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ERROR_CODES } from '@/lib/constants.ts';
import { http } from '@/lib/http.ts';

/**
 * POST /ks/config/new/node/update-preview over the version the page loaded. 400 (field map) and 409
 * (someone else saved first) are the page's to explain, so the client stays quiet about them.
 */
export const saveDraft = (body: UpdatePreviewBody) =>
  http.post<DraftState>('/ks/config/new/node/update-preview', body, {
    quietCodes: [ERROR_CODES.BAD_REQUEST, ERROR_CODES.CONFLICT],
  });

export function useSaveDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDraft,
    onSuccess: (draft, body) => {
      // The server's answer is the new draft state; without one, read it again.
      if (draft && typeof draft === 'object' && 'version' in draft)
        queryClient.setQueryData(['builder', 'draft', body.nodeId], draft);
      else void queryClient.invalidateQueries({ queryKey: ['builder', 'draft', body.nodeId] });
    },
  });
}
