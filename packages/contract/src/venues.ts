import { z } from 'zod';
import { envelopeOf } from './envelope.ts';

/**
 * Venues (decision 0075, docs/domain.md §2): rooms, their half-day cells (上午/下午), bookings that
 * an administrator approves from a queue, and the centre's locks. The spec fixes only the pages
 * (/venue public, /meetingVenue/meeting the calendar, /lock); the calls are ours, under
 * /ks/venue/v1.
 */
export const VENUE_PATHS = {
  /** Public: the rooms and the states of their cells over some days; never who booked or why. */
  availability: '/ks/venue/v1/availability',
  rooms: '/ks/venue/v1/rooms',
  bookings: '/ks/venue/v1/bookings',
  approve: '/ks/venue/v1/bookings/approve',
  refuse: '/ks/venue/v1/bookings/refuse',
  cancel: '/ks/venue/v1/bookings/cancel',
  locks: '/ks/venue/v1/locks',
  unlock: '/ks/venue/v1/locks/release',
  /** The bookings tied to the sections of one trading project (the five-in-one 场地预约 tab). */
  projectBookings: '/ks/venue/v1/project-bookings',
} as const;

export const VENUE_MESSAGES = {
  roomNotFound: '场地不存在',
  roomInactive: '该场地已停用，不能预约',
  roomNameTaken: '场地名称已存在',
  bookingNotFound: '预约不存在',
  sectionNotFound: '标段不存在',
  endBeforeStart: '会议结束时间应在会议开始时间之后',
  pastDay: '不能预约今天之前的时段',
  pastLockDay: '不能锁定今天之前的时段',
  rangeTooLong: '一次最多选择31天',
  cellBooked: '所选时段已被预约',
  cellLocked: '所选时段已被锁定',
  notPending: '该预约已处理，不能再操作',
  stale: '该预约已被他人处理，请刷新后重试',
  cancelOwnOnly: '只能取消本单位的预约',
  refusalMissing: '请填写拒绝理由',
  lockReasonMissing: '请填写锁定原因',
  nothingLocked: '所选时段没有锁定的场地',
  bookersOnly: '只有企业账号和管理员可以预约场地',
  projectNotFound: '项目不存在',
} as const;

export const VENUE_ROOM_KINDS = ['开标室', '评标室', '会议室'] as const;
export type VenueRoomKind = (typeof VENUE_ROOM_KINDS)[number];
export const VENUE_HALVES = ['am', 'pm'] as const;
export type VenueHalf = (typeof VENUE_HALVES)[number];
export const VENUE_HALF_LABELS: Record<VenueHalf, string> = { am: '上午', pm: '下午' };
export const VENUE_PURPOSES = ['开标', '评标', '其他'] as const;
export type VenuePurpose = (typeof VENUE_PURPOSES)[number];
/** A cell's state as everyone may see it (domain guide §2: 0 可用, 1 已预约, 2 已锁定). */
export const VENUE_CELL_STATES = ['available', 'booked', 'locked'] as const;
export type VenueCellState = (typeof VENUE_CELL_STATES)[number];
export const VENUE_CELL_STATE_LABELS: Record<VenueCellState, string> = {
  available: '可预约',
  booked: '已预约',
  locked: '已锁定',
};
export const VENUE_BOOKING_STATES = ['pending', 'approved', 'refused', 'cancelled'] as const;
export type VenueBookingState = (typeof VENUE_BOOKING_STATES)[number];
export const VENUE_BOOKING_STATE_LABELS: Record<VenueBookingState, string> = {
  pending: '待审核',
  approved: '已通过',
  refused: '已拒绝',
  cancelled: '已取消',
};
export const VENUE_BOOKING_ACTIONS = ['approve', 'refuse', 'cancel'] as const;
export type VenueBookingAction = (typeof VENUE_BOOKING_ACTIONS)[number];
/** The longest range one booking or one lock may cover, in days. */
export const VENUE_MAX_RANGE_DAYS = 31;
/** The most days one availability answer covers. */
export const VENUE_MAX_VIEW_DAYS = 31;

/** A real calendar day, YYYY-MM-DD (2026-02-30 is refused, not rolled over). */
const isRealDay = (value: string) => {
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
};
const DaySchema = (message: string) =>
  z
    .string(message)
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine(isRealDay, message);
const HalfSchema = z.enum(VENUE_HALVES, '请选择上午或下午');

