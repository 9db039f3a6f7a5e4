import type {
  AchievementResult,
  AttachBidDocumentBody,
  BidDocumentList,
  BidDocumentState,
  BidRequirements,
  DirectoriesResult,
  Publicity,
  PublicityActionBody,
  SaveBidRequirementsBody,
  SavedBidRequirements,
  ScoreResult,
} from '@ks/contract/bid-detection';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';

/** Bid documents and their detection (decision 0052). */
export const bidKeys = {
  all: ['bid-detection'] as const,
  list: (xmId: string) => ['bid-detection', 'list', xmId] as const,
  requirements: (xmId: string) => ['bid-detection', 'requirements', xmId] as const,
  publicity: (xmId: string) => ['bid-detection', 'publicity', xmId] as const,
  result: (xmId: string, documentId: string, checkedAt: string) =>
    ['bid-detection', 'result', xmId, documentId, checkedAt] as const,
};

/** How often the list refreshes while a document is waiting or being read. */
const PARSING_REFRESH_MS = 3000;

export const useBidDocuments = (xmId: string) =>
  useQuery({
    queryKey: bidKeys.list(xmId),
    queryFn: () => http.post<BidDocumentList>('/ks/analyse/bid-documents/list', { xmId }),
    refetchInterval: (query) =>
      query.state.data?.documents.some((d) => d.state === 'pending' || d.state === 'parsing')
        ? PARSING_REFRESH_MS
        : false,
  });

export const usePublicity = (xmId: string) =>
  useQuery({
    queryKey: bidKeys.publicity(xmId),
    queryFn: () => http.post<Publicity>('/ks/file/detection/publicity', { xmId }, { quiet: true }),
  });

export const useBidRequirements = (xmId: string, enabled: boolean) =>
  useQuery({
    queryKey: bidKeys.requirements(xmId),
    queryFn: () => http.post<BidRequirements>('/ks/file/detection/requirements', { xmId }),
    enabled,
  });

export type BidResult = {
  directories: DirectoriesResult;
  achievement: AchievementResult;
  score: ScoreResult;
};

/**
 * The three results of one checked document; an enterprise's refusal (not published) is shown, not
 * a dialog. Keyed by the detection's time: when a re-detection finishes (the list shows a new
 * `checkedAt`) the new result is fetched, never the one cached from before.
 */
export const useBidResult = (
  xmId: string,
  document: Pick<BidDocumentState, 'documentId' | 'state' | 'checkedAt'>,
) =>
  useQuery({
    queryKey: bidKeys.result(xmId, document.documentId, document.checkedAt ?? ''),
    enabled: document.state === 'checked',
    retry: false,
    queryFn: async (): Promise<BidResult> => {
      const body = { xmId, documentId: document.documentId };
      const options = { quietCodes: [403] };
      const [directories, achievement, score] = await Promise.all([
        http.post<DirectoriesResult>('/ks/file/detection/directories', body, options),
        http.post<AchievementResult>('/ks/file/detection/achievement', body, options),
        http.post<ScoreResult>('/ks/file/detection/score', body, options),
      ]);
      return { directories, achievement, score };
    },
  });

function useBidMutation<T, R>(mutationFn: (body: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bidKeys.all }),
  });
}

export const useAttachBidDocument = () =>
  useBidMutation((body: AttachBidDocumentBody) =>
    http.post<BidDocumentState>('/ks/analyse/bid-documents', body),
  );

export const useDeleteBidDocument = () =>
  useBidMutation((id: string) => http.delete<null>(`/ks/analyse/bid-documents/${id}`));

export const useRedetect = () =>
  useBidMutation((xmId: string) => http.post<{ count: number }>('/ks/file/detection/bid-detect', { xmId }));

export const usePublicityAction = () =>
  useBidMutation((body: PublicityActionBody) => http.post<Publicity>('/ks/file/detection/publicity', body));

export const useSaveBidRequirements = () =>
  useBidMutation((body: SaveBidRequirementsBody) =>
    http.post<SavedBidRequirements>('/ks/file/detection/requirements/save', body),
  );
