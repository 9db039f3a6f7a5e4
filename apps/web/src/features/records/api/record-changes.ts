import {
  type ChangeFields,
  type ChangeList,
  type ChangeTypeOption,
  RECORD_CHANGE_PATHS,
  type SaveChangeBody,
} from '@ks/contract/record-changes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fileHttp, http } from '@/lib/http.ts';
import { recordKeys } from './query-keys.ts';
import type { NodeRef } from './types.ts';

/** The change requests of one record (paths in RECORD_CHANGE_PATHS). */

const changeKey = (node: NodeRef, id: string, part: string) => [
  ...recordKeys.records(node),
  'changes',
  id,
  part,
];

/** POST list: every round of the record with the caller's permissions; `change` false in check mode. */
export function useChangeList(node: NodeRef, businessId: string | null, change: boolean) {
  return useQuery({
    queryKey: changeKey(node, businessId ?? '', change ? 'list' : 'check'),
    queryFn: () =>
      http.post<ChangeList>(RECORD_CHANGE_PATHS.list, { ...node, businessId, change }, { quietCodes: [403] }),
    enabled: businessId !== null,
  });
}

/** POST type-tree: the change-type cascader. */
export function useChangeTypeTree(node: NodeRef, enabled: boolean) {
  return useQuery({
    queryKey: [...recordKeys.published(node), 'change-types'],
    queryFn: async () =>
      (await http.post<{ list: ChangeTypeOption[] }>(RECORD_CHANGE_PATHS.typeTree, node)).list,
    enabled,
  });
}

/** POST fields: the record's current values, the fields schema and its enclosure. */
export function useChangeFields(node: NodeRef, id: string | null) {
  return useQuery({
    queryKey: changeKey(node, id ?? '', 'fields'),
    queryFn: () =>
      http.post<ChangeFields>(RECORD_CHANGE_PATHS.fields, { ...node, id }, { quietCodes: [403] }),
    enabled: id !== null,
  });
}

type Saved = { id: string; version: number };
export type ChangeCall =
  | { kind: 'save'; body: SaveChangeBody }
  | { kind: 'submit'; id: string; version: number }
  | { kind: 'review'; id: string; version: number; pass: boolean; auditRecord: string };

/** Save, submit and review; each reloads the record's changes and the node's lists. */
export function useChangeCall(node: NodeRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (call: ChangeCall): Promise<Saved> => {
      switch (call.kind) {
        case 'save':
          return http.post<Saved>(RECORD_CHANGE_PATHS.save, call.body);
        case 'submit':
          return http.post<Saved>(RECORD_CHANGE_PATHS.submit, {
            ...node,
            id: call.id,
            version: call.version,
            confirmed: true,
          });
        case 'review':
          return http.post<Saved>(RECORD_CHANGE_PATHS.review, {
            ...node,
            id: call.id,
            version: call.version,
            pass: call.pass,
            auditRecord: call.auditRecord,
          });
      }
    },
    onSuccess: () => client.invalidateQueries({ queryKey: recordKeys.records(node) }),
  });
}

/** GET template: the change-description document (.docx) under the server's file name. */
export const downloadChangeTemplate = (node: NodeRef) =>
  fileHttp.getNamed(RECORD_CHANGE_PATHS.template, { query: { ...node } });
