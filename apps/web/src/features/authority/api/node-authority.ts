import type { FunctionNode, NodeAuthority, SaveFunctionsBody } from '@ks/contract/authority';
import type { System } from '@ks/contract/shell';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ERROR_CODES } from '@/lib/constants.ts';
import { http } from '@/lib/http.ts';

/** POST /ks/menu/v1/menus/main-menus: the systems the caller may open (to pick one to configure). */
export const findAuthoritySystems = () => http.post<System[]>('/ks/menu/v1/menus/main-menus');
export const useAuthoritySystems = () =>
  useQuery({ queryKey: ['authority', 'systems'], queryFn: findAuthoritySystems });

/** POST /ks/config/new/node/function-nodes: a system's nodes with the functions they offer. */
export const findFunctionNodes = (systemCoding: string) =>
  http.post<FunctionNode[]>('/ks/config/new/node/function-nodes', { systemCoding });
export const useFunctionNodes = (systemCoding: string) =>
  useQuery({
    queryKey: ['authority', 'function-nodes', systemCoding],
    queryFn: () => findFunctionNodes(systemCoding),
    enabled: systemCoding !== '',
  });

/** GET /ks/authority/v1/node/functions?nodeId=: offered functions, grants and menu roles. */
export const getNodeAuthority = (nodeId: string) =>
  http.get<NodeAuthority>('/ks/authority/v1/node/functions', { query: { nodeId } });
export const getNodeAuthorityQueryOptions = (nodeId: string) =>
  queryOptions({ queryKey: ['authority', 'node', nodeId], queryFn: () => getNodeAuthority(nodeId) });
export const useNodeAuthority = (nodeId: string) =>
  useQuery({ ...getNodeAuthorityQueryOptions(nodeId), enabled: nodeId !== '' });

/** PUT /ks/authority/v1/node/save-functions over the version GET answered. */
export const saveFunctions = (body: SaveFunctionsBody) =>
  http.put<NodeAuthority>('/ks/authority/v1/node/save-functions', body, {
    quietCodes: [ERROR_CODES.BAD_REQUEST, ERROR_CODES.CONFLICT],
  });

export function useSaveFunctions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFunctions,
    onSuccess: (authority, body) => queryClient.setQueryData(['authority', 'node', body.nodeId], authority),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['authority', 'function-nodes'] }),
  });
}