// ————— rooms —————
export const VenueRoomSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(VENUE_ROOM_KINDS),
  capacity: z.number().int(),
  location: z.string(),
  active: z.boolean(),
  version: z.number().int(),
});
export type VenueRoom = z.infer<typeof VenueRoomSchema>;
export const VenueRoomListEnvelopeSchema = envelopeOf(z.array(VenueRoomSchema));
export const VenueRoomEnvelopeSchema = envelopeOf(VenueRoomSchema);
export const CreateVenueRoomBodySchema = z.object({
  name: z.string('请输入场地名称').trim().min(1, '请输入场地名称').max(50, '场地名称不能超过50个字符'),
  kind: z.enum(VENUE_ROOM_KINDS, '请选择场地类型'),
  capacity: z
    .number('请输入容纳人数')
    .int('容纳人数须为整数')
    .min(1, '容纳人数至少为1')
    .max(10000, '容纳人数不能超过10000'),
  location: z.string().trim().max(100, '场地位置不能超过100个字符').default(''),
  active: z.boolean().default(true),
});
export type CreateVenueRoomBody = z.input<typeof CreateVenueRoomBodySchema>;
export const UpdateVenueRoomBodySchema = CreateVenueRoomBodySchema.extend({
  id: z.uuid(VENUE_MESSAGES.roomNotFound),
  version: z.number().int().min(1),
});
export type UpdateVenueRoomBody = z.input<typeof UpdateVenueRoomBodySchema>;

// ————— availability (public) —————
export const VenueAvailabilityQuerySchema = z.object({
  from: DaySchema('请选择开始日期'),
  days: z.coerce
    .number('天数须为数字')
    .int('天数须为整数')
    .min(1, '至少查看1天')
    .max(VENUE_MAX_VIEW_DAYS, `一次最多查看${VENUE_MAX_VIEW_DAYS}天`)
    .default(7),
});
export type VenueAvailabilityQuery = z.input<typeof VenueAvailabilityQuerySchema>;
export const VenueCellSchema = z.object({
  roomId: z.string(),
  day: z.string(),
  half: z.enum(VENUE_HALVES),
  state: z.enum(VENUE_CELL_STATES),
});
export type VenueCell = z.infer<typeof VenueCellSchema>;
export const VenueAvailabilitySchema = z.object({
  /** The days shown, in order (China's calendar). */
  days: z.array(z.string()),
  /** Today on the server's clock: earlier cells cannot be booked. */
  today: z.string(),
  /** The active rooms (public fields only). */
  rooms: z.array(VenueRoomSchema.pick({ id: true, name: true, kind: true, capacity: true, location: true })),
  /** Every cell of every room and day, in room, day, half order. */
  cells: z.array(VenueCellSchema),
});
export type VenueAvailability = z.infer<typeof VenueAvailabilitySchema>;
export const VenueAvailabilityEnvelopeSchema = envelopeOf(VenueAvailabilitySchema);

// ————— bookings —————
/** A cell range: from (day, half) to (day, half), both included. */
const rangeFields = {
  roomId: z.uuid(VENUE_MESSAGES.roomNotFound),
  fromDay: DaySchema('请选择开始日期'),
  fromHalf: HalfSchema,
  toDay: DaySchema('请选择结束日期'),
  toHalf: HalfSchema,
};
export const CreateVenueBookingBodySchema = z.object({
  ...rangeFields,
  purpose: z.enum(VENUE_PURPOSES, '请选择预约用途'),
  contactName: z.string('请输入联系人').trim().min(1, '请输入联系人').max(30, '联系人不能超过30个字符'),
  contactPhone: z
    .string('请输入联系电话')
    .trim()
    .regex(/^[0-9+\-() ]{5,20}$/, '联系电话格式不正确'),
  /** The bid section the room is for (opening, evaluation), through the trading module's port. */
  sectionId: z.uuid(VENUE_MESSAGES.sectionNotFound).nullable().default(null),
  remark: z.string().trim().max(200, '备注不能超过200个字符').default(''),
});
export type CreateVenueBookingBody = z.input<typeof CreateVenueBookingBodySchema>;

export const VenueSectionSummarySchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  projectName: z.string(),
});
export type VenueSectionSummary = z.infer<typeof VenueSectionSummarySchema>;

