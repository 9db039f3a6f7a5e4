import type { AnnexWithFiles, RecordRef } from '@ks/contract/files';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';

/** fj-list: the annex slots of a record's node, each with the record's files. */
export const getAnnexes = (ref: RecordRef) =>
  http.get<AnnexWithFiles[]>('/ks/common/common/fj-list', { query: ref });

export const getAnnexesQueryOptions = (ref: RecordRef) =>
  queryOptions({
    queryKey: ['files', 'annexes', ref.systemCoding, ref.gnCoding, ref.id],
    queryFn: () => getAnnexes(ref),
  });

export const useAnnexes = (ref: RecordRef) => useQuery(getAnnexesQueryOptions(ref));
