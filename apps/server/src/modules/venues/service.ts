import {
  type CreateVenueBookingBody,
  type CreateVenueRoomBody,
  type DecideVenueBookingBody,
  type LockVenueBody,
  type ProjectVenueBookings,
  type ProjectVenueBookingsQuery,
  type RefuseVenueBookingBody,
  type UnlockVenueBody,
  type UpdateVenueRoomBody,
  VENUE_BOOKING_ACTIONS,
  VENUE_HALF_LABELS,
  VENUE_MESSAGES,
  type VenueAvailability,
  type VenueAvailabilityQuery,
  type VenueBooking,
  type VenueBookingAction,
  type VenueBookingList,
  type VenueBookingListQuery,
  type VenueBookingState,
  type VenueCellState,
  type VenueHalf,
  type VenueLock,
  type VenuePurpose,
  type VenueRoom,
  type VenueRoomKind,
} from '@ks/contract';
import type { Db } from '../../db/client.ts';
import type { SessionUser } from '../../platform/access.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { recordOperation } from '../../platform/operation-log.ts';
import { type CellRange, cellsOf, chinaToday, daysFrom } from './cells.ts';
import {
  type BookingRow,
  type CellKey,
  findRoom,
  insertBooking,
  insertCells,
  insertRoom,
  isUniqueViolation,
  listRooms,
  lockBooking,
  type NamedBookingRow,
  occupiedAmong,
  occupiedCells,
  type RoomRow,
  readBookings,
  readLocks,
  releaseLocks,
  roomNameTaken,
  updateBooking,
  updateRoom,
} from './repository.ts';
import type { SectionDirectory } from './sections.ts';

/**
 * 场地预约 (decision 0075, docs/domain.md §2). Enterprises (U) and the centre (M) book a room for a
 * range of half-days; a booking waits (待审核) until an administrator approves or refuses it; the
 * booker may cancel it until then. Approval writes the booking's cells, and the database allows one
 * occupant per cell (venue_cells_one_occupant): two approvals of one cell, or an approval over a
 * lock, cannot both commit. Administrators lock and unlock cells; a locked cell cannot be booked.
 */

type Part = 'centre' | 'booker';

/** Who may do what to a booking and in which states: the checks and the buttons both read this. */
const BOOKING_RULES: Record<
  VenueBookingAction,
  { parts: readonly Part[]; states: readonly VenueBookingState[] }
> = {
  approve: { parts: ['centre'], states: ['pending'] },
  refuse: { parts: ['centre'], states: ['pending'] },
  cancel: { parts: ['booker'], states: ['pending'] },
};

const isOwn = (caller: SessionUser, row: { bookedBy: string; enterpriseId: string | null }) =>
  row.bookedBy === caller.id || (caller.enterpriseId !== null && row.enterpriseId === caller.enterpriseId);

function partsOf(caller: SessionUser, row: { bookedBy: string; enterpriseId: string | null }): Part[] {
  const parts: Part[] = [];
  if (caller.loginRoleType === 'M') parts.push('centre');
  if ((caller.loginRoleType === 'M' || caller.loginRoleType === 'U') && isOwn(caller, row))
    parts.push('booker');
  return parts;
}

const mayDo = (action: VenueBookingAction, parts: Part[], status: string) =>
  BOOKING_RULES[action].parts.some((part) => parts.includes(part)) &&
  BOOKING_RULES[action].states.includes(status as VenueBookingState);

const roomOf = (row: RoomRow): VenueRoom => ({
  id: row.id,
  name: row.name,
  kind: row.kind as VenueRoomKind,
  capacity: row.capacity,
  location: row.location,
  active: row.active,
  version: row.version,
});

function bookingOf(
  { row, roomName, bookerName, enterpriseName }: NamedBookingRow,
  caller: SessionUser,
): VenueBooking {
  const parts = partsOf(caller, row);
  return {
    id: row.id,
    roomId: row.roomId,
    roomName,
    fromDay: row.fromDay,
    fromHalf: row.fromHalf as VenueHalf,
    toDay: row.toDay,
    toHalf: row.toHalf as VenueHalf,
    purpose: row.purpose as VenuePurpose,
    contactName: row.contactName,
    contactPhone: row.contactPhone,
    section: row.sectionId
      ? { id: row.sectionId, code: row.sectionCode, name: row.sectionName, projectName: row.projectName }
      : null,
    remark: row.remark,
    bookerName: enterpriseName ? `${enterpriseName}（${bookerName}）` : bookerName,
    status: row.status as VenueBookingState,
    refusal: row.refusal,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
    own: isOwn(caller, row),
    actions: VENUE_BOOKING_ACTIONS.filter((action) => mayDo(action, parts, row.status)),
    version: row.version,
  };
}

