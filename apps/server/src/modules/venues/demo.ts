import type { DemoSeed } from '../../engine/demo.ts';
import { chinaDateOf } from '../calendar/public.ts';
import { approvedSections } from '../trading/public.ts';
import { chinaToday, daysFrom } from './cells.ts';
import type { VenueService } from './service.ts';

/**
 * The venues' demo (decision 0075), made through the module's own service: three rooms, a booking
 * in each state (待审核, 已通过, 已拒绝, 已取消) and a locked day, all in the coming week so the
 * public grid and the calendar show them on first open; and the opening room booked by the centre
 * for the trading demo's approved section on its opening day, so its five-in-one 场地预约 tab shows it.
 */
export async function seedDemoVenues(
  seed: Pick<DemoSeed, 'db' | 'actors' | 'ip'>,
  venues: VenueService,
): Promise<void> {
  const { admin, enterprise } = seed.actors;
  const { ip } = seed;
  const opening = await venues.createRoom(
    admin,
    { name: '第一开标室', kind: '开标室', capacity: 40, location: '交易中心三楼301', active: true },
    ip,
  );
  const evaluation = await venues.createRoom(
    admin,
    { name: '第一评标室', kind: '评标室', capacity: 15, location: '交易中心四楼402', active: true },
    ip,
  );
  const meeting = await venues.createRoom(
    admin,
    { name: '综合会议室', kind: '会议室', capacity: 30, location: '交易中心二楼201', active: true },
    ip,
  );
  const [, day1, day2, day3] = daysFrom(chinaToday(), 4) as [string, string, string, string];
  const contact = { contactName: '张敏', contactPhone: '13800138000', sectionId: null };
  const book = (
    roomId: string,
    fromDay: string,
    fromHalf: 'am' | 'pm',
    toDay: string,
    toHalf: 'am' | 'pm',
    purpose: '开标' | '评标' | '其他',
    remark: string,
  ) => venues.book(enterprise, { roomId, fromDay, fromHalf, toDay, toHalf, purpose, remark, ...contact }, ip);

  const approved = await book(opening.id, day1, 'am', day1, 'am', '开标', '市政道路改造工程施工开标');
  await venues.approve(admin, { id: approved.id, version: approved.version }, ip);
  await book(evaluation.id, day1, 'pm', day2, 'am', '评标', '市政道路改造工程施工评标');
  const refused = await book(meeting.id, day2, 'pm', day2, 'pm', '其他', '投标人培训会');
  await venues.refuse(
    admin,
    { id: refused.id, version: refused.version, refusal: '该时段会议室另有安排，请改约其他时段' },
    ip,
  );
  const cancelled = await book(opening.id, day3, 'am', day3, 'pm', '开标', '监理服务开标');
  await venues.cancel(enterprise, { id: cancelled.id, version: cancelled.version }, ip);
  await venues.lock(
    admin,
    { roomId: meeting.id, fromDay: day3, fromHalf: 'am', toDay: day3, toHalf: 'pm', reason: '设备检修' },
    ip,
  );

  // The trading demo's approved section (seeded before the venues), its opening in the room.
  const [section] = await approvedSections(seed.db, 1);
  if (section) {
    const day = chinaDateOf(section.openingAt);
    const half = chinaHourOf(section.openingAt) < 12 ? 'am' : 'pm';
    const forOpening = await venues.book(
      admin,
      {
        roomId: opening.id,
        fromDay: day,
        fromHalf: half,
        toDay: day,
        toHalf: half,
        purpose: '开标',
        remark: `${section.projectName} ${section.name}开标`,
        contactName: '张敏',
        contactPhone: '13800138000',
        sectionId: section.id,
      },
      ip,
    );
    await venues.approve(admin, { id: forOpening.id, version: forOpening.version }, ip);
  }
}

const CHINA_HOUR = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Shanghai',
  hour: '2-digit',
  hourCycle: 'h23',
});
const chinaHourOf = (instant: Date) => Number(CHINA_HOUR.format(instant));