export const VenueBookingSchema = z.object({
  id: z.string(),
  roomId: z.string(),
  roomName: z.string(),
  fromDay: z.string(),
  fromHalf: z.enum(VENUE_HALVES),
  toDay: z.string(),
  toHalf: z.enum(VENUE_HALVES),
  purpose: z.enum(VENUE_PURPOSES),
  contactName: z.string(),
  contactPhone: z.string(),
  section: VenueSectionSummarySchema.nullable(),
  remark: z.string(),
  /** Who booked: the account's name and, for an enterprise, its enterprise's. */
  bookerName: z.string(),
  status: z.enum(VENUE_BOOKING_STATES),
  refusal: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** Whether the caller (or the caller's enterprise) made the booking. */
  own: z.boolean(),
  /** What the caller may do now, decided by the server: the buttons. */
  actions: z.array(z.enum(VENUE_BOOKING_ACTIONS)),
  version: z.number().int(),
});
export type VenueBooking = z.infer<typeof VenueBookingSchema>;
export const VenueBookingEnvelopeSchema = envelopeOf(VenueBookingSchema);
export const VenueBookingListQuerySchema = z.object({
  /** `mine`: the caller's (its enterprise's) bookings; `queue`: administrators' pending ones; `all`: administrators. */
  scope: z.enum(['mine', 'queue', 'all'], '查询范围不正确').default('mine'),
});
export type VenueBookingListQuery = z.input<typeof VenueBookingListQuerySchema>;
export const VenueBookingListSchema = z.object({
  records: z.array(VenueBookingSchema),
  /** Whether the caller decides bookings (administrators): the page shows the queue. */
  decides: z.boolean(),
});
export type VenueBookingList = z.infer<typeof VenueBookingListSchema>;
export const VenueBookingListEnvelopeSchema = envelopeOf(VenueBookingListSchema);
export const DecideVenueBookingBodySchema = z.object({
  id: z.uuid(VENUE_MESSAGES.bookingNotFound),
  version: z.number().int().min(1),
});
export type DecideVenueBookingBody = z.infer<typeof DecideVenueBookingBodySchema>;
export const RefuseVenueBookingBodySchema = DecideVenueBookingBodySchema.extend({
  refusal: z
    .string(VENUE_MESSAGES.refusalMissing)
    .trim()
    .min(1, VENUE_MESSAGES.refusalMissing)
    .max(200, '拒绝理由不能超过200个字符'),
});
export type RefuseVenueBookingBody = z.input<typeof RefuseVenueBookingBodySchema>;

// ————— a trading project's bookings (five-in-one 场地预约) —————
export const ProjectVenueBookingsQuerySchema = z.object({
  projectId: z.uuid(VENUE_MESSAGES.projectNotFound),
});
export type ProjectVenueBookingsQuery = z.input<typeof ProjectVenueBookingsQuerySchema>;
export const ProjectVenueBookingsSchema = z.object({
  /** The project's sections, in their order: the tab groups the bookings by them. */
  sections: z.array(z.object({ id: z.string(), code: z.string(), name: z.string() })),
  /** The bookings tied to those sections, newest first, each with the caller's `actions`. */
  records: z.array(VenueBookingSchema),
  /** Whether the caller may tie a booking to these sections (tenderee, agent, centre). */
  mayBook: z.boolean(),
});
export type ProjectVenueBookings = z.infer<typeof ProjectVenueBookingsSchema>;
export const ProjectVenueBookingsEnvelopeSchema = envelopeOf(ProjectVenueBookingsSchema);

// ————— locks (/lock) —————
export const VenueLockQuerySchema = VenueAvailabilityQuerySchema;
export type VenueLockQuery = VenueAvailabilityQuery;
export const VenueLockSchema = z.object({
  id: z.string(),
  roomId: z.string(),
  roomName: z.string(),
  day: z.string(),
  half: z.enum(VENUE_HALVES),
  reason: z.string(),
  lockedBy: z.string(),
  lockedAt: z.string(),
});
export type VenueLock = z.infer<typeof VenueLockSchema>;
export const VenueLockListEnvelopeSchema = envelopeOf(z.array(VenueLockSchema));
export const LockVenueBodySchema = z.object({
  ...rangeFields,
  reason: z
    .string(VENUE_MESSAGES.lockReasonMissing)
    .trim()
    .min(1, VENUE_MESSAGES.lockReasonMissing)
    .max(200, '锁定原因不能超过200个字符'),
});
export type LockVenueBody = z.input<typeof LockVenueBodySchema>;
export const UnlockVenueBodySchema = z.object(rangeFields);
export type UnlockVenueBody = z.input<typeof UnlockVenueBodySchema>;
/** How many cells a lock or unlock changed. */
export const VenueCellCountEnvelopeSchema = envelopeOf(z.object({ cells: z.number().int() }));
