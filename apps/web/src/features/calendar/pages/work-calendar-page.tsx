import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { CALENDAR_DAY_KIND_LABELS, type CalendarDay } from '@ks/contract/calendar';
import { Alert, Button, Card, Empty, Space, Spin, Table, Typography } from 'antd';
import { useState } from 'react';
import { useCalendarYear } from '../api/calendar-api.ts';
import { chinaToday } from '../components/calendar-dates.ts';
import { DayDialog } from '../components/day-dialog.tsx';
import { YearGrid } from '../components/year-grid.tsx';

/**
 * 工作日历 (/system/workCalendar, administrators; the router gates it by the contract's page
 * roles): the centre's holidays and adjusted working days of a year. Every other date is a working
 * day from Monday to Friday. The rules of time (投标截止 rolling over, …) read this calendar.
 */
export function WorkCalendarPage() {
  const [year, setYear] = useState(() => Number(chinaToday().slice(0, 4)));
  const [picked, setPicked] = useState<string | null>(null);
  const { data, isPending, isError } = useCalendarYear(year);
  const days = data?.days ?? [];
  const entryOf = (date: string) => days.find((day) => day.day === date);

  return (
    <Card
      title={<h1 className="ks-page-title">工作日历</h1>}
      extra={
        <Space>
          <Button aria-label="上一年" icon={<LeftOutlined />} onClick={() => setYear(year - 1)} />
          <Typography.Text strong>{year}年</Typography.Text>
          <Button aria-label="下一年" icon={<RightOutlined />} onClick={() => setYear(year + 1)} />
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">
        本日历由交易中心维护，用于计算投标截止等时限是否落在工作日。未设置的日期按周一至周五工作、周六周日休息计算；点击日期可设置节假日或调休上班。
      </Typography.Paragraph>
      {isError && <Alert type="warning" showIcon title="工作日历加载失败，请稍后刷新重试" />}
      {isPending ? (
        <Spin />
      ) : (
        !isError && (
          <>
            {days.length === 0 && <Empty description={`${year}年尚未设置节假日和调休上班日`} />}
            <YearGrid year={year} days={days} onPick={setPicked} />
            {days.length > 0 && (
              <Table<CalendarDay>
                style={{ marginTop: 24 }}
                rowKey="id"
                size="small"
                pagination={false}
                dataSource={days}
                aria-label="本年设置"
                columns={[
                  { title: '日期', dataIndex: 'day' },
                  {
                    title: '类型',
                    dataIndex: 'kind',
                    render: (kind: CalendarDay['kind']) => CALENDAR_DAY_KIND_LABELS[kind],
                  },
                  { title: '名称', dataIndex: 'name' },
                ]}
              />
            )}
          </>
        )
      )}
      {picked && (
        <DayDialog key={picked} date={picked} entry={entryOf(picked)} onClose={() => setPicked(null)} />
      )}
    </Card>
  );
}
