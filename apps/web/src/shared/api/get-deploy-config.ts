import type { DeployConfig } from '@ks/contract/platform';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { shellHttp } from '@/lib/http.ts';

export const getDeployConfig = () =>
  shellHttp.get<DeployConfig>('/ks/common/deploy-config', { isToken: false });

/** Set by the deployment's environment: it does not change while the page is open. */
export const getDeployConfigQueryOptions = () =>
  queryOptions({ queryKey: ['platform', 'deploy-config'], queryFn: getDeployConfig, staleTime: Infinity });

export const useDeployConfig = () => useQuery(getDeployConfigQueryOptions());
