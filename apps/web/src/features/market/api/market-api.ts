import {
  type Certificate,
  type CompanyInfo,
  type CreateCertificateBody,
  type DecideIdentityClaimBody,
  type DecideTransferBody,
  type DeleteCertificateQuery,
  type EnterpriseExportQuery,
  type EnterpriseListQuery,
  type EnterpriseStateBody,
  type IdentityClaim,
  MARKET_PATHS,
  type ManagedPerson,
  type ManagedPersonnelExportQuery,
  type ManagedPersonnelQuery,
  type MarketEnterprise,
  type PersonnelListQuery,
  type PracticeAreasBody,
  type RefuseTransferBody,
  type RegisteredPerson,
  type ReleaseTransferBody,
  type RequestTransferBody,
  type TransactItem,
  type Transfer,
  type UpdateCertificateBody,
  type WithdrawTransferBody,
} from '@ks/contract/market';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ERROR_CODES } from '@/lib/constants.ts';
import { fileHttp, http, type NamedBlob } from '@/lib/http.ts';

export type EnterprisePage = {
  records: MarketEnterprise[];
  total: number;
  curPage: number;
  pageSize: number;
};

export const marketKeys = {
  all: ['market'] as const,
  enterprises: (query: Partial<EnterpriseListQuery>) => ['market', 'enterprises', query] as const,
  info: (userId: string) => ['market', 'info', userId] as const,
};

/** The filled parameters of a query (empty filters left out). */
const filled = (query: object) =>
  Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined && value !== ''),
  ) as Record<string, string | number>;

/**
 * GET /ks/basic/enterprises: the administrators' list of enterprises, searched by name or credit
 * code and filtered by type, region and state.
 */
export const useEnterprises = (query: Partial<EnterpriseListQuery>) =>
  useQuery({
    queryKey: marketKeys.enterprises(query),
    queryFn: () => http.get<EnterprisePage>(MARKET_PATHS.enterprises, { query: filled(query) }),
    placeholderData: keepPreviousData,
  });

/** A mutation that refreshes every market list when it settles. */
function useMarketMutation<Body, Answer>(mutationFn: (body: Body) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: marketKeys.all }),
  });
}

/** Hands a downloaded file to the browser under the server's name. */
function saveBlob({ blob, fileName }: NamedBlob) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/** POST /ks/basic/enterprises/export: the filtered enterprise library as xlsx. */
export const exportEnterprises = async (query: Partial<EnterpriseExportQuery>) =>
  saveBlob(await fileHttp.postNamed(MARKET_PATHS.enterpriseExport, filled(query)));

/** PUT /ks/basic/enterprise/state: enables or disables an enterprise over the version shown. */
export const useEnterpriseState = () =>
  useMarketMutation((body: EnterpriseStateBody) =>
    http.put<MarketEnterprise>(MARKET_PATHS.enterpriseState, body),
  );

export type ManagedPersonnelPage = {
  records: ManagedPerson[];
  total: number;
  curPage: number;
  pageSize: number;
};

/** GET /ks/basic/personnel/manage: registrations of every enterprise with their practice status. */
export const useManagedPersonnel = (query: Partial<ManagedPersonnelQuery>) =>
  useQuery({
    queryKey: ['market', 'managed', query] as const,
    queryFn: () => http.get<ManagedPersonnelPage>(MARKET_PATHS.managedPersonnel, { query: filled(query) }),
    placeholderData: keepPreviousData,
  });

/** GET /ks/basic/personnel/manage/detail: one registration, its ID number in full. */
export const useManagedPerson = (id: string | null) =>
  useQuery({
    queryKey: ['market', 'managed-person', id] as const,
    queryFn: () => http.get<ManagedPerson>(MARKET_PATHS.managedPerson, { query: { id: id as string } }),
    enabled: Boolean(id),
  });

/** POST /ks/basic/personnel/manage/export: the filtered registrations as xlsx. */
export const exportPersonnel = async (query: Partial<ManagedPersonnelExportQuery>) =>
  saveBlob(await fileHttp.postNamed(MARKET_PATHS.personnelExport, filled(query)));

/** PUT /ks/basic/personnel/practice: a registration's practice status per region. */
export const useSavePractice = () =>
  useMarketMutation((body: PracticeAreasBody) => http.put<ManagedPerson>(MARKET_PATHS.practice, body));

/** GET /ks/basic/transact: the business the caller may start. */
export const useTransact = () =>
  useQuery({
    queryKey: ['market', 'transact'] as const,
    queryFn: () => http.get<TransactItem[]>(MARKET_PATHS.transact),
  });

