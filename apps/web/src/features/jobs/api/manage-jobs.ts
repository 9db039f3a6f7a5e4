import type { JobIdBody, RunJobBody } from '@ks/contract/jobs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';
import { jobKeys } from './find-jobs.ts';

/** POST /ks/admin/jobs/retry: a failed job back in its queue with one more attempt. */
export const retryJob = (body: JobIdBody) => http.post<null>('/ks/admin/jobs/retry', body);
/** POST /ks/admin/jobs/cancel: a job that has not finished. */
export const cancelJob = (body: JobIdBody) => http.post<null>('/ks/admin/jobs/cancel', body);
/** POST /ks/admin/jobs/run: a scheduled type now, with its scheduled payload. */
export const runJob = (body: RunJobBody) => http.post<{ id: string }>('/ks/admin/jobs/run', body);

function useJobMutation<T>(mutationFn: (body: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobKeys.all }),
  });
}

export const useRetryJob = () => useJobMutation(retryJob);
export const useCancelJob = () => useJobMutation(cancelJob);
export const useRunJob = () => useJobMutation(runJob);
