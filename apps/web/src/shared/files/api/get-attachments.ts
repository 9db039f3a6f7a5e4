import type { RecordRef, UploadedFile } from '@ks/contract/files';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';

/** attachment/list: a record's files. */
export const getAttachments = (ref: RecordRef) =>
  http.get<UploadedFile[]>('/ks/common/common/attachment/list', { query: ref });

export const getAttachmentsQueryOptions = (ref: RecordRef) =>
  queryOptions({
    queryKey: ['files', 'attachments', ref.systemCoding, ref.gnCoding, ref.id],
    queryFn: () => getAttachments(ref),
  });

export const useAttachments = (ref: RecordRef) => useQuery(getAttachmentsQueryOptions(ref));