const rangeOfRow = (row: BookingRow): CellRange => ({
  fromDay: row.fromDay,
  fromHalf: row.fromHalf as VenueHalf,
  toDay: row.toDay,
  toHalf: row.toHalf as VenueHalf,
});

const rangeText = (range: CellRange) =>
  `${range.fromDay}${VENUE_HALF_LABELS[range.fromHalf]}至${range.toDay}${VENUE_HALF_LABELS[range.toHalf]}`;

/** Refuses cells already occupied: a lock first (it names why nothing can be booked), then a booking. */
function refuseOccupied(occupied: { state: string }[]) {
  if (occupied.some((cell) => cell.state === 'locked'))
    throw badRequest(VENUE_MESSAGES.cellLocked, { fromDay: VENUE_MESSAGES.cellLocked });
  if (occupied.length > 0)
    throw badRequest(VENUE_MESSAGES.cellBooked, { fromDay: VENUE_MESSAGES.cellBooked });
}

export class VenueService {
  constructor(
    private readonly db: Db,
    private readonly sections: SectionDirectory,
  ) {}

  // ————— availability (public) —————

  /** Every cell of every active room over the days: its state only, never who booked or why. */
  async availability(query: Required<VenueAvailabilityQuery>): Promise<VenueAvailability> {
    const days = daysFrom(query.from, Number(query.days));
    const rooms = await listRooms(this.db, true);
    const occupied = await occupiedCells(this.db, {
      roomIds: rooms.map((room) => room.id),
      fromDay: days[0] ?? query.from,
      toDay: days.at(-1) ?? query.from,
    });
    const stateOf = new Map(occupied.map((cell) => [`${cell.roomId}/${cell.day}/${cell.half}`, cell.state]));
    return {
      days,
      today: chinaToday(),
      rooms: rooms.map(({ id, name, kind, capacity, location }) => ({
        id,
        name,
        kind: kind as VenueRoomKind,
        capacity,
        location,
      })),
      cells: rooms.flatMap((room) =>
        days.flatMap((day) =>
          (['am', 'pm'] as const).map((half) => ({
            roomId: room.id,
            day,
            half,
            state: (stateOf.get(`${room.id}/${day}/${half}`) ?? 'available') as VenueCellState,
          })),
        ),
      ),
    };
  }

  // ————— rooms (administrators) —————

  async rooms(): Promise<VenueRoom[]> {
    return (await listRooms(this.db, false)).map(roomOf);
  }

  async createRoom(user: SessionUser, body: Required<CreateVenueRoomBody>, ip: string): Promise<VenueRoom> {
    return this.db.transaction(async (tx) => {
      if (await roomNameTaken(tx, body.name, null))
        throw badRequest(VENUE_MESSAGES.roomNameTaken, { name: VENUE_MESSAGES.roomNameTaken });
      const row = await insertRoom(tx, body);
      await recordOperation(tx, {
        user,
        action: '新增场地',
        targetType: 'venue_room',
        targetId: row.id,
        targetName: row.name,
        ip,
      });
      return roomOf(row);
    });
  }

  async updateRoom(user: SessionUser, body: Required<UpdateVenueRoomBody>, ip: string): Promise<VenueRoom> {
    return this.db.transaction(async (tx) => {
      const current = await findRoom(tx, body.id);
      if (!current) throw notFound(VENUE_MESSAGES.roomNotFound);
      if (await roomNameTaken(tx, body.name, body.id))
        throw badRequest(VENUE_MESSAGES.roomNameTaken, { name: VENUE_MESSAGES.roomNameTaken });
      const { id, version, ...values } = body;
      const row = await updateRoom(tx, id, version, values);
      if (!row) throw conflict('该场地已被他人修改，请刷新后重试');
      await recordOperation(tx, {
        user,
        action: '修改场地',
        targetType: 'venue_room',
        targetId: row.id,
        targetName: row.name,
        ip,
      });
      return roomOf(row);
    });
  }

  // ————— bookings —————

  /** The caller's (its enterprise's) bookings; administrators also the queue and every booking. */
  async bookings(user: SessionUser, query: Required<VenueBookingListQuery>): Promise<VenueBookingList> {
    const decides = user.loginRoleType === 'M';
    if (query.scope !== 'mine' && !decides) throw forbidden('只有管理员可以查看全部预约');
    const rows = await readBookings(
      this.db,
      query.scope === 'mine'
        ? { owner: { userId: user.id, enterpriseId: user.enterpriseId } }
        : query.scope === 'queue'
          ? { statuses: ['pending'] }
          : {},
    );
    return { records: rows.map((row) => bookingOf(row, user)), decides };
  }

