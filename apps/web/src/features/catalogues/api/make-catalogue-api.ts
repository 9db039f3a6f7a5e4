import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ERROR_CODES } from '@/lib/constants.ts';
import { http } from '@/lib/http.ts';

/**
 * The four calls every catalogue has (list, create, update, delete on one path) as fetchers and
 * hooks; each catalogue's file names its path and types.
 */
export function makeCatalogueApi<Item, CreateBody, UpdateBody>(path: string, key: string) {
  const queryKey = ['catalogues', key];
  const quiet = { quietCodes: [ERROR_CODES.BAD_REQUEST, ERROR_CODES.CONFLICT] };
  const find = () => http.get<Item[]>(path);
  const create = (body: CreateBody) => http.post<Item>(path, body, quiet);
  const update = (body: UpdateBody) => http.put<Item>(path, body, quiet);
  const remove = (id: string) => http.delete<unknown>(path, { query: { id }, ...quiet });
  return {
    find,
    create,
    update,
    remove,
    useList: () => useQuery({ queryKey, queryFn: find }),
    useSave: () => {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: (input: { kind: 'create'; body: CreateBody } | { kind: 'update'; body: UpdateBody }) =>
          input.kind === 'create' ? create(input.body) : update(input.body),
        onSettled: () => void queryClient.invalidateQueries({ queryKey }),
      });
    },
    useRemove: () => {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: remove,
        onSettled: () => void queryClient.invalidateQueries({ queryKey }),
      });
    },
  };
}
