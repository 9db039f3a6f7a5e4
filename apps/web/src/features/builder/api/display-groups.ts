import type { DisplayGroup, EditDisplayGroupBody, NewDisplayGroupBody } from '@ks/contract/builder';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ERROR_CODES } from '@/lib/constants.ts';
import { http } from '@/lib/http.ts';

const PATH = '/ks/config/structure/display-groups';

/** GET /ks/config/structure/display-groups?systemCoding=: a system's display groups (展示分组). */
export const findDisplayGroups = (systemCoding: string) =>
  http.get<DisplayGroup[]>(PATH, { query: { systemCoding } });

export const findDisplayGroupsQueryOptions = (systemCoding: string) =>
  queryOptions({
    queryKey: ['builder', 'display-groups', systemCoding],
    queryFn: () => findDisplayGroups(systemCoding),
  });
export const useDisplayGroups = (systemCoding: string) =>
  useQuery({ ...findDisplayGroupsQueryOptions(systemCoding), enabled: systemCoding !== '' });

const quiet = { quietCodes: [ERROR_CODES.BAD_REQUEST] };
export const createDisplayGroup = (body: NewDisplayGroupBody) => http.post<DisplayGroup>(PATH, body, quiet);
export const editDisplayGroup = (body: EditDisplayGroupBody) => http.put<DisplayGroup>(PATH, body, quiet);
export const deleteDisplayGroup = (id: string) => http.delete<unknown>(PATH, { query: { id } });

export type SaveDisplayGroupInput =
  | { kind: 'create'; body: NewDisplayGroupBody }
  | { kind: 'edit'; body: EditDisplayGroupBody };

export function useSaveDisplayGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveDisplayGroupInput) =>
      input.kind === 'create' ? createDisplayGroup(input.body) : editDisplayGroup(input.body),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['builder', 'display-groups'] }),
  });
}

export function useDeleteDisplayGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDisplayGroup,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['builder', 'display-groups'] }),
  });
}
