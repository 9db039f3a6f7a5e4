import type { Project, ProjectRow } from '@ks/contract/trading';
import type { VenueAvailability, VenueBooking, VenueBookingList, VenueLock } from '@ks/contract/venues';
import { makeRecordId } from '@/test/factories.ts';
import { addDays, chinaToday } from './components/venue-grid.tsx';

export const TODAY = chinaToday();
export const ROOM_A = '6f1d2c1e-5b8a-4c8e-9a57-0a3b1c2d3e4f';
export const ROOM_B = '7a2e3d2f-6c9b-4d9f-8b68-1b4c2d3e4f50';
export const TOMORROW = addDays(TODAY, 1);

/** A week of two rooms: A's tomorrow morning booked, B's tomorrow afternoon locked. */
export function makeAvailability(): VenueAvailability {
  const days = Array.from({ length: 7 }, (_, i) => addDays(TODAY, i));
  const rooms = [
    { id: ROOM_A, name: '第一开标室', kind: '开标室' as const, capacity: 40, location: '三楼301' },
    { id: ROOM_B, name: '综合会议室', kind: '会议室' as const, capacity: 30, location: '二楼201' },
  ];
  const stateOf = (roomId: string, day: string, half: 'am' | 'pm') =>
    roomId === ROOM_A && day === TOMORROW && half === 'am'
      ? ('booked' as const)
      : roomId === ROOM_B && day === TOMORROW && half === 'pm'
        ? ('locked' as const)
        : ('available' as const);
  return {
    days,
    today: TODAY,
    rooms,
    cells: rooms.flatMap((room) =>
      days.flatMap((day) =>
        (['am', 'pm'] as const).map((half) => ({
          roomId: room.id,
          day,
          half,
          state: stateOf(room.id, day, half),
        })),
      ),
    ),
  };
}

export function makeBooking(overrides: Partial<VenueBooking> = {}): VenueBooking {
  return {
    id: '0c8f7c36-2f0e-4a44-9d11-5f5a0f6b7c01',
    roomId: ROOM_A,
    roomName: '第一开标室',
    fromDay: TOMORROW,
    fromHalf: 'pm',
    toDay: TOMORROW,
    toHalf: 'pm',
    purpose: '开标',
    contactName: '张敏',
    contactPhone: '13800138000',
    section: null,
    remark: '',
    bookerName: 'KS演示建设集团有限公司（张敏）',
    status: 'pending',
    refusal: '',
    createdAt: '2026-11-29T02:00:00.000Z',
    decidedAt: null,
    own: true,
    actions: ['cancel'],
    version: 1,
    ...overrides,
  };
}

export const bookingList = (records: VenueBooking[], decides = false): VenueBookingList => ({
  records,
  decides,
});

export function makeLock(overrides: Partial<VenueLock> = {}): VenueLock {
  return {
    id: '1d9a8b47-3a1f-4b55-8e22-6a6b1a7c8d02',
    roomId: ROOM_B,
    roomName: '综合会议室',
    day: TOMORROW,
    half: 'pm',
    reason: '设备检修',
    lockedBy: '系统管理员',
    lockedAt: '2026-11-29T01:00:00.000Z',
    ...overrides,
  };
}

/** A trading project as GET /ks/trade/records/:id answers it, with one section. */
export function makeTradeProject(overrides: Partial<Project> = {}): Project {
  const id = makeRecordId();
  return {
    id,
    code: 'JY202611290001',
    name: '滨江路道路提升工程',
    state: 'approved',
    tendereeName: '某市城建投资有限公司',
    agentName: null,
    principal: '张三',
    principalPhone: '13912345678',
    returnReason: '',
    submittedAt: null,
    decidedAt: null,
    createdAt: '2026-11-29T08:00:00.000Z',
    version: 1,
    side: 'tenderee',
    actions: [],
    sections: [
      {
        id: makeRecordId(),
        code: 'JY202611290001-001',
        projectId: id,
        name: '施工标段',
        type: '施工',
        estimatePrice: 1_000_000,
        controlPrice: 950_000,
        controlPriceNote: '',
        qualification: '建筑工程施工总承包二级',
        evaluationMethod: '综合评估法',
        noticeAt: '2026-12-10 09:00',
        saleStartAt: '2026-12-11 09:00',
        saleEndAt: '2026-12-16 17:00',
        bidDeadlineAt: '2027-01-05 09:00',
        openingAt: '2027-01-05 09:00',
        attachmentCount: 0,
      },
    ],
    history: [],
    ...overrides,
  };
}

/** The project's row in GET /ks/trade/records. */
export const tradeRow = (project: Project): ProjectRow => ({
  id: project.id,
  code: project.code,
  name: project.name,
  state: project.state,
  tendereeName: project.tendereeName,
  agentName: project.agentName,
  sectionCount: project.sections.length,
  updatedAt: project.createdAt,
  side: project.side,
});
