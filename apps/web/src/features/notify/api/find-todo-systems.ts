import type { TodoSystem } from '@ks/contract/notify';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { shellHttp } from '@/lib/http.ts';
import { notifyKeys } from './query-keys.ts';

/** GET /ks/notification/v1/audit/system-list: the caller's open to-dos per business system. */
export const findTodoSystems = () => shellHttp.get<TodoSystem[]>('/ks/notification/v1/audit/system-list');

export const findTodoSystemsQueryOptions = () =>
  queryOptions({ queryKey: notifyKeys.todoSystems, queryFn: findTodoSystems });

export const useTodoSystems = (enabled = true) => useQuery({ ...findTodoSystemsQueryOptions(), enabled });
