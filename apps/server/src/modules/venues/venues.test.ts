import {
  ProjectVenueBookingsEnvelopeSchema,
  VENUE_MESSAGES,
  VENUE_PATHS,
  VenueAvailabilityEnvelopeSchema,
  VenueBookingEnvelopeSchema,
  VenueBookingListEnvelopeSchema,
  VenueLockListEnvelopeSchema,
  VenueRoomEnvelopeSchema,
} from '@ks/contract';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, type TestActor, unique, useTestApp } from '../../../test/helper.ts';
import { holdOperationLog, raceWhileHeld } from '../../../test/races.ts';
import { operationLogs, users } from '../../db/schema/identity.ts';
import { venueBookings, venueCells } from '../../db/schema/venues.ts';
import type { DemoSeed } from '../../engine/demo.ts';
import type { SessionUser } from '../../platform/access.ts';
import { chinaToday, daysFrom } from './cells.ts';
import { seedDemoVenues } from './demo.ts';
import { tradingSections } from './sections.ts';
import { VenueService } from './service.ts';

const getApp = useTestApp();

const [today = '', , , , , , , , , , day10 = '', day11 = '', day12 = '', day13 = ''] = daysFrom(
  chinaToday(),
  14,
);
const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 24 * 3600 * 1000).toISOString().slice(0, 10);

let admin: TestActor;
let enterprise: TestActor;
let other: TestActor;
let personnel: TestActor;
let developer: TestActor;

beforeAll(async () => {
  const app = getApp();
  [admin, enterprise, other, personnel, developer] = await Promise.all([
    createActor(app, 'M'),
    createActor(app, 'U'),
    createActor(app, 'U'),
    createActor(app, 'P'),
    createActor(app, 'D'),
  ]);
});

type Json = Record<string, unknown>;
const call = async (method: 'GET' | 'POST' | 'PUT', url: string, actor: TestActor | null, payload?: Json) => {
  const response = await getApp().inject({
    method,
    url,
    ...(actor ? { headers: actor.headers } : {}),
    ...(payload ? { payload } : {}),
  });
  return response.json() as { code: number; data: never; message: string };
};

async function newRoom(active = true) {
  const answer = await call('POST', VENUE_PATHS.rooms, admin, {
    name: unique('开标室'),
    kind: '开标室',
    capacity: 20,
    location: '三楼',
    active,
  });
  expect(answer.code).toBe(200);
  return VenueRoomEnvelopeSchema.parse(answer).data;
}

const bookingBody = (roomId: string, fromDay: string, toDay = fromDay, extra: Json = {}) => ({
  roomId,
  fromDay,
  fromHalf: 'am',
  toDay,
  toHalf: 'pm',
  purpose: '开标',
  contactName: '李工',
  contactPhone: '13900001111',
  ...extra,
});

async function book(actor: TestActor, body: Json) {
  const answer = await call('POST', VENUE_PATHS.bookings, actor, body);
  expect(answer).toMatchObject({ code: 200 });
  return VenueBookingEnvelopeSchema.parse(answer).data;
}

const bookingCount = async () =>
  Number((await getApp().db.select({ n: sql<number>`count(*)::int` }).from(venueBookings))[0]?.n ?? 0);
const cellCount = async () =>
  Number((await getApp().db.select({ n: sql<number>`count(*)::int` }).from(venueCells))[0]?.n ?? 0);

async function stateOf(roomId: string, day: string) {
  const answer = await call('GET', `${VENUE_PATHS.availability}?from=${day}&days=1`, null);
  const cells = VenueAvailabilityEnvelopeSchema.parse(answer).data.cells.filter(
    (cell) => cell.roomId === roomId,
  );
  return cells.map((cell) => cell.state);
}

