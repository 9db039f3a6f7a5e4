import {
  type ProjectVenueBookings,
  VENUE_BOOKING_STATE_LABELS,
  VENUE_HALF_LABELS,
  type VenueBooking,
  type VenueBookingState,
} from '@ks/contract/venues';
import { Button, Empty, Space, Spin, Table, Tag } from 'antd';
import { Link } from 'react-router';
import { useProjectVenueBookings } from '../api/trading-api.ts';

/** The calendar where rooms are booked (the venues feature's page). */
const MEETING_PAGE = '/meetingVenue/meeting';

const STATE_COLOURS: Record<VenueBookingState, string> = {
  pending: 'processing',
  approved: 'success',
  refused: 'error',
  cancelled: 'default',
};

const rangeOf = (b: VenueBooking) =>
  `${b.fromDay} ${VENUE_HALF_LABELS[b.fromHalf]} 至 ${b.toDay} ${VENUE_HALF_LABELS[b.toHalf]}`;

/** The bookings in the project's section order, the newest first within a section. */
function inSectionOrder(answer: ProjectVenueBookings): VenueBooking[] {
  const position = new Map(answer.sections.map((section, index) => [section.id, index]));
  const at = (booking: VenueBooking) => position.get(booking.section?.id ?? '') ?? answer.sections.length;
  return [...answer.records].sort((a, b) => at(a) - at(b));
}

/**
 * 场地预约 of the five-in-one page: the rooms booked for the project's sections, as the venues
 * module answers them. Booking itself happens on the venue calendar; the server says (`mayBook`)
 * whether the caller may tie a booking to these sections.
 */
export function VenueBookings({ projectId }: { projectId: string }) {
  const bookings = useProjectVenueBookings(projectId);
  if (bookings.isLoading) return <Spin />;
  if (!bookings.data) return <Empty description="场地预约加载失败，请稍后重试" />;
  const answer = bookings.data;
  const bookLink = answer.mayBook && (
    <Link to={MEETING_PAGE}>
      <Button type="primary">预约场地</Button>
    </Link>
  );
  if (answer.records.length === 0) return <Empty description="暂无场地预约">{bookLink}</Empty>;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {bookLink}
      <Table<VenueBooking>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={inSectionOrder(answer)}
        columns={[
          {
            title: '标段',
            key: 'section',
            render: (_, row) => (row.section ? `${row.section.code} ${row.section.name}` : ''),
          },
          { title: '场地', dataIndex: 'roomName' },
          { title: '时间', key: 'range', render: (_, row) => rangeOf(row) },
          { title: '用途', dataIndex: 'purpose' },
          {
            title: '状态',
            dataIndex: 'status',
            render: (status: VenueBookingState) => (
              <Tag color={STATE_COLOURS[status]}>{VENUE_BOOKING_STATE_LABELS[status]}</Tag>
            ),
          },
        ]}
      />
    </Space>
  );
}
