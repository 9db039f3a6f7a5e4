import type { LoginRoleType } from '@ks/contract/session';
import { VENUE_MESSAGES } from '@ks/contract/venues';
import { screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeDeployConfig, makePlatformInfo } from '@/test/factories.ts';
import {
  failure,
  type MockAnswer,
  type MockHandler,
  mockFetch,
  ok,
  takeUnexpectedRequests,
} from '@/test/fetch-mock.ts';
import { renderRoute } from '@/test/render-route.tsx';
import { renderWidget } from '@/test/render-widget.tsx';
import { signInAs } from '@/test/sign-in.ts';
import { waitBound } from '@/test/waits.ts';
import {
  bookingList,
  makeAvailability,
  makeBooking,
  makeLock,
  makeTradeProject,
  ROOM_A,
  ROOM_B,
  TODAY,
  TOMORROW,
  tradeRow,
} from '../test-fixtures.ts';
import { LockPage } from './lock-page.tsx';
import { MeetingPage } from './meeting-page.tsx';
import { VenuePage } from './venue-page.tsx';

const WAIT = waitBound(3);
afterEach(() => expect(takeUnexpectedRequests()).toEqual([]));

/** Renders a page signed in as `role`, answering `routes` and recording each call's body. */
function renderAsRole(
  role: LoginRoleType,
  page: ReactNode,
  routes: Record<string, MockHandler | MockAnswer>,
) {
  const calls: { key: string; body: unknown }[] = [];
  mockFetch(
    Object.fromEntries(
      Object.entries(routes).map(([key, answer]): [string, MockHandler] => [
        key,
        async (request) => {
          calls.push({ key, body: request.body });
          return typeof answer === 'function' ? answer(request) : answer;
        },
      ]),
    ),
  );
  signInAs(role);
  const view = renderWidget(page);
  return { ...view, callsTo: (key: string) => calls.filter((call) => call.key === key) };
}

/** The option rows the open dropdown lists. */
const shownOptions = () =>
  [...document.querySelectorAll('.ant-select-item-option')].map((option) => option.textContent);

const AVAILABILITY = { 'GET /ks/venue/v1/availability': ok(makeAvailability()) };

describe('/venue (public)', () => {
  it('shows each room’s half-days by state, with the legend, without a session', async () => {
    const calls: string[] = [];
    mockFetch({
      'GET /ks/venue/v1/availability': ({ url, init }) => {
        calls.push(`${url.searchParams.get('from')}/${url.searchParams.get('days')}`);
        expect(new Headers(init.headers).get('Authorization')).toBeNull();
        return ok(makeAvailability());
      },
    });
    const { user } = renderWidget(<VenuePage />, '/venue');
    expect(await screen.findByText('场地预约情况', undefined, WAIT)).toBeTruthy();
    expect(await screen.findByTitle(`第一开标室 ${TOMORROW} 上午 已预约`, undefined, WAIT)).toBeTruthy();
    expect(screen.getByTitle(`综合会议室 ${TOMORROW} 下午 已锁定`)).toBeTruthy();
    expect(screen.getByTitle(`第一开标室 ${TOMORROW} 下午 可预约`)).toBeTruthy();
    expect(within(screen.getByLabelText('图例')).getByText('已锁定')).toBeTruthy();
    // The public grid only shows: no cell is a button.
    expect(screen.queryByRole('button', { name: /第一开标室/ })).toBeNull();
    expect(calls[0]).toBe(`${TODAY}/7`);
    await user.click(screen.getByRole('button', { name: '下一周' }));
    await waitFor(() => expect(calls.length).toBe(2), WAIT);
    expect(calls[1]?.endsWith('/7')).toBe(true);
  });
});

describe('/venue in the router', () => {
  it('opens without a token in the public frame', async () => {
    mockFetch({
      'GET /ks/common/deploy-config': ok(makeDeployConfig()),
      'GET /ks/common/platform-info': ok(makePlatformInfo()),
      ...AVAILABILITY,
    });
    renderRoute('/venue');
    expect(await screen.findByTitle(`综合会议室 ${TOMORROW} 下午 已锁定`, undefined, WAIT)).toBeTruthy();
    expect(screen.queryByText('此页面尚未开放')).toBeNull();
  });
});

