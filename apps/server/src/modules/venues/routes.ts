import {
  CreateVenueBookingBodySchema,
  CreateVenueRoomBodySchema,
  DecideVenueBookingBodySchema,
  LockVenueBodySchema,
  ProjectVenueBookingsEnvelopeSchema,
  ProjectVenueBookingsQuerySchema,
  RefuseVenueBookingBodySchema,
  UnlockVenueBodySchema,
  UpdateVenueRoomBodySchema,
  VENUE_PATHS,
  VenueAvailabilityEnvelopeSchema,
  VenueAvailabilityQuerySchema,
  VenueBookingEnvelopeSchema,
  VenueBookingListEnvelopeSchema,
  VenueBookingListQuerySchema,
  VenueCellCountEnvelopeSchema,
  VenueLockListEnvelopeSchema,
  VenueLockQuerySchema,
  VenueRoomEnvelopeSchema,
  VenueRoomListEnvelopeSchema,
} from '@ks/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import type { VenueService } from './service.ts';

const admins = { access: { roles: ['M'] as const } };
/** Enterprises and the centre book rooms; personnel accounts and developers do not. */
const bookers = { access: { roles: ['M', 'U'] as const } };

/** The venues' routes (decision 0075): /ks/venue/v1, no spec paths exist for them. */
export const venueRoutes: FastifyPluginAsyncZod<{ venues: VenueService }> = async (app, { venues }) => {
  const tags = ['venues'];

  app.get(
    VENUE_PATHS.availability,
    {
      // /venue is public (spec §2): states only, never who booked or why.
      config: { access: 'public' },
      schema: {
        tags,
        summary: '场地可预约情况',
        querystring: VenueAvailabilityQuerySchema,
        response: { 200: VenueAvailabilityEnvelopeSchema },
      },
    },
    async (request) => ok(await venues.availability(request.query)),
  );

  app.get(
    VENUE_PATHS.rooms,
    { config: admins, schema: { tags, summary: '场地列表', response: { 200: VenueRoomListEnvelopeSchema } } },
    async () => ok(await venues.rooms()),
  );
  app.post(
    VENUE_PATHS.rooms,
    {
      config: admins,
      schema: {
        tags,
        summary: '新增场地',
        body: CreateVenueRoomBodySchema,
        response: { 200: VenueRoomEnvelopeSchema },
      },
    },
    async (request) => ok(await venues.createRoom(currentUser(request), request.body, request.ip)),
  );
  app.put(
    VENUE_PATHS.rooms,
    {
      config: admins,
      schema: {
        tags,
        summary: '修改场地',
        body: UpdateVenueRoomBodySchema,
        response: { 200: VenueRoomEnvelopeSchema },
      },
    },
    async (request) => ok(await venues.updateRoom(currentUser(request), request.body, request.ip)),
  );

  app.get(
    VENUE_PATHS.bookings,
    {
      config: bookers,
      schema: {
        tags,
        summary: '场地预约列表',
        querystring: VenueBookingListQuerySchema,
        response: { 200: VenueBookingListEnvelopeSchema },
      },
    },
    async (request) => ok(await venues.bookings(currentUser(request), request.query)),
  );
  app.post(
    VENUE_PATHS.bookings,
    {
      config: bookers,
      schema: {
        tags,
        summary: '预约场地',
        body: CreateVenueBookingBodySchema,
        response: { 200: VenueBookingEnvelopeSchema },
      },
    },
    async (request) => ok(await venues.book(currentUser(request), request.body, request.ip)),
  );
  app.get(
    VENUE_PATHS.projectBookings,
    {
      // M and U reach it; whether the caller may read the project is the trading module's answer.
      config: bookers,
      schema: {
        tags,
        summary: '项目标段的场地预约',
        querystring: ProjectVenueBookingsQuerySchema,
        response: { 200: ProjectVenueBookingsEnvelopeSchema },
      },
    },
    async (request) => ok(await venues.projectBookings(currentUser(request), request.query)),
  );
  app.post(
    VENUE_PATHS.approve,
    {
      config: admins,
      schema: {
        tags,
        summary: '通过场地预约',
        body: DecideVenueBookingBodySchema,
        response: { 200: VenueBookingEnvelopeSchema },
      },
    },
    async (request) => ok(await venues.approve(currentUser(request), request.body, request.ip)),
  );
  app.post(
    VENUE_PATHS.refuse,
    {
      config: admins,
      schema: {
        tags,
        summary: '拒绝场地预约',
        body: RefuseVenueBookingBodySchema,
        response: { 200: VenueBookingEnvelopeSchema },
      },
    },
    async (request) => ok(await venues.refuse(currentUser(request), request.body, request.ip)),
  );
  app.post(
    VENUE_PATHS.cancel,
    {
      config: bookers,
      schema: {
        tags,
        summary: '取消场地预约',
        body: DecideVenueBookingBodySchema,
        response: { 200: VenueBookingEnvelopeSchema },
      },
    },
    async (request) => ok(await venues.cancel(currentUser(request), request.body, request.ip)),
  );

  app.get(
    VENUE_PATHS.locks,
    {
      config: admins,
      schema: {
        tags,
        summary: '场地锁定列表',
        querystring: VenueLockQuerySchema,
        response: { 200: VenueLockListEnvelopeSchema },
      },
    },
    async (request) => ok(await venues.locks(request.query)),
  );
  app.post(
    VENUE_PATHS.locks,
    {
      config: admins,
      schema: {
        tags,
        summary: '锁定场地',
        body: LockVenueBodySchema,
        response: { 200: VenueCellCountEnvelopeSchema },
      },
    },
    async (request) => ok(await venues.lock(currentUser(request), request.body, request.ip)),
  );
  app.post(
    VENUE_PATHS.unlock,
    {
      config: admins,
      schema: {
        tags,
        summary: '解除场地锁定',
        body: UnlockVenueBodySchema,
        response: { 200: VenueCellCountEnvelopeSchema },
      },
    },
    async (request) => ok(await venues.unlock(currentUser(request), request.body, request.ip)),
  );
};