describe('the venue routes, walked by every role', () => {
  it('answers each route to the roles it names, 403 to the others, 10000 without a session', async () => {
    const app = getApp();
    const routes = app.guardedRoutes.filter((route) => route.url.startsWith('/ks/venue/'));
    expect(routes.map((route) => `${route.method} ${route.url}`).sort()).toEqual(
      [
        `GET ${VENUE_PATHS.availability}`,
        `GET ${VENUE_PATHS.rooms}`,
        `POST ${VENUE_PATHS.rooms}`,
        `PUT ${VENUE_PATHS.rooms}`,
        `GET ${VENUE_PATHS.bookings}`,
        `POST ${VENUE_PATHS.bookings}`,
        `POST ${VENUE_PATHS.approve}`,
        `POST ${VENUE_PATHS.refuse}`,
        `POST ${VENUE_PATHS.cancel}`,
        `GET ${VENUE_PATHS.locks}`,
        `POST ${VENUE_PATHS.locks}`,
        `POST ${VENUE_PATHS.unlock}`,
        `GET ${VENUE_PATHS.projectBookings}`,
      ].sort(),
    );
    const expected: Record<string, string> = {
      [`GET ${VENUE_PATHS.availability}`]: 'public',
      [`GET ${VENUE_PATHS.rooms}`]: 'M',
      [`POST ${VENUE_PATHS.rooms}`]: 'M',
      [`PUT ${VENUE_PATHS.rooms}`]: 'M',
      [`GET ${VENUE_PATHS.bookings}`]: 'MU',
      [`POST ${VENUE_PATHS.bookings}`]: 'MU',
      [`POST ${VENUE_PATHS.approve}`]: 'M',
      [`POST ${VENUE_PATHS.refuse}`]: 'M',
      [`POST ${VENUE_PATHS.cancel}`]: 'MU',
      [`GET ${VENUE_PATHS.locks}`]: 'M',
      [`POST ${VENUE_PATHS.locks}`]: 'M',
      [`POST ${VENUE_PATHS.unlock}`]: 'M',
      [`GET ${VENUE_PATHS.projectBookings}`]: 'MU',
    };
    const callers: [string, TestActor | null][] = [
      ['M', admin],
      ['U', enterprise],
      ['U', other],
      ['P', personnel],
      ['D', developer],
      ['-', null],
    ];
    const query = `?from=${day10}&days=2`;
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const allowed = expected[key] ?? '';
      for (const [role, actor] of callers) {
        const url = route.method === 'GET' ? `${route.url}${query}` : route.url;
        const answer = await call(route.method as 'GET', url, actor, route.method === 'GET' ? undefined : {});
        const want =
          allowed === 'public' || (actor && allowed.includes(role)) ? 'passes' : actor ? 403 : 10000;
        const got = answer.code === 403 || answer.code === 10000 ? answer.code : 'passes';
        expect({ key, role, got }).toEqual({ key, role, got: want });
      }
    }
  });
});

describe('rooms', () => {
  it('refuses a second room of one name and a stale edit; an inactive room is not shown nor bookable', async () => {
    const room = await newRoom();
    const taken = await call('POST', VENUE_PATHS.rooms, admin, {
      name: room.name,
      kind: '会议室',
      capacity: 5,
    });
    expect(taken).toMatchObject({
      code: 400,
      message: VENUE_MESSAGES.roomNameTaken,
      data: { name: VENUE_MESSAGES.roomNameTaken },
    });
    const bad = await call('POST', VENUE_PATHS.rooms, admin, { name: '', kind: '仓库', capacity: 0 });
    expect(bad).toMatchObject({
      code: 400,
      data: { name: '请输入场地名称', kind: '请选择场地类型', capacity: '容纳人数至少为1' },
    });
    const edited = await call('PUT', VENUE_PATHS.rooms, admin, { ...room, active: false });
    expect(VenueRoomEnvelopeSchema.parse(edited).data).toMatchObject({
      active: false,
      version: room.version + 1,
    });
    const stale = await call('PUT', VENUE_PATHS.rooms, admin, { ...room, capacity: 99 });
    expect(stale.code).toBe(409);
    expect(await stateOf(room.id, day10)).toEqual([]);
    const refused = await call('POST', VENUE_PATHS.bookings, enterprise, bookingBody(room.id, day10));
    expect(refused).toMatchObject({ code: 400, message: VENUE_MESSAGES.roomInactive });
  });
});

