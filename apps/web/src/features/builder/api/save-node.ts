import type { BuilderNode, ChildMenuBody, EditNodeBody } from '@ks/contract/builder';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ERROR_CODES } from '@/lib/constants.ts';
import { http } from '@/lib/http.ts';
import { invalidateSystems } from './find-systems.ts';

/** POST /ks/config/new/structure/child-menu: a node under parentId, or at the top when null. */
export const addNode = (body: ChildMenuBody) =>
  http.post<BuilderNode>('/ks/config/new/structure/child-menu', body, {
    quietCodes: [ERROR_CODES.BAD_REQUEST],
  });

/** PUT /ks/config/new/structure/edit over the version the form loaded. */
export const editNode = (body: EditNodeBody) =>
  http.put<BuilderNode>('/ks/config/new/structure/edit', body, { quietCodes: [ERROR_CODES.BAD_REQUEST] });

export type SaveNodeInput = { kind: 'add'; body: ChildMenuBody } | { kind: 'edit'; body: EditNodeBody };

export function useSaveNode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveNodeInput) => (input.kind === 'add' ? addNode(input.body) : editNode(input.body)),
    onSettled: () => invalidateSystems(queryClient),
  });
}
