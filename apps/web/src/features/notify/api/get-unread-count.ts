import { queryOptions, useQuery } from '@tanstack/react-query';
import { shellHttp } from '@/lib/http.ts';
import { notifyKeys } from './query-keys.ts';

/**
 * GET /ks/message/v1/unread-count: the bell's badge. Pushed messages invalidate it.
 * A badge that fails to load stays empty instead of raising a dialog (most calls act only on code 200).
 */
export const getUnreadCount = () => shellHttp.get<number>('/ks/message/v1/unread-count', { quiet: true });

export const getUnreadCountQueryOptions = () =>
  queryOptions({ queryKey: notifyKeys.unreadCount, queryFn: getUnreadCount });

export const useUnreadCount = (enabled = true) => useQuery({ ...getUnreadCountQueryOptions(), enabled });
