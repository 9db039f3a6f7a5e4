import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ERROR_CODES } from '@/lib/constants.ts';
import { http } from '@/lib/http.ts';

export type PublishResult = { schemaVersion: number; tableName: string };

/** POST /ks/config/new/node/publish: applies the draft's DDL and freezes a schema version. */
export const publishNode = (nodeId: string) =>
  http.post<PublishResult>(
    '/ks/config/new/node/publish',
    { nodeId },
    { quietCodes: [ERROR_CODES.BAD_REQUEST] },
  );

export function usePublishNode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishNode,
    onSettled: (_result, _error, nodeId) => {
      void queryClient.invalidateQueries({ queryKey: ['builder', 'draft', nodeId] });
      void queryClient.invalidateQueries({ queryKey: ['builder', 'node-history', nodeId] });
      void queryClient.invalidateQueries({ queryKey: ['builder', 'db-list'] });
    },
  });
}
