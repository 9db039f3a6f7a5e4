import { Card, Space, Typography } from 'antd';
import { useState } from 'react';
import { PageLoading } from '@/components/page-loading.tsx';
import { useAvailability } from '../api/venues-api.ts';
import { chinaToday, VenueGrid, VenueLegend, WeekSwitcher } from '../components/venue-grid.tsx';

/**
 * /venue (spec §2: public, no token): each room's half-days this week and the next ones, by state
 * only. Who booked and why are not in the answer, so they cannot be shown.
 */
export function VenuePage() {
  const [from, setFrom] = useState(chinaToday);
  const availability = useAvailability(from, 7);
  return (
    <Card>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          场地预约情况
        </Typography.Title>
        <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
          <WeekSwitcher from={from} onChange={setFrom} />
          <VenueLegend />
        </Space>
        {availability.data ? (
          <VenueGrid availability={availability.data} />
        ) : availability.isPending ? (
          <PageLoading />
        ) : null}
      </Space>
    </Card>
  );
}
