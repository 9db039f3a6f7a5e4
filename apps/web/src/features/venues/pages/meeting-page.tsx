import type { VenueCell } from '@ks/contract/venues';
import { App, Card, Space, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { PageLoading } from '@/components/page-loading.tsx';
import { useAvailability, useBookings } from '../api/venues-api.ts';
import { BookingDialog } from '../components/booking-dialog.tsx';
import { BookingTable } from '../components/booking-table.tsx';
import { chinaToday, VenueGrid, VenueLegend, WeekSwitcher } from '../components/venue-grid.tsx';

/** The administrators' queue, asked for only once the server says the caller decides. */
function Queue() {
  const queue = useBookings('queue');
  return <BookingTable bookings={queue.data?.records ?? []} loading={queue.isPending} />;
}

/**
 * /meetingVenue/meeting (spec §2, the calendar): the week's grid, where a free cell opens the
 * booking dialog; the caller's bookings; and the approval queue when the server says the caller
 * decides bookings.
 */
export function MeetingPage() {
  const [from, setFrom] = useState(chinaToday);
  const availability = useAvailability(from, 7);
  const mine = useBookings('mine');
  const [booking, setBooking] = useState<VenueCell | null>(null);
  const { message } = App.useApp();
  const onCell = (cell: VenueCell) => {
    if (cell.state === 'locked') return message.warning('该时段已锁定，不能预约');
    if (cell.state === 'booked') return message.warning('该时段已被预约');
    if (availability.data && cell.day < availability.data.today)
      return message.warning('不能预约今天之前的时段');
    setBooking(cell);
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            场地预约日历
          </Typography.Title>
          <Typography.Text type="secondary">点击可预约的时段提交预约，管理员审核通过后生效。</Typography.Text>
          <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
            <WeekSwitcher from={from} onChange={setFrom} />
            <VenueLegend />
          </Space>
          {availability.data ? (
            <VenueGrid availability={availability.data} onCell={onCell} />
          ) : availability.isPending ? (
            <PageLoading />
          ) : null}
        </Space>
      </Card>
      <Card>
        <Tabs
          items={[
            {
              key: 'mine',
              label: '我的预约',
              children: <BookingTable bookings={mine.data?.records ?? []} loading={mine.isPending} />,
            },
            ...(mine.data?.decides ? [{ key: 'queue', label: '预约审核', children: <Queue /> }] : []),
          ]}
        />
      </Card>
      {booking && availability.data ? (
        <BookingDialog cell={booking} rooms={availability.data.rooms} onClose={() => setBooking(null)} />
      ) : null}
    </Space>
  );
}
