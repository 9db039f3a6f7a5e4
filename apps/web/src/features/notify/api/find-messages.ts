import type { FindMessagesBody, MessagePage } from '@ks/contract/notify';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { shellHttp } from '@/lib/http.ts';
import { notifyKeys } from './query-keys.ts';

/** POST /ks/message/v1/list: a page of the caller's messages, newest first (the bell's drawer). */
export const findMessages = (body: FindMessagesBody) =>
  shellHttp.post<MessagePage>('/ks/message/v1/list', body);

export const findMessagesQueryOptions = (body: FindMessagesBody) =>
  queryOptions({
    queryKey: notifyKeys.messageList(body),
    queryFn: () => findMessages(body),
    placeholderData: keepPreviousData,
  });

export const useMessages = (body: FindMessagesBody, enabled = true) =>
  useQuery({ ...findMessagesQueryOptions(body), enabled });