  /**
   * The bookings tied to the sections of one trading project, for those who may read the project
   * (its parties, the centre, supervisors); to anyone else the project does not exist. Every such
   * booking is listed, whoever made it: reading the project is what entitles the caller to them.
   */
  async projectBookings(user: SessionUser, query: ProjectVenueBookingsQuery): Promise<ProjectVenueBookings> {
    const readable = await this.sections.projectSections(user, query.projectId);
    if (!readable) throw notFound(VENUE_MESSAGES.projectNotFound);
    const rows = await readBookings(this.db, { sectionIds: readable.sections.map((section) => section.id) });
    return {
      sections: readable.sections,
      records: rows.map((row) => bookingOf(row, user)),
      mayBook: readable.mayBook,
    };
  }

  private async one(db: Db, id: string, user: SessionUser): Promise<VenueBooking> {
    const [row] = await readBookings(db, { id });
    if (!row) throw notFound(VENUE_MESSAGES.bookingNotFound);
    return bookingOf(row, user);
  }

  async book(user: SessionUser, body: Required<CreateVenueBookingBody>, ip: string): Promise<VenueBooking> {
    if (user.loginRoleType !== 'M' && user.loginRoleType !== 'U') throw forbidden(VENUE_MESSAGES.bookersOnly);
    const cells = cellsOf(body);
    if (body.fromDay < chinaToday())
      throw badRequest(VENUE_MESSAGES.pastDay, { fromDay: VENUE_MESSAGES.pastDay });
    const section = body.sectionId ? await this.sections.sectionSummary(user, body.sectionId) : null;
    if (body.sectionId && !section)
      throw badRequest(VENUE_MESSAGES.sectionNotFound, { sectionId: VENUE_MESSAGES.sectionNotFound });
    const id = await this.db.transaction(async (tx) => {
      const room = await findRoom(tx, body.roomId);
      if (!room) throw badRequest(VENUE_MESSAGES.roomNotFound, { roomId: VENUE_MESSAGES.roomNotFound });
      if (!room.active)
        throw badRequest(VENUE_MESSAGES.roomInactive, { roomId: VENUE_MESSAGES.roomInactive });
      // Pending bookings may overlap (the queue decides); a booked or locked cell is refused now.
      refuseOccupied(await occupiedAmong(tx, room.id, cells));
      const id = await insertBooking(tx, {
        roomId: room.id,
        fromDay: body.fromDay,
        fromHalf: body.fromHalf,
        toDay: body.toDay,
        toHalf: body.toHalf,
        purpose: body.purpose,
        contactName: body.contactName,
        contactPhone: body.contactPhone,
        sectionId: section?.id ?? null,
        sectionCode: section?.code ?? '',
        sectionName: section?.name ?? '',
        projectName: section?.projectName ?? '',
        remark: body.remark,
        bookedBy: user.id,
        enterpriseId: user.enterpriseId,
      });
      await recordOperation(tx, {
        user,
        action: '预约场地',
        targetType: 'venue_booking',
        targetId: id,
        targetName: room.name,
        detail: `${rangeText(body)}，${body.purpose}`,
        ip,
      });
      return id;
    });
    return this.one(this.db, id, user);
  }

  /** The booking, locked, at the version the caller read, for `action` by the caller. */
  private async decidable(
    tx: Db,
    user: SessionUser,
    body: DecideVenueBookingBody,
    action: VenueBookingAction,
  ) {
    const row = await lockBooking(tx, body.id);
    if (!row) throw notFound(VENUE_MESSAGES.bookingNotFound);
    const parts = partsOf(user, row);
    if (!BOOKING_RULES[action].parts.some((part) => parts.includes(part)))
      throw forbidden(action === 'cancel' ? VENUE_MESSAGES.cancelOwnOnly : undefined);
    if (row.version !== body.version) throw conflict(VENUE_MESSAGES.stale);
    if (!BOOKING_RULES[action].states.includes(row.status as VenueBookingState))
      throw badRequest(VENUE_MESSAGES.notPending);
    return row;
  }

