import type {
  DataSourceResult,
  DataTable,
  NodeMigration,
  NodeVersion,
  UpdateDataSourceBody,
} from '@ks/contract/builder';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ERROR_CODES } from '@/lib/constants.ts';
import { http } from '@/lib/http.ts';

/** GET /ks/config/new/node/db-list: tables of the business-data schema a node may bind. */
export const findDbTables = () => http.get<DataTable[]>('/ks/config/new/node/db-list');
export const useDbTables = (enabled: boolean) =>
  useQuery({ queryKey: ['builder', 'db-list'], queryFn: findDbTables, enabled });

/** GET /ks/config/new/node/migrations?nodeId=: each DDL step applied to the node's table. */
export const findMigrations = (nodeId: string) =>
  http.get<NodeMigration[]>('/ks/config/new/node/migrations', { query: { nodeId } });
/** GET /ks/config/new/node/versions?nodeId=: the frozen, published schema versions. */
export const findVersions = (nodeId: string) =>
  http.get<NodeVersion[]>('/ks/config/new/node/versions', { query: { nodeId } });

export const findMigrationsQueryOptions = (nodeId: string) =>
  queryOptions({
    queryKey: ['builder', 'node-history', nodeId, 'migrations'],
    queryFn: () => findMigrations(nodeId),
  });
export const findVersionsQueryOptions = (nodeId: string) =>
  queryOptions({
    queryKey: ['builder', 'node-history', nodeId, 'versions'],
    queryFn: () => findVersions(nodeId),
  });
export const useMigrations = (nodeId: string) => useQuery(findMigrationsQueryOptions(nodeId));
export const useVersions = (nodeId: string) => useQuery(findVersionsQueryOptions(nodeId));

/** POST /ks/config/new/node/update-data-source: create the node's own table, or bind an existing one. */
export const updateDataSource = (body: UpdateDataSourceBody) =>
  http.post<DataSourceResult>('/ks/config/new/node/update-data-source', body, {
    quietCodes: [ERROR_CODES.BAD_REQUEST],
  });

export function useUpdateDataSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDataSource,
    onSettled: (_result, _error, body) => {
      void queryClient.invalidateQueries({ queryKey: ['builder', 'draft', body.nodeId] });
      void queryClient.invalidateQueries({ queryKey: ['builder', 'node-history', body.nodeId] });
      void queryClient.invalidateQueries({ queryKey: ['builder', 'db-list'] });
    },
  });
}
