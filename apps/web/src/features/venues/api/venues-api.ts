import type { Project, ProjectList, TradingSide } from '@ks/contract/trading';
import {
  type CreateVenueBookingBody,
  type CreateVenueRoomBody,
  type DecideVenueBookingBody,
  type LockVenueBody,
  type RefuseVenueBookingBody,
  type UnlockVenueBody,
  type UpdateVenueRoomBody,
  VENUE_PATHS,
  type VenueAvailability,
  type VenueBooking,
  type VenueBookingList,
  type VenueBookingListQuery,
  type VenueLock,
  type VenueRoom,
} from '@ks/contract/venues';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ERROR_CODES } from '@/lib/constants.ts';
import { http } from '@/lib/http.ts';

export const venueKeys = {
  all: ['venues'] as const,
  availability: (from: string, days: number) => ['venues', 'availability', from, days] as const,
  bookings: (scope: string) => ['venues', 'bookings', scope] as const,
  locks: (from: string, days: number) => ['venues', 'locks', from, days] as const,
  rooms: ['venues', 'rooms'] as const,
  projects: ['venues', 'trade-projects'] as const,
  project: (id: string) => ['venues', 'trade-project', id] as const,
};

/** The trading module's calls a booking reads its section choice from (the spec's paths). */
const TRADE_PATHS = {
  records: '/ks/trade/records',
  record: (id: string) => `/ks/trade/records/${id}`,
} as const;

/**
 * The sides of a project whose sections a booking may name: the server refuses the others
 * (标段不存在), so the dialog offers only these, as the server gave each project's `side`.
 */
const BOOKING_SIDES: readonly TradingSide[] = ['tenderee', 'agent', 'centre'];

/** GET /ks/trade/records: the projects with sections whose side lets the caller book for them. */
export const useBookableProjects = () =>
  useQuery({
    queryKey: venueKeys.projects,
    queryFn: () => http.get<ProjectList>(TRADE_PATHS.records),
    select: (list) => list.records.filter((row) => BOOKING_SIDES.includes(row.side) && row.sectionCount > 0),
  });

/** GET /ks/trade/records/:id: the chosen project's sections. */
export const useProjectSections = (projectId: string | undefined) =>
  useQuery({
    queryKey: venueKeys.project(projectId ?? ''),
    queryFn: () => http.get<Project>(TRADE_PATHS.record(projectId ?? '')),
    enabled: Boolean(projectId),
    select: (project) => project.sections,
  });

/** GET /ks/venue/v1/availability: public, no token needed; states only. */
export const useAvailability = (from: string, days: number) =>
  useQuery({
    queryKey: venueKeys.availability(from, days),
    queryFn: () => http.get<VenueAvailability>(VENUE_PATHS.availability, { query: { from, days } }),
    placeholderData: keepPreviousData,
  });

/** GET /ks/venue/v1/bookings: the caller's bookings, or (administrators) the queue. */
export const useBookings = (scope: NonNullable<VenueBookingListQuery['scope']>) =>
  useQuery({
    queryKey: venueKeys.bookings(scope),
    queryFn: () => http.get<VenueBookingList>(VENUE_PATHS.bookings, { query: { scope } }),
  });

/** GET /ks/venue/v1/locks: the live locks over the days shown. */
export const useLocks = (from: string, days: number) =>
  useQuery({
    queryKey: venueKeys.locks(from, days),
    queryFn: () => http.get<VenueLock[]>(VENUE_PATHS.locks, { query: { from, days } }),
    placeholderData: keepPreviousData,
  });

/** A venue write that refreshes the grid and every list once it settles. */
function useVenueMutation<Body, Answer>(mutationFn: (body: Body) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: venueKeys.all }),
  });
}

/** 400s stay quiet: their field messages go under the dialog's fields. */
const formCall = { quietCodes: [ERROR_CODES.BAD_REQUEST] };

export const useBook = () =>
  useVenueMutation((body: CreateVenueBookingBody) =>
    http.post<VenueBooking>(VENUE_PATHS.bookings, body, formCall),
  );
export const useApprove = () =>
  useVenueMutation((body: DecideVenueBookingBody) => http.post<VenueBooking>(VENUE_PATHS.approve, body));
export const useRefuse = () =>
  useVenueMutation((body: RefuseVenueBookingBody) =>
    http.post<VenueBooking>(VENUE_PATHS.refuse, body, formCall),
  );
export const useCancel = () =>
  useVenueMutation((body: DecideVenueBookingBody) => http.post<VenueBooking>(VENUE_PATHS.cancel, body));
export const useLock = () =>
  useVenueMutation((body: LockVenueBody) => http.post<{ cells: number }>(VENUE_PATHS.locks, body, formCall));
export const useUnlock = () =>
  useVenueMutation((body: UnlockVenueBody) => http.post<{ cells: number }>(VENUE_PATHS.unlock, body));

/** GET /ks/venue/v1/rooms: every room, stopped ones too (administrators). */
export const useRooms = () =>
  useQuery({ queryKey: venueKeys.rooms, queryFn: () => http.get<VenueRoom[]>(VENUE_PATHS.rooms) });
export const useCreateRoom = () =>
  useVenueMutation((body: CreateVenueRoomBody) => http.post<VenueRoom>(VENUE_PATHS.rooms, body, formCall));
export const useUpdateRoom = () =>
  useVenueMutation((body: UpdateVenueRoomBody) => http.put<VenueRoom>(VENUE_PATHS.rooms, body, formCall));