describe('bookings', () => {
  it('a booking waits for approval, is the booker’s alone to see and cancel, and the public sees only states', async () => {
    const room = await newRoom();
    const mine = await book(enterprise, bookingBody(room.id, day10, day11, { remark: '秘密项目开标' }));
    expect(mine).toMatchObject({ status: 'pending', own: true, actions: ['cancel'], section: null });
    expect(await stateOf(room.id, day10)).toEqual(['available', 'available']);

    // Another enterprise sees none of it, and cannot act on it.
    const theirs = VenueBookingListEnvelopeSchema.parse(
      await call('GET', VENUE_PATHS.bookings, other, undefined),
    );
    expect(theirs.data.records.map((b) => b.id)).not.toContain(mine.id);
    expect(theirs.data.decides).toBe(false);
    expect((await call('GET', `${VENUE_PATHS.bookings}?scope=queue`, other)).code).toBe(403);
    expect((await call('GET', `${VENUE_PATHS.bookings}?scope=all`, enterprise)).code).toBe(403);
    expect(
      await call('POST', VENUE_PATHS.cancel, other, { id: mine.id, version: mine.version }),
    ).toMatchObject({
      code: 403,
      message: VENUE_MESSAGES.cancelOwnOnly,
    });
    expect(
      await call('POST', VENUE_PATHS.approve, enterprise, { id: mine.id, version: mine.version }),
    ).toMatchObject({ code: 403 });

    // The administrators' queue holds it with the deciding buttons.
    const queue = VenueBookingListEnvelopeSchema.parse(
      await call('GET', `${VENUE_PATHS.bookings}?scope=queue`, admin),
    );
    expect(queue.data.decides).toBe(true);
    expect(queue.data.records.find((b) => b.id === mine.id)).toMatchObject({
      own: false,
      actions: ['approve', 'refuse'],
    });

    // A stale decision is refused; the current one passes once.
    const stale = await call('POST', VENUE_PATHS.approve, admin, { id: mine.id, version: mine.version + 1 });
    expect(stale).toMatchObject({ code: 409, message: VENUE_MESSAGES.stale });
    const approved = VenueBookingEnvelopeSchema.parse(
      await call('POST', VENUE_PATHS.approve, admin, { id: mine.id, version: mine.version }),
    ).data;
    expect(approved).toMatchObject({ status: 'approved', actions: [], version: mine.version + 1 });
    expect(
      await call('POST', VENUE_PATHS.approve, admin, { id: mine.id, version: approved.version }),
    ).toMatchObject({
      code: 400,
      message: VENUE_MESSAGES.notPending,
    });
    expect(
      await call('POST', VENUE_PATHS.cancel, enterprise, { id: mine.id, version: approved.version }),
    ).toMatchObject({
      code: 400,
      message: VENUE_MESSAGES.notPending,
    });

    // Public: the cells are booked, and nothing tells who or why.
    const publicAnswer = await getApp().inject({
      method: 'GET',
      url: `${VENUE_PATHS.availability}?from=${day10}&days=2`,
    });
    expect(await stateOf(room.id, day10)).toEqual(['booked', 'booked']);
    expect(await stateOf(room.id, day11)).toEqual(['booked', 'booked']);
    expect(publicAnswer.body).not.toContain('秘密项目');
    expect(publicAnswer.body).not.toContain('李工');
    expect(publicAnswer.body).not.toContain(mine.bookerName);

    // A second booking of a booked cell is refused at once.
    const again = await call('POST', VENUE_PATHS.bookings, other, bookingBody(room.id, day11));
    expect(again).toMatchObject({ code: 400, message: VENUE_MESSAGES.cellBooked });

    const log = await getApp()
      .db.select({ action: operationLogs.action })
      .from(operationLogs)
      .where(eq(operationLogs.targetId, mine.id));
    expect(log.map((entry) => entry.action).sort()).toEqual(['通过场地预约', '预约场地'].sort());
  });

  it('the booker cancels a pending booking; an administrator refuses another with a reason', async () => {
    const room = await newRoom();
    const first = await book(enterprise, bookingBody(room.id, day12));
    const second = await book(other, bookingBody(room.id, day12));
    const cancelled = VenueBookingEnvelopeSchema.parse(
      await call('POST', VENUE_PATHS.cancel, enterprise, { id: first.id, version: first.version }),
    ).data;
    expect(cancelled).toMatchObject({ status: 'cancelled', actions: [] });
    const noReason = await call('POST', VENUE_PATHS.refuse, admin, {
      id: second.id,
      version: second.version,
      refusal: ' ',
    });
    expect(noReason).toMatchObject({ code: 400, message: VENUE_MESSAGES.refusalMissing });
    const refused = await call('POST', VENUE_PATHS.refuse, admin, {
      id: second.id,
      version: second.version,
      refusal: '该时段另有安排',
    });
    expect(refused).toMatchObject({ code: 200, data: { status: 'refused', refusal: '该时段另有安排' } });
    const seen = VenueBookingListEnvelopeSchema.parse(await call('GET', VENUE_PATHS.bookings, other)).data
      .records;
    expect(seen.find((b) => b.id === second.id)).toMatchObject({
      status: 'refused',
      refusal: '该时段另有安排',
      own: true,
    });
    expect(await stateOf(room.id, day12)).toEqual(['available', 'available']);
  });

  it('an administrator’s own booking offers it cancel as well as the decisions', async () => {
    const room = await newRoom();
    const own = await book(admin, bookingBody(room.id, day13));
    expect(own).toMatchObject({ own: true, actions: ['approve', 'refuse', 'cancel'] });
  });

  it('refuses bad input in Chinese and writes nothing', async () => {
    const room = await newRoom();
    const before = await bookingCount();
    const cases: [Json, string, string][] = [
      [{ fromDay: day11, toDay: day10 }, 'toDay', VENUE_MESSAGES.endBeforeStart],
      [
        { fromDay: day10, fromHalf: 'pm', toDay: day10, toHalf: 'am' },
        'toDay',
        VENUE_MESSAGES.endBeforeStart,
      ],
      [{ fromDay: yesterday, toDay: day10 }, 'fromDay', VENUE_MESSAGES.pastDay],
      [{ fromDay: '2026-02-30' }, 'fromDay', '请选择开始日期'],
      [{ sectionId: '00000000-0000-4000-8000-000000000000' }, 'sectionId', VENUE_MESSAGES.sectionNotFound],
      [{ contactName: '' }, 'contactName', '请输入联系人'],
      [{ contactPhone: 'abc' }, 'contactPhone', '联系电话格式不正确'],
      [{ purpose: '聚餐' }, 'purpose', '请选择预约用途'],
      [{ roomId: '00000000-0000-4000-8000-000000000000' }, 'roomId', VENUE_MESSAGES.roomNotFound],
      [{ toDay: daysFrom(day10, 40)[39] }, 'toDay', VENUE_MESSAGES.rangeTooLong],
    ];
    for (const [extra, field, message] of cases) {
      const answer = await call(
        'POST',
        VENUE_PATHS.bookings,
        enterprise,
        bookingBody(room.id, day10, day10, extra),
      );
      expect({
        extra,
        code: answer.code,
        message: answer.message,
        field: (answer.data as Json | null)?.[field],
      }).toEqual({
        extra,
        code: 400,
        message,
        field: message,
      });
    }
    expect(await bookingCount()).toBe(before);
  });
});

