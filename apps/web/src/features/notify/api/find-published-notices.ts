import type { PublishedNoticePage } from '@ks/contract/notify';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';
import { notifyKeys } from './query-keys.ts';

export type PublishedQuery = { curPage: number; pageSize: number };

/** POST /ks/message/v1/publish/list (administrators): notices with recipient, read and confirmed counts. */
export const findPublishedNotices = (query: PublishedQuery) =>
  http.post<PublishedNoticePage>('/ks/message/v1/publish/list', query);

export const findPublishedNoticesQueryOptions = (query: PublishedQuery) =>
  queryOptions({
    queryKey: notifyKeys.publishedList(query),
    queryFn: () => findPublishedNotices(query),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const usePublishedNotices = (query: PublishedQuery) =>
  useQuery(findPublishedNoticesQueryOptions(query));
