import type {
  Project,
  ProjectList,
  ProjectListQuery,
  ProjectReviewBody,
  ProjectSaveBody,
  ProjectVersionBody,
  SectionAttachmentsBody,
  SectionFile,
  UpdatePrincipalBody,
} from '@ks/contract/trading';
import { type ProjectVenueBookings, VENUE_PATHS } from '@ks/contract/venues';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ERROR_CODES } from '@/lib/constants.ts';
import { http } from '@/lib/http.ts';

/** Bad input is shown under the form's fields; other failures in the usual dialog. */
const FORM_CALL = { quietCodes: [ERROR_CODES.BAD_REQUEST] } as const;

export const TRADING_PATHS = {
  records: '/ks/trade/records',
  record: (id: string) => `/ks/trade/records/${id}`,
  save: '/ks/xmrc/v1/bd/save',
  files: '/ks/xmrc/v1/bd-files',
  attachments: '/ks/xmrc/v1/bd/attachments',
  submit: '/ks/trade/submit',
  review: '/ks/trade/review',
  updatePrincipal: '/ks/trade/update-principal',
} as const;

export const tradingKeys = {
  all: ['trading'] as const,
  list: (query: ProjectListQuery) => ['trading', 'list', query] as const,
  project: (id: string) => ['trading', 'project', id] as const,
  files: (sectionId: string) => ['trading', 'files', sectionId] as const,
  venueBookings: (projectId: string) => ['trading', 'venue-bookings', projectId] as const,
};

const filled = (query: object) =>
  Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined && value !== ''),
  ) as Record<string, string>;

/** GET /ks/trade/records: the projects the caller may see, each with the caller's side. */
export const useProjects = (query: ProjectListQuery) =>
  useQuery({
    queryKey: tradingKeys.list(query),
    queryFn: () => http.get<ProjectList>(TRADING_PATHS.records, { query: filled(query) }),
  });

/** GET /ks/trade/records/:id: a project with its sections, history, side and buttons. */
export const useProject = (id: string) =>
  useQuery({
    queryKey: tradingKeys.project(id),
    queryFn: () => http.get<Project>(TRADING_PATHS.record(id)),
    enabled: id !== '',
  });

/** GET /ks/xmrc/v1/bd-files: a section's attachments. */
export const useSectionFiles = (sectionId: string) =>
  useQuery({
    queryKey: tradingKeys.files(sectionId),
    queryFn: () => http.get<SectionFile[]>(TRADING_PATHS.files, { query: { sectionId } }),
  });

/**
 * GET /ks/venue/v1/project-bookings: the venue bookings tied to the project's sections (the venues
 * module answers it; the five-in-one page's 场地预约 tab shows them).
 */
export const useProjectVenueBookings = (projectId: string) =>
  useQuery({
    queryKey: tradingKeys.venueBookings(projectId),
    queryFn: () => http.get<ProjectVenueBookings>(VENUE_PATHS.projectBookings, { query: { projectId } }),
  });

function useTradingMutation<Body, Answer>(mutationFn: (body: Body) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: tradingKeys.all }),
  });
}

/**
 * Saves quietly: the form shows the server's `{field: message}` under each field (and the
 * message itself when no field is named).
 */
export const useSaveProject = () =>
  useTradingMutation((body: ProjectSaveBody) => http.post<Project>(TRADING_PATHS.save, body, FORM_CALL));
export const useSubmitProject = () =>
  useTradingMutation((body: ProjectVersionBody) => http.post<Project>(TRADING_PATHS.submit, body));
export const useReviewProject = () =>
  useTradingMutation((body: ProjectReviewBody) => http.post<Project>(TRADING_PATHS.review, body, FORM_CALL));
export const useUpdatePrincipal = () =>
  useTradingMutation((body: UpdatePrincipalBody) =>
    http.post<Project>(TRADING_PATHS.updatePrincipal, body, FORM_CALL),
  );
export const useSetSectionFiles = () =>
  useTradingMutation((body: SectionAttachmentsBody) =>
    http.post<SectionFile[]>(TRADING_PATHS.attachments, body),
  );