describe('locks', () => {
  it('a locked cell cannot be booked nor approved; unlocking frees it; a booked cell cannot be locked', async () => {
    const room = await newRoom();
    const pending = await book(enterprise, bookingBody(room.id, day10));
    const lockBody = {
      roomId: room.id,
      fromDay: day10,
      fromHalf: 'pm',
      toDay: day11,
      toHalf: 'am',
      reason: '设备检修',
    };
    expect(await call('POST', VENUE_PATHS.locks, admin, { ...lockBody, reason: '' })).toMatchObject({
      code: 400,
      message: VENUE_MESSAGES.lockReasonMissing,
    });
    expect(await call('POST', VENUE_PATHS.locks, admin, lockBody)).toMatchObject({
      code: 200,
      data: { cells: 2 },
    });
    expect(await stateOf(room.id, day10)).toEqual(['available', 'locked']);
    expect(await stateOf(room.id, day11)).toEqual(['locked', 'available']);
    const locks = VenueLockListEnvelopeSchema.parse(
      await call('GET', `${VENUE_PATHS.locks}?from=${day10}&days=2`, admin),
    ).data;
    expect(
      locks.filter((lock) => lock.roomId === room.id).map((lock) => [lock.day, lock.half, lock.reason]),
    ).toEqual([
      [day10, 'pm', '设备检修'],
      [day11, 'am', '设备检修'],
    ]);

    // Booking over the lock, approving a booking made before it, and locking twice are refused.
    expect(await call('POST', VENUE_PATHS.bookings, other, bookingBody(room.id, day11))).toMatchObject({
      code: 400,
      message: VENUE_MESSAGES.cellLocked,
    });
    const cells = await cellCount();
    expect(
      await call('POST', VENUE_PATHS.approve, admin, { id: pending.id, version: pending.version }),
    ).toMatchObject({
      code: 400,
      message: VENUE_MESSAGES.cellLocked,
    });
    expect(await call('POST', VENUE_PATHS.locks, admin, lockBody)).toMatchObject({
      code: 400,
      message: VENUE_MESSAGES.cellLocked,
    });
    expect(await cellCount()).toBe(cells);

    // Unlocking frees the cells; the booking made before the lock can then be approved, and its
    // cells cannot be locked.
    const unlock = { roomId: room.id, fromDay: day10, fromHalf: 'am', toDay: day11, toHalf: 'pm' };
    expect(await call('POST', VENUE_PATHS.unlock, admin, unlock)).toMatchObject({
      code: 200,
      data: { cells: 2 },
    });
    expect(await call('POST', VENUE_PATHS.unlock, admin, unlock)).toMatchObject({
      code: 400,
      message: VENUE_MESSAGES.nothingLocked,
    });
    expect(
      await call('POST', VENUE_PATHS.approve, admin, { id: pending.id, version: pending.version }),
    ).toMatchObject({
      code: 200,
      data: { status: 'approved' },
    });
    expect(await call('POST', VENUE_PATHS.locks, admin, lockBody)).toMatchObject({
      code: 400,
      message: VENUE_MESSAGES.cellBooked,
    });
    const log = await getApp()
      .db.select({ action: operationLogs.action })
      .from(operationLogs)
      .where(and(eq(operationLogs.targetId, room.id), eq(operationLogs.targetType, 'venue_room')));
    expect(log.map((entry) => entry.action).sort()).toEqual(['新增场地', '解除场地锁定', '锁定场地'].sort());
  });

  it('refuses a lock in the past', async () => {
    const room = await newRoom();
    const answer = await call('POST', VENUE_PATHS.locks, admin, {
      roomId: room.id,
      fromDay: yesterday,
      fromHalf: 'am',
      toDay: yesterday,
      toHalf: 'pm',
      reason: '检修',
    });
    expect(answer).toMatchObject({ code: 400, message: VENUE_MESSAGES.pastLockDay });
  });
});

