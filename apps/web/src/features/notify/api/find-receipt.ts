import type { Receipt, ReceiptState } from '@ks/contract/notify';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';
import { notifyKeys } from './query-keys.ts';

export type ReceiptQuery = { msgId: number; state: ReceiptState; curPage: number; pageSize: number };

/** POST /ks/message/v1/publish/receipt (administrators): who read and confirmed one notice. */
export const findReceipt = (query: ReceiptQuery) =>
  http.post<Receipt>('/ks/message/v1/publish/receipt', query);

export const findReceiptQueryOptions = (query: ReceiptQuery) =>
  queryOptions({
    queryKey: notifyKeys.receipt(query),
    queryFn: () => findReceipt(query),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useReceipt = (query: ReceiptQuery | null) =>
  useQuery({
    ...findReceiptQueryOptions(query ?? { msgId: 0, state: 'all', curPage: 1, pageSize: 10 }),
    enabled: !!query,
  });
