import type { LogHistoryBody, OperationLogEntry } from '@ks/contract/oplog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';

/** POST /ks/common/common/logHistory: quiet, the drawer shows its own failure message. */
export const getLogHistory = (body: LogHistoryBody) =>
  http.post<OperationLogEntry[]>('/ks/common/common/logHistory', body, { quiet: true });

export const getLogHistoryQueryOptions = (body: LogHistoryBody) =>
  queryOptions({
    queryKey: ['oplog', body.gnCoding, body.id],
    queryFn: () => getLogHistory(body),
    staleTime: 0,
    retry: false,
  });

export const useLogHistory = (body: LogHistoryBody, enabled: boolean) =>
  useQuery({ ...getLogHistoryQueryOptions(body), enabled });
