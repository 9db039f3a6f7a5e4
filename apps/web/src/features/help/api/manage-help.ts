import type {
  CreateHelpGroupBody,
  HelpGroup,
  HelpKind,
  HelpScopeQuery,
  UpdateHelpGroupBody,
} from '@ks/contract/help';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';

type AdminScope = HelpScopeQuery & { kind: HelpKind };

/** One scope's tree as administrators edit it (no fallback). */
export const findAdminHelpTree = (scope: AdminScope) =>
  http.get<HelpGroup[]>('/ks/help/v1/admin/groups', { query: scope });

export const findAdminHelpTreeQueryOptions = (scope: AdminScope) =>
  queryOptions({ queryKey: ['help', 'admin', scope], queryFn: () => findAdminHelpTree(scope) });

export const useAdminHelpTree = (scope: AdminScope) => useQuery(findAdminHelpTreeQueryOptions(scope));

export const createHelpGroup = (body: CreateHelpGroupBody) =>
  http.post<HelpGroup>('/ks/help/v1/admin/groups', body);
export const updateHelpGroup = ({ id, ...body }: UpdateHelpGroupBody & { id: string }) =>
  http.put<HelpGroup>(`/ks/help/v1/admin/groups/${id}`, body);
export const deleteHelpGroup = ({ id, version }: { id: string; version: number }) =>
  http.delete<null>(`/ks/help/v1/admin/groups/${id}`, { query: { version } });
export const deleteHelpFile = ({ id, version }: { id: string; version: number }) =>
  http.delete<null>(`/ks/help/v1/admin/files/${id}`, { query: { version } });
export const uploadHelpFile = ({ groupId, file }: { groupId: string; file: File }) => {
  const form = new FormData();
  form.append('file', file);
  return http.post<HelpGroup>(`/ks/help/v1/admin/groups/${groupId}/files`, form);
};

/** Every help change reloads the trees (admin and panel) of all scopes. */
export function useHelpMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['help'] }),
  });
}
