import type {
  CompanyInfo,
  EnterpriseListQuery,
  MarketEnterprise,
  PersonnelListQuery,
  RegisteredPerson,
} from '@ks/contract/market';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';

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

/** GET /ks/basic/enterprises: the administrators' list of enterprises, searched by name or credit code. */
export const useEnterprises = (query: Partial<EnterpriseListQuery>) =>
  useQuery({
    queryKey: marketKeys.enterprises(query),
    queryFn: () =>
      http.get<EnterprisePage>('/ks/basic/enterprises', {
        query: Object.fromEntries(
          Object.entries(query).filter(([, value]) => value !== undefined && value !== ''),
        ) as Record<string, string | number>,
      }),
    placeholderData: keepPreviousData,
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