/** GET /ks/basic/enterprise/info: an enterprise's parts (administrators name it; an enterprise gets its own). */
export const useCompanyInfo = (userId: string) =>
  useQuery({
    queryKey: marketKeys.info(userId),
    queryFn: () =>
      http.get<CompanyInfo>('/ks/basic/enterprise/info', { query: userId ? { id: userId } : {} }),
  });

export type PersonnelPage = { records: RegisteredPerson[]; total: number; curPage: number; pageSize: number };

/** GET /ks/basic/personnel: registered personnel (an enterprise's own; administrators everyone's). */
export const usePersonnel = (query: Partial<PersonnelListQuery>) =>
  useQuery({
    queryKey: ['market', 'personnel', query] as const,
    queryFn: () =>
      http.get<PersonnelPage>('/ks/basic/personnel', {
        query: Object.fromEntries(
          Object.entries(query).filter(([, value]) => value !== undefined && value !== ''),
        ) as Record<string, string | number>,
      }),
    placeholderData: keepPreviousData,
  });

/** A 400's field messages stay quiet: the form places them (reportFormError). */
const FORM_CALL = { quietCodes: [ERROR_CODES.BAD_REQUEST] } as const;

/** POST /ks/basic/personnel/certificates: a further certificate of a registration (decision 0059). */
export const useCreateCertificate = () =>
  useMarketMutation((body: CreateCertificateBody) =>
    http.post<Certificate>(MARKET_PATHS.certificates, body, FORM_CALL),
  );

/** PUT /ks/basic/personnel/certificates: changes one over the version read. */
export const useUpdateCertificate = () =>
  useMarketMutation((body: UpdateCertificateBody) =>
    http.put<Certificate>(MARKET_PATHS.certificates, body, FORM_CALL),
  );

/** DELETE /ks/basic/personnel/certificates: removes one (soft) over the version read. */
export const useDeleteCertificate = () =>
  useMarketMutation((query: DeleteCertificateQuery) =>
    http.delete<null>(MARKET_PATHS.certificates, { query }),
  );

/** GET /ks/basic/personnel/transfers: the transfers the caller may see (open ones only when asked). */
export const useTransfers = (open: boolean, enabled = true) =>
  useQuery({
    queryKey: ['market', 'transfers', open] as const,
    queryFn: () => http.get<Transfer[]>(MARKET_PATHS.transfers, { query: open ? { open: 'true' } : {} }),
    enabled,
  });

/** POST /ks/basic/personnel/transfers: an enterprise asks for a person registered elsewhere. */
export const useRequestTransfer = () =>
  useMarketMutation((body: RequestTransferBody) =>
    http.post<Transfer>(MARKET_PATHS.transfers, body, FORM_CALL),
  );

/** PUT /ks/basic/personnel/transfers/release: the releasing enterprise agrees. */
export const useReleaseTransfer = () =>
  useMarketMutation((body: ReleaseTransferBody) => http.put<Transfer>(MARKET_PATHS.transferRelease, body));

/** PUT /ks/basic/personnel/transfers/refuse: the releasing enterprise refuses, with its reason. */
export const useRefuseTransfer = () =>
  useMarketMutation((body: RefuseTransferBody) =>
    http.put<Transfer>(MARKET_PATHS.transferRefuse, body, FORM_CALL),
  );

/** PUT /ks/basic/personnel/transfers/withdraw: the asking enterprise takes its request back. */
export const useWithdrawTransfer = () =>
  useMarketMutation((body: WithdrawTransferBody) => http.put<Transfer>(MARKET_PATHS.transferWithdraw, body));

/** PUT /ks/basic/personnel/transfers/decide: an administrator approves or rejects. */
export const useDecideTransfer = () =>
  useMarketMutation((body: DecideTransferBody) =>
    http.put<Transfer>(MARKET_PATHS.transferDecide, body, FORM_CALL),
  );

/** GET /ks/basic/identity-claims: the administrators' queue of ID number claims (decision 0063). */
export const useIdentityClaims = () =>
  useQuery({
    queryKey: ['market', 'identity-claims'] as const,
    queryFn: () => http.get<IdentityClaim[]>(MARKET_PATHS.identityClaims, { query: { status: 'pending' } }),
  });

/** PUT /ks/basic/identity-claims/decide: an administrator confirms a claim or refuses it with a reason. */
export const useDecideIdentityClaim = () =>
  useMarketMutation((body: DecideIdentityClaimBody) =>
    http.put<IdentityClaim>(MARKET_PATHS.identityClaimDecide, body, FORM_CALL),
  );