describe('the demo', () => {
  it('makes three rooms, a booking in each state and a locked day through the service', async () => {
    const app = getApp();
    const sessionOf = async (actor: TestActor): Promise<SessionUser> => {
      const [row] = await app.db.select().from(users).where(eq(users.id, actor.id));
      if (!row) throw new Error('no user');
      return { ...row, sessionId: 'demo' };
    };
    const actors = {
      admin: await sessionOf(admin),
      enterprise: await sessionOf(enterprise),
    } as DemoSeed['actors'];
    await app.db.transaction((tx) =>
      seedDemoVenues({ db: tx, actors, ip: '127.0.0.1' }, new VenueService(tx, tradingSections(tx))),
    );
    const all = VenueBookingListEnvelopeSchema.parse(
      await call('GET', `${VENUE_PATHS.bookings}?scope=all`, admin),
    ).data;
    const demo = all.records.filter((b) => ['第一开标室', '第一评标室', '综合会议室'].includes(b.roomName));
    expect(demo.map((b) => b.status).sort()).toEqual(['approved', 'cancelled', 'pending', 'refused']);
    const grid = VenueAvailabilityEnvelopeSchema.parse(
      await call('GET', `${VENUE_PATHS.availability}?from=${today}&days=4`, null),
    ).data;
    const states = new Set(grid.cells.map((cell) => cell.state));
    expect([...states].sort()).toEqual(['available', 'booked', 'locked']);
  });
});

/**
 * Two pending bookings of one cell approved at the same time (PostgreSQL only: PGlite has one
 * session). The operation log is held, so both approvals pass their own check of the cells (neither
 * sees the other's) and wait at their log entry; released together, both go on to write the cell.
 * venue_cells_one_occupant lets one commit; without it both would be approved — the last test
 * drops the index and proves exactly that, so this race is one the check alone would lose.
 */
