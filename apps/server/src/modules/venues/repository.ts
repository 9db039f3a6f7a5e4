import { and, asc, desc, eq, gte, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { enterprises, users } from '../../db/schema/identity.ts';
import { venueBookings, venueCells, venueRooms } from '../../db/schema/venues.ts';

/** The venues module's SQL (decision 0070): rooms, bookings and the occupied cells. */

export type RoomRow = typeof venueRooms.$inferSelect;
export type BookingRow = typeof venueBookings.$inferSelect;
export type NamedBookingRow = {
  row: BookingRow;
  roomName: string;
  bookerName: string;
  enterpriseName: string | null;
};
export type CellKey = { day: string; half: string };
export type OccupiedCell = { id: string; roomId: string; day: string; half: string; state: string };

// ————— rooms —————

export async function listRooms(db: Db, activeOnly: boolean): Promise<RoomRow[]> {
  const live = isNull(venueRooms.deletedAt);
  return db
    .select()
    .from(venueRooms)
    .where(activeOnly ? and(live, eq(venueRooms.active, true)) : live)
    .orderBy(asc(venueRooms.kind), asc(venueRooms.name));
}

export async function findRoom(db: Db, id: string): Promise<RoomRow | undefined> {
  const [row] = await db
    .select()
    .from(venueRooms)
    .where(and(eq(venueRooms.id, id), isNull(venueRooms.deletedAt)));
  return row;
}

/** Whether another live room carries the name. */
export async function roomNameTaken(db: Db, name: string, exceptId: string | null): Promise<boolean> {
  const [row] = await db
    .select({ id: venueRooms.id })
    .from(venueRooms)
    .where(and(eq(venueRooms.name, name), isNull(venueRooms.deletedAt)));
  return row !== undefined && row.id !== exceptId;
}

type RoomValues = Pick<RoomRow, 'name' | 'kind' | 'capacity' | 'location' | 'active'>;

export async function insertRoom(db: Db, values: RoomValues): Promise<RoomRow> {
  const [row] = await db.insert(venueRooms).values(values).returning();
  if (!row) throw new Error('room not inserted');
  return row;
}

/** Updates the room at the version read; undefined when that version is no longer current. */
export async function updateRoom(db: Db, id: string, version: number, values: RoomValues) {
  const [row] = await db
    .update(venueRooms)
    .set({ ...values, version: sql`${venueRooms.version} + 1`, updatedAt: new Date() })
    .where(and(eq(venueRooms.id, id), eq(venueRooms.version, version), isNull(venueRooms.deletedAt)))
    .returning();
  return row;
}

// ————— cells —————

/** The occupied cells (booked or locked) of the rooms between two days, both included. */
export async function occupiedCells(
  db: Db,
  range: { roomIds?: string[]; fromDay: string; toDay: string },
): Promise<OccupiedCell[]> {
  const where: SQL[] = [
    inArray(venueCells.state, ['booked', 'locked']),
    gte(venueCells.day, range.fromDay),
    lte(venueCells.day, range.toDay),
  ];
  if (range.roomIds) {
    if (range.roomIds.length === 0) return [];
    where.push(inArray(venueCells.roomId, range.roomIds));
  }
  return db
    .select({
      id: venueCells.id,
      roomId: venueCells.roomId,
      day: venueCells.day,
      half: venueCells.half,
      state: venueCells.state,
    })
    .from(venueCells)
    .where(and(...where));
}

/** The occupied cells of one room among the given ones. */
export async function occupiedAmong(db: Db, roomId: string, cells: CellKey[]): Promise<OccupiedCell[]> {
  if (cells.length === 0) return [];
  const days = [...new Set(cells.map((cell) => cell.day))];
  const rows = await occupiedCells(db, {
    roomIds: [roomId],
    fromDay: days[0] ?? '',
    toDay: days.at(-1) ?? '',
  });
  const wanted = new Set(cells.map((cell) => `${cell.day}/${cell.half}`));
  return rows.filter((row) => wanted.has(`${row.day}/${row.half}`));
}

/**
 * Occupies cells. The partial unique index venue_cells_one_occupant refuses a cell already booked
 * or locked, even by a transaction that committed after this one read the cells free: the caller
 * turns that refusal (23505) into its message.
 */
export async function insertCells(
  tx: Db,
  rows: {
    roomId: string;
    day: string;
    half: string;
    state: 'booked' | 'locked';
    bookingId?: string;
    reason?: string;
    createdBy: string;
  }[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(venueCells).values(rows);
}

/** A unique-index refusal, as node-postgres or PGlite reports it (drizzle may wrap it). */
export const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

/** The live locks between two days, with who locked them. */
export async function readLocks(db: Db, range: { fromDay: string; toDay: string }) {
  return db
    .select({
      id: venueCells.id,
      roomId: venueCells.roomId,
      roomName: venueRooms.name,
      day: venueCells.day,
      half: venueCells.half,
      reason: venueCells.reason,
      lockedBy: sql<string>`coalesce(${users.userName}, '')`,
      lockedAt: venueCells.createdAt,
    })
    .from(venueCells)
    .innerJoin(venueRooms, eq(venueRooms.id, venueCells.roomId))
    .leftJoin(users, eq(users.id, venueCells.createdBy))
    .where(
      and(
        eq(venueCells.state, 'locked'),
        gte(venueCells.day, range.fromDay),
        lte(venueCells.day, range.toDay),
      ),
    )
    .orderBy(asc(venueRooms.name), asc(venueCells.day), asc(venueCells.half));
}

/** Lifts the locks of the given cells of a room; answers how many were lifted. */
export async function releaseLocks(tx: Db, roomId: string, cells: CellKey[], by: string): Promise<number> {
  if (cells.length === 0) return 0;
  const match = or(...cells.map((cell) => and(eq(venueCells.day, cell.day), eq(venueCells.half, cell.half))));
  const rows = await tx
    .update(venueCells)
    .set({ state: 'released', releasedBy: by, releasedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(venueCells.roomId, roomId), eq(venueCells.state, 'locked'), match))
    .returning({ id: venueCells.id });
  return rows.length;
}

// ————— bookings —————

export type BookingFilter = {
  id?: string;
  statuses?: string[];
  /** The bookings tied to one of these bid sections. */
  sectionIds?: readonly string[];
  /** The bookings of one user, or of one enterprise's accounts. */
  owner?: { userId: string; enterpriseId: string | null };
};

export async function readBookings(db: Db, filter: BookingFilter): Promise<NamedBookingRow[]> {
  const where: SQL[] = [isNull(venueBookings.deletedAt)];
  if (filter.id) where.push(eq(venueBookings.id, filter.id));
  if (filter.statuses) where.push(inArray(venueBookings.status, filter.statuses));
  if (filter.sectionIds) {
    if (filter.sectionIds.length === 0) return [];
    where.push(inArray(venueBookings.sectionId, [...filter.sectionIds]));
  }
  if (filter.owner) {
    const { userId, enterpriseId } = filter.owner;
    const mine = enterpriseId
      ? or(eq(venueBookings.bookedBy, userId), eq(venueBookings.enterpriseId, enterpriseId))
      : eq(venueBookings.bookedBy, userId);
    if (mine) where.push(mine);
  }
  const rows = await db
    .select({
      row: venueBookings,
      roomName: venueRooms.name,
      bookerName: users.userName,
      enterpriseName: enterprises.name,
    })
    .from(venueBookings)
    .innerJoin(venueRooms, eq(venueRooms.id, venueBookings.roomId))
    .innerJoin(users, eq(users.id, venueBookings.bookedBy))
    .leftJoin(enterprises, eq(enterprises.id, venueBookings.enterpriseId))
    .where(and(...where))
    .orderBy(desc(venueBookings.createdAt))
    .limit(500);
  return rows;
}

export async function insertBooking(
  tx: Db,
  values: Omit<typeof venueBookings.$inferInsert, 'id' | 'status' | 'version'>,
): Promise<string> {
  const [row] = await tx.insert(venueBookings).values(values).returning({ id: venueBookings.id });
  if (!row) throw new Error('booking not inserted');
  return row.id;
}

/** The booking, locked for the rest of the transaction. */
export async function lockBooking(tx: Db, id: string): Promise<BookingRow | undefined> {
  const [row] = await tx
    .select()
    .from(venueBookings)
    .where(and(eq(venueBookings.id, id), isNull(venueBookings.deletedAt)))
    .for('update');
  return row;
}

export async function updateBooking(
  tx: Db,
  id: string,
  values: Partial<Pick<BookingRow, 'status' | 'refusal' | 'decidedBy' | 'decidedAt'>>,
): Promise<void> {
  await tx
    .update(venueBookings)
    .set({ ...values, version: sql`${venueBookings.version} + 1`, updatedAt: new Date() })
    .where(eq(venueBookings.id, id));
}
