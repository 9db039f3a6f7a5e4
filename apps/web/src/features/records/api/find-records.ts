import { keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';
import { FIRST_PAGE, nextCardPage } from '../lib/page-position.ts';
import { recordKeys } from './query-keys.ts';
import type { ListQuery, RecordPage } from './types.ts';

/** POST /ks/monitor/table-list: one page of a node's records, with the columns and the caller's functions. */
export const findRecords = (query: ListQuery) => http.post<RecordPage>('/ks/monitor/table-list', query);

export const findRecordsQueryOptions = (query: ListQuery) =>
  queryOptions({
    queryKey: recordKeys.list(query, query),
    queryFn: () => findRecords(query),
    // Others change records all the time: every search, filter or page asks the server again.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useRecords = (query: ListQuery, enabled = true) =>
  useQuery({ ...findRecordsQueryOptions(query), enabled });

/** POST /ks/monitor/get-view-list: the same page for the card list. */
export const findRecordCards = (query: ListQuery) =>
  http.post<RecordPage>('/ks/monitor/get-view-list', query);

/**
 * The card list: the next page is appended when the list is scrolled to its bottom;
 * past MAX_LIST_OFFSET cards it is read after the last card shown.
 */
export const useRecordCards = (query: Omit<ListQuery, 'curPage'>, enabled = true) =>
  useInfiniteQuery({
    queryKey: recordKeys.cards(query, query),
    queryFn: ({ pageParam }) => findRecordCards({ ...query, ...pageParam }),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: nextCardPage,
    staleTime: 0,
    enabled,
  });