describe.runIf(process.env.DATABASE_URL)(
  'two approvals of one cell at the same time (needs DATABASE_URL)',
  () => {
    async function race(roomId: string) {
      const a = await book(enterprise, bookingBody(roomId, day12, day12, { fromHalf: 'pm' }));
      const b = await book(other, bookingBody(roomId, day12, day12, { fromHalf: 'pm' }));
      return raceWhileHeld(
        getApp(),
        holdOperationLog,
        [a, b].map(
          (booking) => () =>
            call('POST', VENUE_PATHS.approve, admin, { id: booking.id, version: booking.version }),
        ),
      );
    }

    const approvedCells = async (roomId: string) =>
      (
        await getApp()
          .db.select()
          .from(venueCells)
          .where(and(eq(venueCells.roomId, roomId), eq(venueCells.state, 'booked')))
      ).length;

    it('approves exactly one; the other is refused and nothing of it is written', async () => {
      const room = await newRoom();
      const answers = await race(room.id);
      expect(answers.map((answer) => answer.code).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.code === 409)?.message).toBe(VENUE_MESSAGES.cellBooked);
      expect(await approvedCells(room.id)).toBe(1);
      const statuses = await getApp()
        .db.select({ status: venueBookings.status })
        .from(venueBookings)
        .where(eq(venueBookings.roomId, room.id));
      expect(statuses.map((row) => row.status).sort()).toEqual(['approved', 'pending']);
    });

    // Last in the file: it drops the index from this file's database.
    it('the same race without the unique index approves both: the index is what keeps one', async () => {
      await getApp().db.execute(sql`drop index venue_cells_one_occupant`);
      const room = await newRoom();
      const answers = await race(room.id);
      expect(answers.map((answer) => answer.code)).toEqual([200, 200]);
      expect(await approvedCells(room.id)).toBe(2);
    });
  },
);

