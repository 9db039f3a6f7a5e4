import { type FeedbackRecord, ratingLabelOf } from '@ks/contract/feedback';
import { Alert, Card, Result, Skeleton, Table } from 'antd';
import dayjs from 'dayjs';
import ReactECharts from 'echarts-for-react';
import { useState } from 'react';
import { TABLE_PAGE_SIZE_DEFAULT, TABLE_PAGE_SIZES } from '@/lib/constants.ts';
import { useSessionStore } from '@/lib/session-store.ts';
import { useFeedbackList, useFeedbackStats } from '../api/find-feedback.ts';

/** 意见反馈 (administrators): the ratings chart (counted on the server) and the collected feedback. */
export function FeedbackAdminPage() {
  const isAdmin = useSessionStore((state) => state.isAdmin);
  if (!isAdmin) return <Result status="403" title="无权限访问" subTitle="意见反馈仅限管理员查看" />;
  return (
    <div className="ks-page">
      <Card title={<h1 className="ks-page-title">意见反馈</h1>}>
        <RatingChart />
        <FeedbackTable />
      </Card>
    </div>
  );
}

function RatingChart() {
  const { data, isPending, isError } = useFeedbackStats();
  if (isPending) return <Skeleton active />;
  if (isError) return <Alert type="warning" showIcon title="评分统计加载失败，请稍后刷新重试" />;
  return (
    <section aria-label="评分统计">
      <h2 className="ks-section-title">评分统计（共 {data.total} 条反馈）</h2>
      <ul className="ks-visually-hidden">
        {data.ratings.map((r) => (
          <li key={r.rating}>{`${r.label}：${r.count}`}</li>
        ))}
      </ul>
      <ReactECharts
        style={{ height: 280 }}
        option={{
          tooltip: {},
          xAxis: { type: 'category', data: data.ratings.map((r) => r.label) },
          yAxis: { type: 'value', minInterval: 1 },
          series: [{ type: 'bar', name: '反馈数', data: data.ratings.map((r) => r.count) }],
        }}
      />
    </section>
  );
}

function FeedbackTable() {
  const [query, setQuery] = useState({ curPage: 1, pageSize: TABLE_PAGE_SIZE_DEFAULT });
  const { data, isPending } = useFeedbackList(query);
  return (
    <Table<FeedbackRecord>
      rowKey="id"
      loading={isPending}
      dataSource={data?.records ?? []}
      columns={[
        {
          title: '时间',
          dataIndex: 'createdAt',
          width: 170,
          render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
        },
        { title: '反馈人', dataIndex: 'userName', width: 120 },
        { title: '类别', dataIndex: 'roleType', width: 100 },
        {
          title: '评分',
          dataIndex: 'rating',
          width: 100,
          render: (v: number | null) => ratingLabelOf(v) || '未评分',
        },
        { title: '反馈内容', dataIndex: 'text' },
        {
          title: '问卷',
          dataIndex: 'answers',
          render: (answers: FeedbackRecord['answers']) =>
            answers.length === 0 ? '—' : answers.map((a) => `${a.question}${a.answer}`).join('；'),
        },
      ]}
      pagination={{
        current: query.curPage,
        pageSize: query.pageSize,
        total: data?.total ?? 0,
        pageSizeOptions: TABLE_PAGE_SIZES.map(String),
        showSizeChanger: true,
        showTotal: (total) => `共 ${total} 条`,
        onChange: (curPage, pageSize) => setQuery({ curPage, pageSize }),
      }}
    />
  );
}
