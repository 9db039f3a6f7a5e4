import type { SmsOutboxEntry } from '@ks/contract/session';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';

export type OutboxQuery = { curPage: number; pageSize: number };
export type SmsOutboxPage = { records: SmsOutboxEntry[]; total: number; curPage: number; pageSize: number };

/** GET /ks/admin/sms/outbox (administrators): what the local SMS provider recorded, newest first. */
export const findSmsOutbox = (query: OutboxQuery) =>
  http.get<SmsOutboxPage>('/ks/admin/sms/outbox', { query });

/** Short-lived: codes arrive while an administrator watches the page. */
export const findSmsOutboxQueryOptions = (query: OutboxQuery) =>
  queryOptions({
    queryKey: ['platform', 'sms-outbox', query],
    queryFn: () => findSmsOutbox(query),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useSmsOutbox = (query: OutboxQuery) => useQuery(findSmsOutboxQueryOptions(query));
