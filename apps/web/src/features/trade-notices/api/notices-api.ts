import { TRADE_NOTICE_PATHS, type TradeNotice } from '@ks/contract/trade-notices';
import { useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';

export const tradeNoticeKeys = {
  all: ['trade-notices'] as const,
  ofProject: (projectId: string, kind: string) => ['trade-notices', projectId, kind] as const,
};

/**
 * GET /ks/trade/notices: a project's published notices of one kind, each with its versions (the
 * original, then its change notices), as the trade-notices module answers whoever may read the project.
 */
export const useProjectNotices = (projectId: string, kind: 'tender' | 'prequalification') =>
  useQuery({
    queryKey: tradeNoticeKeys.ofProject(projectId, kind),
    queryFn: () => http.get<TradeNotice[]>(TRADE_NOTICE_PATHS.list, { query: { projectId, kind } }),
  });
