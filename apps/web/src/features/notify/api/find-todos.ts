import type { FindTodosBody, TodoPage } from '@ks/contract/notify';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { shellHttp } from '@/lib/http.ts';
import { notifyKeys } from './query-keys.ts';

/** POST /ks/notification/v1/audit/todo-list with systemCoding, curPage, pageSize → records, total. */
export const findTodos = (body: FindTodosBody) =>
  shellHttp.post<TodoPage>('/ks/notification/v1/audit/todo-list', body);

export const findTodosQueryOptions = (body: FindTodosBody) =>
  queryOptions({
    queryKey: notifyKeys.todoList(body),
    queryFn: () => findTodos(body),
    placeholderData: keepPreviousData,
  });

export const useTodos = (body: FindTodosBody, enabled = true) =>
  useQuery({ ...findTodosQueryOptions(body), enabled });
