import { ERROR_CODES } from '@ks/contract/errors';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';
import { recordKeys } from './query-keys.ts';
import type { FormDetails, NodeRef } from './types.ts';

/** POST /ks/info/v1/form/details: the form items and, with an id, the record in its own schema version. */
/** 404 (node not published, record gone or outside the caller's scope) is shown in the page, not in a dialog. */
export const getFormDetails = (node: NodeRef, id: string | null) =>
  http.post<FormDetails>('/ks/info/v1/form/details', id ? { ...node, id } : { ...node }, {
    quietCodes: [ERROR_CODES.NOT_FOUND],
  });

export const getFormDetailsQueryOptions = (node: NodeRef, id: string | null) =>
  queryOptions({
    queryKey: recordKeys.details(node, id),
    queryFn: () => getFormDetails(node, id),
    staleTime: 0,
  });

export const useFormDetails = (node: NodeRef, id: string | null, enabled = true) =>
  useQuery({ ...getFormDetailsQueryOptions(node, id), enabled: enabled && !!node.gnCoding });
