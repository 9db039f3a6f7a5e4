import type { FindJobsQuery, JobSummary, JobType } from '@ks/contract/jobs';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';

export type JobPage = { records: JobSummary[]; total: number; curPage: number; pageSize: number };

export const jobKeys = {
  all: ['jobs'] as const,
  list: (query: FindJobsQuery) => ['jobs', 'list', query] as const,
  types: ['jobs', 'types'] as const,
};

/** How often the list refreshes while the page is open: running jobs move on their own. */
const REFRESH_MS = 5000;

/** GET /ks/admin/jobs (administrators): newest first, by state and type. */
export const findJobs = (query: FindJobsQuery) => http.get<JobPage>('/ks/admin/jobs', { query });

export const findJobsQueryOptions = (query: FindJobsQuery) =>
  queryOptions({
    queryKey: jobKeys.list(query),
    queryFn: () => findJobs(query),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });

export const useJobs = (query: FindJobsQuery) => useQuery(findJobsQueryOptions(query));

/** GET /ks/admin/jobs/types (administrators): the job types the server defines. */
export const findJobTypes = () => http.get<JobType[]>('/ks/admin/jobs/types');

export const useJobTypes = () => useQuery({ queryKey: jobKeys.types, queryFn: findJobTypes });
