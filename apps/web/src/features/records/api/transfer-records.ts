import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fileHttp, http, type NamedBlob } from '@/lib/http.ts';
import { recordKeys } from './query-keys.ts';
import type { ImportResult, ListQuery, NodeRef } from './types.ts';

/** Hands a blob to the browser's download under the given name. */
export function saveBlob({ blob, fileName }: NamedBlob) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the browser's download; the address can go.
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/** POST /ks/monitor/export: the filtered list as xlsx, saved under the server's file name. */
export const exportRecords = async (query: Omit<ListQuery, 'curPage' | 'pageSize'>) =>
  saveBlob(await fileHttp.postNamed('/ks/monitor/export', query));

/** GET /ks/monitor/import-template: the node's xlsx template. */
export const downloadImportTemplate = async (node: NodeRef) =>
  saveBlob(await fileHttp.getNamed('/ks/monitor/import-template', { query: node }));

/** POST /ks/monitor/import: all or nothing; the rejected rows come back for the report. */
export function importRecords(node: NodeRef, file: File) {
  const body = new FormData();
  body.append('systemCoding', node.systemCoding);
  body.append('gnCoding', node.gnCoding);
  body.append('file', file);
  return http.post<ImportResult>('/ks/monitor/import', body);
}

export function useImportRecords(node: NodeRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => importRecords(node, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordKeys.records(node) }),
  });
}
