import type { WireRecord } from '@ks/contract/form-schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ERROR_CODES } from '@/lib/constants.ts';
import { http } from '@/lib/http.ts';
import { recordKeys } from './query-keys.ts';
import type { NodeRef } from './types.ts';

/** ownerUserId: on a new record, the enterprise an administrator enters it for (decision 0060). */
export type SaveRecordBody = NodeRef & {
  id?: string;
  version?: number;
  ownerUserId?: string;
  values: WireRecord;
};

/**
 * POST /ks/monitor/save. 400 (the {field: message} map) and 409 (stale version) stay quiet: the
 * detail page places the first under the fields and offers a reload for the second.
 */
export const saveRecord = (body: SaveRecordBody) =>
  http.post<{ id: string; version: number }>('/ks/monitor/save', body, {
    quietCodes: [ERROR_CODES.BAD_REQUEST, ERROR_CODES.CONFLICT],
  });

export function useSaveRecord(node: NodeRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRecord,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordKeys.records(node) }),
  });
}
