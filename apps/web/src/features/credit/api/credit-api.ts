import type {
  CreditGradeOverview,
  CreditItemType,
  CreditLetter,
  CreditListPage,
  CreditListQuery,
  CreditRecord,
  CreditScoreModel,
  CreditSignature,
  CreditTopTitles,
  CreditTreeNode,
  SaveCreditItemTypeBody,
  SaveCreditLetterBody,
  SaveCreditScoreModelBody,
  SignCreditLetterBody,
} from '@ks/contract/credit';
import { type ChangeTemplateInfo, RECORD_CHANGE_PATHS } from '@ks/contract/record-changes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fileHttp, http } from '@/lib/http.ts';

export type CreditPage = CreditListPage;

export const creditKeys = {
  all: ['credit'] as const,
  list: (query: Partial<CreditListQuery>) => ['credit', 'list', query] as const,
  record: (userId: string) => ['credit', 'record', userId] as const,
  level: ['credit', 'level'] as const,
  overview: ['credit', 'overview'] as const,
  titles: ['credit', 'titles'] as const,
  tree: ['credit', 'tree'] as const,
  letter: ['credit', 'letter'] as const,
  signatures: ['credit', 'signatures'] as const,
};

type ListQuery = Partial<CreditListQuery>;
const queryOf = (query: ListQuery) =>
  Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined && value !== ''),
  ) as Record<string, string | number>;

/**
 * GET /ks/credit/public-list: scored enterprises, best first, with the grades to filter by (in the
 * public-service variant also without a session: then without account ids).
 */
export const useCreditList = (query: ListQuery) =>
  useQuery({
    queryKey: creditKeys.list(query),
    queryFn: () => http.get<CreditPage>('/ks/credit/public-list', { query: queryOf(query) }),
    placeholderData: keepPreviousData,
  });

/** GET /ks/credit/record: an enterprise's credit file (administrators name it; an enterprise gets its own). */
export const useCreditRecord = (userId: string) =>
  useQuery({
    queryKey: creditKeys.record(userId),
    queryFn: () => http.get<CreditRecord>('/ks/credit/record', { query: userId ? { userId } : {} }),
  });

export const useCreditLevel = () =>
  useQuery({ queryKey: creditKeys.level, queryFn: () => http.get<CreditScoreModel>('/ks/credit/level') });

export const useGradeOverview = () =>
  useQuery({
    queryKey: creditKeys.overview,
    queryFn: () => http.get<CreditGradeOverview>('/ks/credit/grade-overview'),
  });

export const useTopTitles = () =>
  useQuery({
    queryKey: creditKeys.titles,
    queryFn: () => http.get<CreditTopTitles>('/ks/credit/management/top-titles'),
  });

export const useCreditTree = () =>
  useQuery({
    queryKey: creditKeys.tree,
    queryFn: () => http.get<CreditTreeNode[]>('/ks/credit/common/left-tree'),
  });

export const useCreditLetter = () =>
  useQuery({ queryKey: creditKeys.letter, queryFn: () => http.get<CreditLetter>('/ks/credit/letter') });

export const useLetterSignatures = () =>
  useQuery({
    queryKey: creditKeys.signatures,
    queryFn: () => http.get<CreditSignature[]>('/ks/credit/letter/signatures'),
  });

function useCreditMutation<T, R>(mutationFn: (body: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: creditKeys.all }),
  });
}

/** PUT /ks/credit/letter (administrators): a new version of the letter. */
export const useSaveLetter = () =>
  useCreditMutation((body: SaveCreditLetterBody) => http.put<CreditLetter>('/ks/credit/letter', body));

/** POST /ks/credit/letter/sign (enterprises): signs the version and text read. */
export const useSignLetter = () =>
  useCreditMutation((body: SignCreditLetterBody) => http.post<CreditLetter>('/ks/credit/letter/sign', body));

/** Saves a downloaded file under the server's name. */
function saveNamed({ blob, fileName }: { blob: Blob; fileName: string }) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/** GET /ks/credit/export (administrators): the credit list as xlsx, saved under the server's name. */
export async function exportCreditList(query: ListQuery) {
  saveNamed(await fileHttp.getNamed('/ks/credit/export', { query: queryOf(query) }));
}

// ————— the change-description template (administrators; decision 0054) —————
const templateKey = [...creditKeys.all, 'change-template'] as const;

export const useChangeTemplate = () =>
  useQuery({
    queryKey: templateKey,
    queryFn: () => http.get<ChangeTemplateInfo>(RECORD_CHANGE_PATHS.templateInfo),
  });

/** POST multipart: an administrator's .docx replaces the template. */
export const useUploadChangeTemplate = () =>
  useCreditMutation((file: File) => {
    const body = new FormData();
    body.append('file', file);
    return http.post<ChangeTemplateInfo>(RECORD_CHANGE_PATHS.templateUpload, body);
  });

export const useResetChangeTemplate = () =>
  useCreditMutation(() => http.post<ChangeTemplateInfo>(RECORD_CHANGE_PATHS.templateReset));

/** The document requesters download now (uploaded or generated). */
export async function downloadChangeTemplate() {
  saveNamed(await fileHttp.getNamed(RECORD_CHANGE_PATHS.template));
}

/** GET /ks/credit/admin/item-types (administrators): the catalogue of credit item types. */
export const useItemTypes = () =>
  useQuery({
    queryKey: [...creditKeys.all, 'item-types'],
    queryFn: () => http.get<CreditItemType[]>('/ks/credit/admin/item-types'),
  });

export const useSaveItemType = () =>
  useCreditMutation((body: SaveCreditItemTypeBody & { id?: string; version?: number }) =>
    body.id
      ? http.put<CreditItemType>('/ks/credit/admin/item-types', body)
      : http.post<CreditItemType>('/ks/credit/admin/item-types', body),
  );

export const useRetireItemType = () =>
  useCreditMutation(({ id, version }: { id: string; version: number }) =>
    http.delete<null>(`/ks/credit/admin/item-types/${id}`, { query: { version } }),
  );

/** PUT /ks/credit/level (administrators): a new model version; every score is recomputed. */
export const useSaveModel = () =>
  useCreditMutation((body: SaveCreditScoreModelBody) => http.put<CreditScoreModel>('/ks/credit/level', body));
