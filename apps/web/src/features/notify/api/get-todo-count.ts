import { queryOptions, useQuery } from '@tanstack/react-query';
import { shellHttp } from '@/lib/http.ts';
import { notifyKeys } from './query-keys.ts';

/**
 * GET /ks/notification/v1/audit/todo-count: the to-do badge. `todo` push events invalidate it.
 * A badge that fails to load stays empty instead of raising a dialog (most calls act only on code 200).
 */
export const getTodoCount = () =>
  shellHttp.get<number>('/ks/notification/v1/audit/todo-count', { quiet: true });

export const getTodoCountQueryOptions = () =>
  queryOptions({ queryKey: notifyKeys.todoCount, queryFn: getTodoCount });

export const useTodoCount = () => useQuery(getTodoCountQueryOptions());