describe('/meetingVenue/meeting', () => {
  it('books a free cell: the dialog starts there, and the server’s refusal shows under the field', async () => {
    let attempts = 0;
    const { user, callsTo } = renderAsRole('U', <MeetingPage />, {
      ...AVAILABILITY,
      'GET /ks/venue/v1/bookings': ok(bookingList([])),
      'GET /ks/trade/records': ok({ mayEnter: true, records: [] }),
      'POST /ks/venue/v1/bookings': () => {
        attempts++;
        return attempts === 1
          ? failure(400, 400, VENUE_MESSAGES.endBeforeStart, { toDay: VENUE_MESSAGES.endBeforeStart })
          : ok(makeBooking());
      },
    });
    expect(await screen.findByText('暂无预约', undefined, WAIT)).toBeTruthy();
    // No queue for a caller the server does not let decide.
    expect(screen.queryByRole('tab', { name: '预约审核' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: `第一开标室 ${TOMORROW} 下午 可预约` }, WAIT));
    const dialog = await screen.findByRole('dialog', undefined, WAIT);
    await user.type(within(dialog).getByLabelText('联系人'), '张敏');
    await user.type(within(dialog).getByLabelText('联系电话'), '13800138000');
    await user.click(within(dialog).getByRole('button', { name: '提交预约' }));
    expect(await within(dialog).findByText(VENUE_MESSAGES.endBeforeStart, undefined, WAIT)).toBeTruthy();
    expect(callsTo('POST /ks/venue/v1/bookings')[0]?.body).toMatchObject({
      roomId: ROOM_A,
      fromDay: TOMORROW,
      fromHalf: 'pm',
      toDay: TOMORROW,
      toHalf: 'pm',
      purpose: '开标',
      contactName: '张敏',
      contactPhone: '13800138000',
      sectionId: null,
    });
    await user.click(within(dialog).getByRole('button', { name: '提交预约' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
    expect(callsTo('POST /ks/venue/v1/bookings')).toHaveLength(2);
  });

  it('ties a booking to a section of a project the server lets the caller book for; 标段不存在 shows under the field', async () => {
    const project = makeTradeProject();
    const [section] = project.sections;
    let attempts = 0;
    const { user, callsTo } = renderAsRole('U', <MeetingPage />, {
      ...AVAILABILITY,
      'GET /ks/venue/v1/bookings': ok(bookingList([])),
      'GET /ks/trade/records': ok({
        mayEnter: true,
        records: [
          tradeRow(project),
          // Seen, but not a side that books: the server would refuse its sections.
          tradeRow({ ...makeTradeProject(), name: '监督查看的项目', side: 'supervisor' }),
          tradeRow({ ...makeTradeProject(), name: '投标的项目', side: 'bidder' }),
        ],
      }),
      [`GET /ks/trade/records/${project.id}`]: ok(project),
      'POST /ks/venue/v1/bookings': () => {
        attempts++;
        return attempts === 1
          ? failure(400, 400, VENUE_MESSAGES.sectionNotFound, { sectionId: VENUE_MESSAGES.sectionNotFound })
          : ok(makeBooking());
      },
    });
    await user.click(await screen.findByRole('button', { name: `第一开标室 ${TOMORROW} 下午 可预约` }, WAIT));
    const dialog = await screen.findByRole('dialog', undefined, WAIT);
    // The section waits for its project.
    expect(within(dialog).getByText('请先选择关联项目')).toBeTruthy();
    await user.click(within(dialog).getByLabelText('关联项目'));
    await waitFor(() => expect(shownOptions()).toEqual([`${project.code} ${project.name}`]), WAIT);
    await user.click(await screen.findByTitle(`${project.code} ${project.name}`, undefined, WAIT));
    await user.click(within(dialog).getByLabelText('关联标段'));
    const label = `${section?.code} ${section?.name}`;
    await user.click(await screen.findByTitle(label, undefined, WAIT));
    await user.type(within(dialog).getByLabelText('联系人'), '张敏');
    await user.type(within(dialog).getByLabelText('联系电话'), '13800138000');
    await user.click(within(dialog).getByRole('button', { name: '提交预约' }));
    expect(await within(dialog).findByText(VENUE_MESSAGES.sectionNotFound, undefined, WAIT)).toBeTruthy();
    const sent = callsTo('POST /ks/venue/v1/bookings')[0]?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ roomId: ROOM_A, sectionId: section?.id });
    // The project only narrows the choice; it is not part of the booking.
    expect(sent).not.toHaveProperty('projectId');
  });

  it('a booked or locked cell opens no dialog', async () => {
    const { user } = renderAsRole('U', <MeetingPage />, {
      ...AVAILABILITY,
      'GET /ks/venue/v1/bookings': ok(bookingList([])),
    });
    await user.click(await screen.findByRole('button', { name: `综合会议室 ${TOMORROW} 下午 已锁定` }, WAIT));
    expect(await screen.findByText('该时段已锁定，不能预约', undefined, WAIT)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: `第一开标室 ${TOMORROW} 上午 已预约` }));
    expect(await screen.findByText('该时段已被预约', undefined, WAIT)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers cancel only where the server lists it, and cancels after confirming', async () => {
    const pending = makeBooking();
    const refused = makeBooking({
      id: '2e0b9c58-4b20-4c66-9f33-7b7c2b8d9e03',
      status: 'refused',
      refusal: '该时段另有安排',
      actions: [],
    });
    const { user, callsTo } = renderAsRole('U', <MeetingPage />, {
      ...AVAILABILITY,
      'GET /ks/venue/v1/bookings': ok(bookingList([pending, refused])),
      'POST /ks/venue/v1/bookings/cancel': ok(makeBooking({ status: 'cancelled', actions: [], version: 2 })),
    });
    expect(await screen.findByText('理由：该时段另有安排', undefined, WAIT)).toBeTruthy();
    const buttons = await screen.findAllByRole('button', { name: '取消预约' }, WAIT);
    expect(buttons).toHaveLength(1);
    expect(screen.queryByRole('button', { name: '通过' })).toBeNull();
    await user.click(buttons[0] as HTMLElement);
    await user.click(await screen.findByRole('button', { name: /确\s*定|OK/ }, WAIT));
    await waitFor(() => expect(callsTo('POST /ks/venue/v1/bookings/cancel')).toHaveLength(1), WAIT);
    expect(callsTo('POST /ks/venue/v1/bookings/cancel')[0]?.body).toEqual({ id: pending.id, version: 1 });
  });

  it('gives an administrator the queue: approve after confirming, refuse with a reason', async () => {
    const queued = makeBooking({
      own: false,
      actions: ['approve', 'refuse'],
      bookerName: '杭州某建设公司（李工）',
    });
    const { user, callsTo } = renderAsRole('M', <MeetingPage />, {
      ...AVAILABILITY,
      'GET /ks/venue/v1/bookings': ({ url }) =>
        url.searchParams.get('scope') === 'queue'
          ? ok(bookingList([queued], true))
          : ok(bookingList([], true)),
      'POST /ks/venue/v1/bookings/approve': ok({ ...queued, status: 'approved', actions: [], version: 2 }),
      'POST /ks/venue/v1/bookings/refuse': ok({ ...queued, status: 'refused', actions: [], version: 2 }),
    });
    await user.click(await screen.findByRole('tab', { name: '预约审核' }, WAIT));
    expect(await screen.findByText('杭州某建设公司（李工）', undefined, WAIT)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '通过' }));
    await user.click(await screen.findByRole('button', { name: /确\s*定|OK/ }, WAIT));
    await waitFor(() => expect(callsTo('POST /ks/venue/v1/bookings/approve')).toHaveLength(1), WAIT);
    await user.click(screen.getByRole('button', { name: /拒\s*绝/ }));
    const dialog = await screen.findByRole('dialog', undefined, WAIT);
    await user.click(within(dialog).getByRole('button', { name: /拒\s*绝/ }));
    expect(await within(dialog).findByText('请填写拒绝理由', undefined, WAIT)).toBeTruthy();
    await user.type(within(dialog).getByLabelText('拒绝理由'), '该时段另有安排');
    await user.click(within(dialog).getByRole('button', { name: /拒\s*绝/ }));
    await waitFor(() => expect(callsTo('POST /ks/venue/v1/bookings/refuse')).toHaveLength(1), WAIT);
    expect(callsTo('POST /ks/venue/v1/bookings/refuse')[0]?.body).toEqual({
      id: queued.id,
      version: 1,
      refusal: '该时段另有安排',
    });
  });
});

