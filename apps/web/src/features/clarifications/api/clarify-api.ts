import {
  CLARIFY_PATHS,
  type Clarification,
  type ClarificationAuditBody,
  type ClarificationList,
  type ClarificationListQuery,
  type ClarificationSaveBody,
  type ClarificationVersionBody,
  type ClarifySection,
  type Objection,
  type ObjectionAnswerBody,
  type ObjectionList,
  type ObjectionRaiseBody,
  type ReceivedClarification,
} from '@ks/contract/clarifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ERROR_CODES } from '@/lib/constants.ts';
import { http } from '@/lib/http.ts';

/** Bad input is shown under the dialog's fields; other failures in the usual dialog. */
const FORM_CALL = { quietCodes: [ERROR_CODES.BAD_REQUEST] } as const;

export const clarifyKeys = {
  all: ['clarify'] as const,
  list: (query: ClarificationListQuery) => ['clarify', 'list', query] as const,
  detail: (id: string) => ['clarify', 'detail', id] as const,
  sections: ['clarify', 'sections'] as const,
  received: ['clarify', 'received'] as const,
  objections: ['clarify', 'objections'] as const,
  objectionSections: ['clarify', 'objection-sections'] as const,
};

/**
 * POST /ks/clarify/file/list: the caller's projects' clarifications, or (the centre) every
 * submitted one; with `queue`, POST /ks/clarify/file/queue, the centre's audit queue.
 */
export const useClarifications = (query: ClarificationListQuery, queue = false) =>
  useQuery({
    queryKey: queue ? (['clarify', 'queue'] as const) : clarifyKeys.list(query),
    queryFn: () =>
      queue
        ? http.post<ClarificationList>(CLARIFY_PATHS.queue, {})
        : http.post<ClarificationList>(CLARIFY_PATHS.list, query),
  });

/** POST /ks/clarify/file/detail: the text, history and receipt table. */
export const useClarification = (id: string | null) =>
  useQuery({
    queryKey: clarifyKeys.detail(id ?? ''),
    queryFn: () => http.post<Clarification>(CLARIFY_PATHS.detail, { id }),
    enabled: Boolean(id),
  });

/** POST /ks/clarify/file/sections: the sections the caller may draft for. */
export const useDraftSections = (enabled: boolean) =>
  useQuery({
    queryKey: clarifyKeys.sections,
    queryFn: () => http.post<ClarifySection[]>(CLARIFY_PATHS.sections, {}),
    enabled,
  });

export const useReceived = () =>
  useQuery({
    queryKey: clarifyKeys.received,
    queryFn: () => http.post<ReceivedClarification[]>(CLARIFY_PATHS.received, {}),
  });

export const useObjections = () =>
  useQuery({
    queryKey: clarifyKeys.objections,
    queryFn: () => http.post<ObjectionList>(CLARIFY_PATHS.objections, {}),
  });

export const useObjectionSections = (enabled: boolean) =>
  useQuery({
    queryKey: clarifyKeys.objectionSections,
    queryFn: () => http.post<ClarifySection[]>(CLARIFY_PATHS.objectionSections, {}),
    enabled,
  });

/** A write that refreshes every clarification list once it settles. */
function useClarifyMutation<Body, Answer>(mutationFn: (body: Body) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: clarifyKeys.all }),
  });
}

export const useSaveClarification = () =>
  useClarifyMutation((body: ClarificationSaveBody) =>
    http.post<Clarification>(CLARIFY_PATHS.save, body, FORM_CALL),
  );

/** The row buttons that take only the id and version (submit, send, revoke, delete). */
export type VersionStep = 'submit' | 'send' | 'revoke' | 'delete';
export const useClarificationStep = () =>
  useClarifyMutation(({ step, ...body }: ClarificationVersionBody & { step: VersionStep }) =>
    http.post<Clarification | null>(CLARIFY_PATHS[step], body),
  );

export const useAuditClarification = () =>
  useClarifyMutation((body: ClarificationAuditBody) =>
    http.post<Clarification>(CLARIFY_PATHS.audit, body, FORM_CALL),
  );

export const useReceipt = () =>
  useClarifyMutation((id: string) => http.post<ReceivedClarification>(CLARIFY_PATHS.receipt, { id }));

export const useRaiseObjection = () =>
  useClarifyMutation((body: ObjectionRaiseBody) =>
    http.post<Objection>(CLARIFY_PATHS.raise, body, FORM_CALL),
  );

export const useAnswerObjection = () =>
  useClarifyMutation((body: ObjectionAnswerBody) =>
    http.post<Objection>(CLARIFY_PATHS.answer, body, FORM_CALL),
  );
