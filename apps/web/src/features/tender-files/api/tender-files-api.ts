import type {
  DownloadRecords,
  DownloadStatus,
  OnSaleSection,
  SectionDocuments,
  SignUpBody,
  SignUpQuantity,
  SignUpRow,
  TenderDocDeleteBody,
  TenderDocKind,
  TenderDocSaveBody,
  TenderDocument,
} from '@ks/contract/tender-files';
import { TENDER_FILE_PATHS } from '@ks/contract/tender-files';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ERROR_CODES } from '@/lib/constants.ts';
import { http } from '@/lib/http.ts';

/**
 * The tender-files calls (decision 0077). Shared, not a feature's: the five-in-one page's
 * 资格预审文件 tab (trading) and the bidders' /trade/onSale page (tender-files) both show a section's
 * documents, and features do not import each other.
 */
export const tenderFileKeys = {
  all: ['tender-files'] as const,
  documents: (sectionId: string, kind?: TenderDocKind) =>
    ['tender-files', 'documents', sectionId, kind] as const,
  records: (sectionId: string) => ['tender-files', 'records', sectionId] as const,
  quantity: (sectionId: string) => ['tender-files', 'quantity', sectionId] as const,
  status: (sectionId: string) => ['tender-files', 'status', sectionId] as const,
  onSale: ['tender-files', 'on-sale'] as const,
};

/** Bad input is shown under the dialog's fields; other failures in the usual dialog. */
const FORM_CALL = { quietCodes: [ERROR_CODES.BAD_REQUEST] } as const;

export const useSectionDocuments = (sectionId: string, kind?: TenderDocKind) =>
  useQuery({
    queryKey: tenderFileKeys.documents(sectionId, kind),
    queryFn: () =>
      http.post<SectionDocuments>(TENDER_FILE_PATHS.files, { sectionId, ...(kind ? { kind } : {}) }),
  });

export const useDownloadRecords = (sectionId: string, enabled: boolean) =>
  useQuery({
    queryKey: tenderFileKeys.records(sectionId),
    queryFn: () => http.post<DownloadRecords>(TENDER_FILE_PATHS.records, { sectionId }),
    enabled,
  });

export const useSignUpQuantity = (sectionId: string, enabled: boolean) =>
  useQuery({
    queryKey: tenderFileKeys.quantity(sectionId),
    queryFn: () => http.post<SignUpQuantity>(TENDER_FILE_PATHS.quantity, { sectionId }),
    enabled,
  });

/** A bidder's own sign-up and which documents it downloaded. */
export const useDownloadStatus = (sectionId: string, enabled: boolean) =>
  useQuery({
    queryKey: tenderFileKeys.status(sectionId),
    queryFn: () => http.post<DownloadStatus>(TENDER_FILE_PATHS.downloadStatus, { sectionId }),
    enabled,
  });

export const useOnSaleSections = () =>
  useQuery({
    queryKey: tenderFileKeys.onSale,
    queryFn: () => http.post<OnSaleSection[]>(TENDER_FILE_PATHS.onSale, {}),
  });

function useTenderMutation<Body, Answer>(mutationFn: (body: Body) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: tenderFileKeys.all }),
  });
}

export const useSaveDocument = () =>
  useTenderMutation((body: TenderDocSaveBody) => http.post<TenderDocument>(TENDER_FILE_PATHS.save, body));

export const useDeleteDocument = () =>
  useTenderMutation((body: TenderDocDeleteBody) => http.post<null>(TENDER_FILE_PATHS.delete, body));

export const useSignUp = () =>
  useTenderMutation((body: SignUpBody) => http.post<SignUpRow>(TENDER_FILE_PATHS.signUp, body, FORM_CALL));
