import type { AddFeedbackBody } from '@ks/contract/feedback';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';

/**
 * POST /ks/feedback/add with the array of {evaluateType, question}. The spec reads success from
 * "status 200"; our envelope's code 200 is that success (the client rejects anything else).
 */
export const addFeedback = (body: AddFeedbackBody) => http.post<null>('/ks/feedback/add', body);

export function useAddFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addFeedback,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['feedback'] }),
  });
}
