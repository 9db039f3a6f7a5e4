import type {
  ApprovedEstimate,
  CheckNodeRow,
  CheckNodesBody,
  CostRuleSet,
  DetectionStatus,
  FindFindingsBody,
  FindingPage,
  PublishedControlPrice,
  SaveApprovedEstimateBody,
  SaveCostRulesBody,
  StartCostCheckBody,
  StartCostCheckResult,
} from '@ks/contract/cost-checks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fileHttp, http, type NamedBlob } from '@/lib/http.ts';

export const checkKeys = {
  all: ['cost-checks'] as const,
  status: (xmId: string) => ['cost-checks', 'status', xmId] as const,
  findings: (query: FindFindingsBody) => ['cost-checks', 'findings', query] as const,
  rules: (version?: number) => ['cost-checks', 'rules', version ?? 'current'] as const,
  versions: ['cost-checks', 'rules', 'versions'] as const,
  estimate: (xmId: string) => ['cost-checks', 'estimate', xmId] as const,
};

/** How often the state refreshes while a check is queued or running. */
const RUNNING_REFRESH_MS = 5000;

/** POST /ks/file/detection/cost-check: enqueues the check; isSuccess false says why not. */
export const startCostCheck = (body: StartCostCheckBody) =>
  http.post<StartCostCheckResult>('/ks/file/detection/cost-check', body);

/** POST /ks/file/detection/status: the project's and each file's detection state. */
export const findDetectionStatus = (xmId: string) =>
  http.post<DetectionStatus>('/ks/file/detection/status', { xmId });

export const useDetectionStatus = (xmId: string) =>
  useQuery({
    queryKey: checkKeys.status(xmId),
    queryFn: () => findDetectionStatus(xmId),
    enabled: xmId !== '',
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === 'queued' || state === 'running' ? RUNNING_REFRESH_MS : false;
    },
  });

/** POST /ks/file/detection/cost-check/findings: a page of the current result's findings. */
export const findFindings = (query: FindFindingsBody) =>
  http.post<FindingPage>('/ks/file/detection/cost-check/findings', query);

export const useFindings = (query: FindFindingsBody) =>
  useQuery({
    queryKey: checkKeys.findings(query),
    queryFn: () => findFindings(query),
    enabled: query.xmId !== '',
    placeholderData: keepPreviousData,
  });

function saveBlob({ blob, fileName }: NamedBlob) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/** POST /ks/file/detection/cost-check/findings/export: the filtered findings as xlsx. */
export const exportFindings = async (query: Omit<FindFindingsBody, 'curPage' | 'pageSize'>) =>
  saveBlob(await fileHttp.postNamed('/ks/file/detection/cost-check/findings/export', query));

export const useStartCostCheck = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startCostCheck,
    // Not awaited: a returned promise holds the caller's onSuccess (the spec's start notification)
    // until every check query has been fetched again.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: checkKeys.all });
    },
  });
};

/** GET /ks/file/detection/cost-rules (administrators): a version of the rule configuration. */
export const findCostRules = (version?: number) =>
  http.get<CostRuleSet>('/ks/file/detection/cost-rules', { query: { version } });
export const useCostRules = (version?: number, enabled = true) =>
  useQuery({ queryKey: checkKeys.rules(version), queryFn: () => findCostRules(version), enabled });

export const findCostRuleVersions = () =>
  http.get<Omit<CostRuleSet, 'config'>[]>('/ks/file/detection/cost-rules/versions');
export const useCostRuleVersions = (enabled = true) =>
  useQuery({ queryKey: checkKeys.versions, queryFn: findCostRuleVersions, enabled });

/** POST /ks/file/detection/cost-rules (administrators): saves a new version. */
export const saveCostRules = (body: SaveCostRulesBody) =>
  http.post<CostRuleSet>('/ks/file/detection/cost-rules', body);
export const useSaveCostRules = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCostRules,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['cost-checks', 'rules'] }),
  });
};

/** POST /ks/file/detection/cost-check/nodes: a file's summary tree with each node's findings counted. */
export const findCheckNodes = (body: CheckNodesBody) =>
  http.post<CheckNodeRow[]>('/ks/file/detection/cost-check/nodes', body);

export const useCheckNodes = (body: CheckNodesBody | null) =>
  useQuery({
    queryKey: ['cost-checks', 'nodes', body] as const,
    queryFn: () => findCheckNodes(body as CheckNodesBody),
    enabled: body !== null,
  });

/** GET /ks/file/detection/approved-estimate (administrators): the project's 批准的概算 (C18). */
export const findApprovedEstimate = (xmId: string) =>
  http.get<ApprovedEstimate>('/ks/file/detection/approved-estimate', { query: { xmId } });
export const useApprovedEstimate = (xmId: string) =>
  useQuery({ queryKey: checkKeys.estimate(xmId), queryFn: () => findApprovedEstimate(xmId) });

/** PUT /ks/file/detection/approved-estimate (administrators): set or clear it, on the version read. */
export const saveApprovedEstimate = (body: SaveApprovedEstimateBody) =>
  http.put<ApprovedEstimate>('/ks/file/detection/approved-estimate', body);
export const useSaveApprovedEstimate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveApprovedEstimate,
    onSettled: (_data, _error, body) =>
      queryClient.invalidateQueries({ queryKey: checkKeys.estimate(body.xmId) }),
  });
};

/** POST /ks/file/detection/control-price: the published control price (administrators, bidders). */
export const findPublishedControlPrice = (xmId: string) =>
  http.post<PublishedControlPrice>('/ks/file/detection/control-price', { xmId });
export const usePublishedControlPrice = (xmId: string) =>
  useQuery({
    queryKey: ['cost-checks', 'control-price', xmId] as const,
    queryFn: () => findPublishedControlPrice(xmId),
    enabled: xmId !== '',
  });