describe('/lock', () => {
  it('locks a free cell with a reason after confirming, and lifts a lock after confirming', async () => {
    const { user, callsTo } = renderAsRole('M', <LockPage />, {
      ...AVAILABILITY,
      'GET /ks/venue/v1/locks': ok([makeLock()]),
      'GET /ks/venue/v1/rooms': ok([]),
      'POST /ks/venue/v1/locks': ok({ cells: 1 }),
      'POST /ks/venue/v1/locks/release': ok({ cells: 1 }),
    });
    expect(await screen.findByText('设备检修', undefined, WAIT)).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: `第一开标室 ${TOMORROW} 下午 可预约` }, WAIT));
    const dialog = await screen.findByRole('dialog', { name: '锁定场地' }, WAIT);
    await user.type(within(dialog).getByLabelText('锁定原因'), '线路改造');
    await user.click(within(dialog).getByRole('button', { name: /锁\s*定/ }));
    expect((await screen.findAllByText('确定锁定所选时段？', undefined, WAIT)).length).toBeGreaterThan(0);
    expect(callsTo('POST /ks/venue/v1/locks')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: '确定锁定' }));
    await waitFor(() => expect(callsTo('POST /ks/venue/v1/locks')).toHaveLength(1), WAIT);
    expect(callsTo('POST /ks/venue/v1/locks')[0]?.body).toEqual({
      roomId: ROOM_A,
      fromDay: TOMORROW,
      fromHalf: 'pm',
      toDay: TOMORROW,
      toHalf: 'pm',
      reason: '线路改造',
    });

    await user.click(screen.getByRole('button', { name: `综合会议室 ${TOMORROW} 下午 已锁定` }));
    expect((await screen.findAllByText('确定解除该时段的锁定？', undefined, WAIT)).length).toBeGreaterThan(0);
    await user.click(screen.getAllByRole('button', { name: '解除锁定' }).at(-1) as HTMLElement);
    await waitFor(() => expect(callsTo('POST /ks/venue/v1/locks/release')).toHaveLength(1), WAIT);
    expect(callsTo('POST /ks/venue/v1/locks/release')[0]?.body).toEqual({
      roomId: ROOM_B,
      fromDay: TOMORROW,
      fromHalf: 'pm',
      toDay: TOMORROW,
      toHalf: 'pm',
    });
  });
});

