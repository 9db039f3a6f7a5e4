import { queryOptions, useQuery } from '@tanstack/react-query';
import { getDeployConfig } from './deploy-config-request.ts';

/** Set by the deployment's environment: it does not change while the page is open. */
export const getDeployConfigQueryOptions = () =>
  queryOptions({ queryKey: ['platform', 'deploy-config'], queryFn: getDeployConfig, staleTime: Infinity });

export const useDeployConfig = () => useQuery(getDeployConfigQueryOptions());
