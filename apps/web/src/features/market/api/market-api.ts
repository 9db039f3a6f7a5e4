import {
  type CompanyInfo,
  type EnterpriseExportQuery,
  type EnterpriseListQuery,
  type EnterpriseStateBody,
  MARKET_PATHS,
  type ManagedPerson,
  type ManagedPersonnelExportQuery,
  type ManagedPersonnelQuery,
  type MarketEnterprise,
  type PersonnelListQuery,
  type PracticeAreasBody,
  type RegisteredPerson,
  type TransactItem,
} from '@ks/contract/market';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
export function useEnterpriseState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EnterpriseStateBody) => http.put<MarketEnterprise>(MARKET_PATHS.enterpriseState, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: marketKeys.all }),
  });
}

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
export function useSavePractice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PracticeAreasBody) => http.put<ManagedPerson>(MARKET_PATHS.practice, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: marketKeys.all }),
  });
}

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
