import type { AuditOrg, CreateAuditOrgBody, Reviewer, UpdateAuditOrgBody } from '@ks/contract/authority';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ERROR_CODES } from '@/lib/constants.ts';
import { http } from '@/lib/http.ts';

const PATH = '/ks/authority/audit/audit-orgs';

/** GET /ks/authority/audit/audit-orgs: reviewer organisations (审核机构) with their members. */
export const findAuditOrgs = () => http.get<AuditOrg[]>(PATH);
export const findAuditOrgsQueryOptions = () =>
  queryOptions({ queryKey: ['authority', 'audit-orgs'], queryFn: findAuditOrgs });
export const useAuditOrgs = () => useQuery(findAuditOrgsQueryOptions());

/** GET /ks/authority/audit/reviewers?keyword=: administrators who may review. */
export const findReviewers = (keyword: string) =>
  http.get<Reviewer[]>('/ks/authority/audit/reviewers', { query: { keyword } });
export const useReviewers = (keyword: string) =>
  useQuery({ queryKey: ['authority', 'reviewers', keyword], queryFn: () => findReviewers(keyword) });

const quiet = { quietCodes: [ERROR_CODES.BAD_REQUEST] };
export const createAuditOrg = (body: CreateAuditOrgBody) => http.post<AuditOrg>(PATH, body, quiet);
export const updateAuditOrg = (body: UpdateAuditOrgBody) => http.put<AuditOrg>(PATH, body, quiet);
export const deleteAuditOrg = (id: string) => http.delete<unknown>(PATH, { query: { id }, ...quiet });

export type SaveAuditOrgInput =
  | { kind: 'create'; body: CreateAuditOrgBody }
  | { kind: 'update'; body: UpdateAuditOrgBody };

export function useSaveAuditOrg() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveAuditOrgInput) =>
      input.kind === 'create' ? createAuditOrg(input.body) : updateAuditOrg(input.body),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['authority', 'audit-orgs'] }),
  });
}

export function useDeleteAuditOrg() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAuditOrg,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['authority', 'audit-orgs'] }),
  });
}
