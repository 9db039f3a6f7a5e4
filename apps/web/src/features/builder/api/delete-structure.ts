import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';
import { invalidateSystems } from './find-systems.ts';

/** DELETE /ks/config/new/structure/del: a system with its nodes, or a node with its subtree. */
export const deleteStructure = (target: { systemId: string } | { nodeId: string }) =>
  http.delete<{ deletedNodes: number }>('/ks/config/new/structure/del', { query: target });

export function useDeleteStructure() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteStructure, onSettled: () => invalidateSystems(queryClient) });
}
