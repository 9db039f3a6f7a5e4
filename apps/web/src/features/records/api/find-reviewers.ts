import type { Reviewer } from '@ks/contract/authority';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';

/** GET /ks/authority/audit/reviewers: administrators a pending audit step can be handed to. */
export const findReviewers = (keyword: string) =>
  http.get<Reviewer[]>('/ks/authority/audit/reviewers', { query: { keyword } });

export const findReviewersQueryOptions = (keyword: string) =>
  queryOptions({
    queryKey: ['records', 'reviewers', keyword],
    queryFn: () => findReviewers(keyword),
    placeholderData: keepPreviousData,
  });

export const useReviewers = (keyword: string, enabled: boolean) =>
  useQuery({ ...findReviewersQueryOptions(keyword), enabled });
