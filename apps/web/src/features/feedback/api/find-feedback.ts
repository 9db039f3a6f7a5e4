import type { FeedbackRecord, FeedbackStats } from '@ks/contract/feedback';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';

export type FeedbackQuery = { curPage: number; pageSize: number };
export type FeedbackPage = { records: FeedbackRecord[]; total: number; curPage: number; pageSize: number };

/** GET /ks/feedback/admin/list (administrators): newest first. */
export const findFeedback = (query: FeedbackQuery) =>
  http.get<FeedbackPage>('/ks/feedback/admin/list', { query });

export const findFeedbackQueryOptions = (query: FeedbackQuery) =>
  queryOptions({
    queryKey: ['feedback', 'list', query],
    queryFn: () => findFeedback(query),
    placeholderData: keepPreviousData,
  });

export const useFeedbackList = (query: FeedbackQuery) => useQuery(findFeedbackQueryOptions(query));

/** GET /ks/feedback/admin/stats (administrators): counts per rating, aggregated by the server. */
export const getFeedbackStats = () => http.get<FeedbackStats>('/ks/feedback/admin/stats');

export const getFeedbackStatsQueryOptions = () =>
  queryOptions({ queryKey: ['feedback', 'stats'], queryFn: getFeedbackStats });

export const useFeedbackStats = () => useQuery(getFeedbackStatsQueryOptions());
