import type { BuilderNode, MoveNodeBody } from '@ks/contract/builder';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';
import { invalidateSystems } from './find-systems.ts';

/** POST /ks/config/new/structure/move: re-parent and reorder; answers the system's nodes. */
export const moveNode = (body: MoveNodeBody) =>
  http.post<BuilderNode[]>('/ks/config/new/structure/move', body);

export function useMoveNode() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: moveNode, onSettled: () => invalidateSystems(queryClient) });
}