describe('a booking tied to a bid section (the trading module’s port)', () => {
  /** A China date `days` ahead, rolled past a weekend (this database's calendar has no holidays). */
  const planned = (days: number, hour: number) => {
    const ahead = daysFrom(chinaToday(), days + 3);
    let index = days;
    while ([0, 6].includes(new Date(`${ahead[index]}T00:00:00Z`).getUTCDay())) index += 1;
    return `${ahead[index]} ${String(hour).padStart(2, '0')}:00`;
  };
  const day = (days: number, hour: number) => `${daysFrom(chinaToday(), days + 1)[days]} ${hour}:00`;

  type EnteredSection = { id: string; code: string; name: string };
  /** A project entered through the trading module's own route by `actor`, with its sections. */
  async function enterProject(
    actor: TestActor,
    party: Json = { capacity: 'tenderee' },
    sectionNames = ['施工标段'],
  ) {
    const entered = await call('POST', '/ks/xmrc/v1/bd/save', actor, {
      name: unique('场地项目'),
      ...party,
      principal: '张三',
      principalPhone: '13912345678',
      sections: sectionNames.map((name) => ({
        name,
        type: '施工',
        estimatePrice: 1_000_000,
        controlPrice: 950_000,
        controlPriceNote: '',
        qualification: '建筑工程施工总承包二级',
        evaluationMethod: '综合评估法',
        noticeAt: day(5, 9).replace(' 9:', ' 09:'),
        saleStartAt: day(6, 9).replace(' 9:', ' 09:'),
        saleEndAt: day(11, 17),
        bidDeadlineAt: planned(30, 9),
        openingAt: planned(30, 9),
      })),
    });
    expect(entered.code, entered.message).toBe(200);
    return entered.data as { id: string; sections: EnteredSection[] };
  }

  it('names the section for the project’s own party; another enterprise is told it does not exist', async () => {
    const [section] = (await enterProject(enterprise)).sections;
    if (!section) throw new Error('no section');
    const room = await newRoom();
    const before = await bookingCount();
    const refused = await call(
      'POST',
      VENUE_PATHS.bookings,
      other,
      bookingBody(room.id, day10, day10, { sectionId: section.id }),
    );
    expect(refused).toMatchObject({ code: 400, data: { sectionId: VENUE_MESSAGES.sectionNotFound } });
    expect(await bookingCount()).toBe(before);
    const booked = await book(enterprise, bookingBody(room.id, day10, day10, { sectionId: section.id }));
    expect(booked.section).toMatchObject({ id: section.id, code: section.code, name: section.name });
  });

  const projectBookings = (actor: TestActor | null, projectId: string) =>
    call('GET', `${VENUE_PATHS.projectBookings}?projectId=${projectId}`, actor);

  it('lists a project’s section bookings to its parties, the centre and supervisors; 404 to anyone else', async () => {
    const supervisor = await createActor(getApp(), 'M', { roles: ['supervisor'] });
    const project = await enterProject(enterprise, { capacity: 'tenderee' }, ['施工标段', '监理标段']);
    const [first, second] = project.sections;
    if (!first || !second) throw new Error('no sections');
    const room = await newRoom();
    const unrelated = await newRoom();
    const mine = await book(enterprise, bookingBody(room.id, day11, day11, { sectionId: first.id }));
    const centres = await book(
      admin,
      bookingBody(room.id, day12, day12, { sectionId: second.id, purpose: '评标' }),
    );
    await book(other, bookingBody(unrelated.id, day11));

    const seen = async (actor: TestActor) => {
      const answer = await projectBookings(actor, project.id);
      expect(answer.code, answer.message).toBe(200);
      return ProjectVenueBookingsEnvelopeSchema.parse(answer).data;
    };
    const byTenderee = await seen(enterprise);
    expect(byTenderee.sections.map((section) => section.id)).toEqual([first.id, second.id]);
    expect(byTenderee.mayBook).toBe(true);
    expect(byTenderee.records.map((record) => record.id).sort()).toEqual([mine.id, centres.id].sort());
    const ownRow = byTenderee.records.find((record) => record.id === mine.id);
    expect(ownRow).toMatchObject({
      roomName: room.name,
      fromDay: day11,
      status: 'pending',
      own: true,
      actions: ['cancel'],
    });
    expect(ownRow?.section?.id).toBe(first.id);
    expect(byTenderee.records.find((record) => record.id === centres.id)).toMatchObject({
      own: false,
      actions: [],
    });

    const byCentre = await seen(admin);
    expect(byCentre.mayBook).toBe(true);
    expect(byCentre.records.find((record) => record.id === mine.id)?.actions).toEqual(['approve', 'refuse']);
    const bySupervisor = await seen(supervisor);
    expect(bySupervisor.mayBook).toBe(false);
    expect(bySupervisor.records).toHaveLength(2);

    // Another enterprise (a would-be bidder) is told the project does not exist, as for a missing one.
    expect(await projectBookings(other, project.id)).toMatchObject({
      code: 404,
      message: VENUE_MESSAGES.projectNotFound,
    });
    expect(await projectBookings(enterprise, crypto.randomUUID())).toMatchObject({
      code: 404,
      message: VENUE_MESSAGES.projectNotFound,
    });
    expect((await projectBookings(personnel, project.id)).code).toBe(403);
    expect((await projectBookings(developer, project.id)).code).toBe(403);
    expect((await projectBookings(null, project.id)).code).toBe(10000);
    const bad = await call('GET', `${VENUE_PATHS.projectBookings}?projectId=abc`, enterprise);
    expect(bad.code).toBe(400);
    expect(JSON.stringify(bad)).toContain(VENUE_MESSAGES.projectNotFound);
    const missing = await call('GET', VENUE_PATHS.projectBookings, enterprise);
    expect(missing.code).toBe(400);
  });

  it('answers an agent’s project to the agent, with an honest empty list before any booking', async () => {
    const agent = await createActor(getApp(), 'U');
    const project = await enterProject(agent, { capacity: 'agent', tendereeName: '某区教育局' });
    const answer = await projectBookings(agent, project.id);
    expect(answer.code, answer.message).toBe(200);
    const data = ProjectVenueBookingsEnvelopeSchema.parse(answer).data;
    expect(data).toMatchObject({ records: [], mayBook: true });
    expect(data.sections).toHaveLength(1);
    expect((await projectBookings(enterprise, project.id)).code).toBe(404);
  });
});