describe('/lock: the rooms', () => {
  it('adds a room, and shows the server’s refusal under the name', async () => {
    let attempts = 0;
    const room = {
      id: ROOM_A,
      name: '第二开标室',
      kind: '开标室' as const,
      capacity: 30,
      location: '',
      active: true,
      version: 1,
    };
    const { user, callsTo } = renderAsRole('M', <LockPage />, {
      ...AVAILABILITY,
      'GET /ks/venue/v1/locks': ok([]),
      'GET /ks/venue/v1/rooms': ok([
        { ...room, id: ROOM_B, name: '综合会议室', kind: '会议室', active: false },
      ]),
      'POST /ks/venue/v1/rooms': () => {
        attempts++;
        return attempts === 1
          ? failure(400, 400, VENUE_MESSAGES.roomNameTaken, { name: VENUE_MESSAGES.roomNameTaken })
          : ok(room);
      },
    });
    expect(await screen.findByText('停用', undefined, WAIT)).toBeTruthy();
    expect(await screen.findByText('本周没有锁定的场地', undefined, WAIT)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '新增场地' }));
    const dialog = await screen.findByRole('dialog', { name: '新增场地' }, WAIT);
    await user.type(within(dialog).getByLabelText('场地名称'), '第二开标室');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText(VENUE_MESSAGES.roomNameTaken, undefined, WAIT)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(callsTo('POST /ks/venue/v1/rooms')).toHaveLength(2), WAIT);
    expect(callsTo('POST /ks/venue/v1/rooms')[1]?.body).toEqual({
      name: '第二开标室',
      kind: '开标室',
      capacity: 20,
      location: '',
      active: true,
    });
  });
});