  /**
   * Approves a pending booking: its cells become booked. The check gives the clear message for what
   * is already committed; the unique index refuses what another approval or lock commits meanwhile
   * (the cells are written last, after the decision and its log entry).
   */
  async approve(user: SessionUser, body: DecideVenueBookingBody, ip: string): Promise<VenueBooking> {
    await this.db.transaction(async (tx) => {
      const row = await this.decidable(tx, user, body, 'approve');
      const range = rangeOfRow(row);
      const cells: CellKey[] = cellsOf(range);
      refuseOccupied(await occupiedAmong(tx, row.roomId, cells));
      await updateBooking(tx, row.id, { status: 'approved', decidedBy: user.id, decidedAt: new Date() });
      await recordOperation(tx, {
        user,
        action: '通过场地预约',
        targetType: 'venue_booking',
        targetId: row.id,
        detail: rangeText(range),
        ip,
      });
      try {
        await insertCells(
          tx,
          cells.map((cell) => ({
            ...cell,
            roomId: row.roomId,
            state: 'booked',
            bookingId: row.id,
            createdBy: user.id,
          })),
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(VENUE_MESSAGES.cellBooked);
        throw error;
      }
    });
    return this.one(this.db, body.id, user);
  }

  async refuse(user: SessionUser, body: Required<RefuseVenueBookingBody>, ip: string): Promise<VenueBooking> {
    await this.db.transaction(async (tx) => {
      const row = await this.decidable(tx, user, body, 'refuse');
      await updateBooking(tx, row.id, {
        status: 'refused',
        refusal: body.refusal,
        decidedBy: user.id,
        decidedAt: new Date(),
      });
      await recordOperation(tx, {
        user,
        action: '拒绝场地预约',
        targetType: 'venue_booking',
        targetId: row.id,
        detail: body.refusal,
        ip,
      });
    });
    return this.one(this.db, body.id, user);
  }

  async cancel(user: SessionUser, body: DecideVenueBookingBody, ip: string): Promise<VenueBooking> {
    await this.db.transaction(async (tx) => {
      const row = await this.decidable(tx, user, body, 'cancel');
      await updateBooking(tx, row.id, { status: 'cancelled' });
      await recordOperation(tx, {
        user,
        action: '取消场地预约',
        targetType: 'venue_booking',
        targetId: row.id,
        detail: rangeText(rangeOfRow(row)),
        ip,
      });
    });
    return this.one(this.db, body.id, user);
  }

  // ————— locks (administrators) —————

  async locks(query: Required<VenueAvailabilityQuery>): Promise<VenueLock[]> {
    const days = daysFrom(query.from, Number(query.days));
    const rows = await readLocks(this.db, {
      fromDay: days[0] ?? query.from,
      toDay: days.at(-1) ?? query.from,
    });
    return rows.map((row) => ({ ...row, half: row.half as VenueHalf, lockedAt: row.lockedAt.toISOString() }));
  }

  async lock(user: SessionUser, body: Required<LockVenueBody>, ip: string): Promise<{ cells: number }> {
    const cells = cellsOf(body);
    if (body.fromDay < chinaToday())
      throw badRequest(VENUE_MESSAGES.pastLockDay, { fromDay: VENUE_MESSAGES.pastLockDay });
    await this.db.transaction(async (tx) => {
      const room = await findRoom(tx, body.roomId);
      if (!room) throw badRequest(VENUE_MESSAGES.roomNotFound, { roomId: VENUE_MESSAGES.roomNotFound });
      refuseOccupied(await occupiedAmong(tx, room.id, cells));
      try {
        await insertCells(
          tx,
          cells.map((cell) => ({
            ...cell,
            roomId: room.id,
            state: 'locked',
            reason: body.reason,
            createdBy: user.id,
          })),
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(VENUE_MESSAGES.cellBooked);
        throw error;
      }
      await recordOperation(tx, {
        user,
        action: '锁定场地',
        targetType: 'venue_room',
        targetId: room.id,
        targetName: room.name,
        detail: `${rangeText(body)}：${body.reason}`,
        ip,
      });
    });
    return { cells: cells.length };
  }

  async unlock(user: SessionUser, body: UnlockVenueBody, ip: string): Promise<{ cells: number }> {
    const cells = cellsOf(body);
    return this.db.transaction(async (tx) => {
      const room = await findRoom(tx, body.roomId);
      if (!room) throw badRequest(VENUE_MESSAGES.roomNotFound, { roomId: VENUE_MESSAGES.roomNotFound });
      const released = await releaseLocks(tx, room.id, cells, user.id);
      if (released === 0)
        throw badRequest(VENUE_MESSAGES.nothingLocked, { fromDay: VENUE_MESSAGES.nothingLocked });
      await recordOperation(tx, {
        user,
        action: '解除场地锁定',
        targetType: 'venue_room',
        targetId: room.id,
        targetName: room.name,
        detail: `${rangeText(body)}，${released}个时段`,
        ip,
      });
      return { cells: released };
    });
  }
}
