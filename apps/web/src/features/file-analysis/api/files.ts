import type {
  AttachCostFileBody,
  CostFile,
  CostProject,
  CostProjectListQuery,
  CostProjectPage,
  CreateCostProjectBody,
  ParseData,
  XmlAnalysis,
} from '@ks/contract/file-analysis';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';

export const costKeys = {
  all: ['file-analysis'] as const,
  projects: (query: CostProjectListQuery) => ['file-analysis', 'projects', query] as const,
  tree: (id: string) => ['file-analysis', 'tree', id] as const,
  analysis: (id: string) => ['file-analysis', 'analysis', id] as const,
};

/** While a file is being parsed its state moves on its own: the list looks again this often. */
const PENDING_REFRESH_MS = 3000;
const hasPending = (page: CostProjectPage | undefined) =>
  page?.records.some((p) => p.files.some((f) => f.parseState === 'pending')) ?? false;

/** GET /ks/analyse/cost-projects: projects with the files the caller may see. */
export const findCostProjects = (query: CostProjectListQuery) =>
  http.get<CostProjectPage>('/ks/analyse/cost-projects', { query });

export const useCostProjects = (query: CostProjectListQuery) =>
  useQuery({
    queryKey: costKeys.projects(query),
    queryFn: () => findCostProjects(query),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (hasPending(q.state.data) ? PENDING_REFRESH_MS : false),
  });

/** POST /ks/file/detection/parse-data: the cost tree and the file's states. */
export const getParseData = (id: string) =>
  http.post<ParseData>('/ks/file/detection/parse-data', {
    id,
    gnCoding: 'fileAnalysis',
    systemCoding: 'fileAnalysis',
    pageSize: 2000,
  });

export const useParseData = (id: string | null, parseState: CostFile['parseState'] | undefined) =>
  useQuery({
    queryKey: [...costKeys.tree(id ?? ''), parseState],
    queryFn: () => getParseData(id ?? ''),
    enabled: id !== null,
  });

/** POST /ks/analyse/xml_analysis: the parse summary. */
export const getXmlAnalysis = (id: string) => http.post<XmlAnalysis>('/ks/analyse/xml_analysis', { id });

export const useXmlAnalysis = (id: string | null, parseState: CostFile['parseState'] | undefined) =>
  useQuery({
    queryKey: [...costKeys.analysis(id ?? ''), parseState],
    queryFn: () => getXmlAnalysis(id ?? ''),
    enabled: id !== null,
  });

function useCostMutation<T, R>(mutationFn: (body: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: costKeys.all }),
  });
}

export const useCreateCostProject = () =>
  useCostMutation((body: CreateCostProjectBody) => http.post<CostProject>('/ks/analyse/cost-projects', body));

export const useDeleteCostProject = () =>
  useCostMutation((project: { id: string; version: number }) =>
    http.delete<null>(`/ks/analyse/cost-projects/${project.id}`, { query: { version: project.version } }),
  );

export const useAttachCostFile = () =>
  useCostMutation((body: AttachCostFileBody) => http.post<CostFile>('/ks/analyse/cost-files', body));

export const useDeleteCostFile = () =>
  useCostMutation((id: string) => http.delete<null>(`/ks/analyse/cost-files/${id}`));

export const useReparseCostFile = () =>
  useCostMutation((id: string) => http.post<null>(`/ks/analyse/cost-files/${id}/parse`, {}));
