import { MARKET_PATHS, type MarketEnterprise } from '@ks/contract/market';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';

/** How many registered enterprises the select offers per search. */
export const ENTERPRISE_OPTIONS = 20;

/**
 * GET /ks/basic/enterprises, searched by name or credit code: the registered enterprise accounts an
 * administrator picks from (a bid's bidder, the enterprise a record is entered for). `onlyEnabled`
 * leaves out disabled accounts, which the server refuses where it asks for a live one.
 */
export const findEnterpriseOptions = (keyword: string, onlyEnabled: boolean) =>
  http.get<{ records: MarketEnterprise[] }>(MARKET_PATHS.enterprises, {
    query: {
      keyword: keyword || undefined,
      pageSize: ENTERPRISE_OPTIONS,
      state: onlyEnabled ? 'enabled' : undefined,
    },
  });

export const useEnterpriseOptions = (keyword: string, onlyEnabled: boolean) =>
  useQuery({
    queryKey: ['shared', 'enterprise-options', keyword, onlyEnabled] as const,
    queryFn: () => findEnterpriseOptions(keyword, onlyEnabled),
    placeholderData: keepPreviousData,
  });
