import { CREDIT_CLASS_LABELS, CREDIT_CLASSES, type CreditClass, type CreditItem } from '@ks/contract/credit';
import { Card, Descriptions, Skeleton, Statistic, Table, type TableColumnsType, Tabs, Tag } from 'antd';
import { useSearchParams } from 'react-router';
import { EmptyMessage } from '@/components/empty-state.tsx';
import { formatTime } from '@/lib/format-time.ts';
import { useSessionStore } from '@/lib/session-store.ts';
import { useCreditRecord } from '../api/credit-api.ts';
import { GRADE_COLORS } from '../components/grade-colors.ts';
import { historyOption, LazyChart } from '../components/lazy-chart.tsx';

const columns = (creditClass: CreditClass): TableColumnsType<CreditItem> => [
  { title: '信用事项', dataIndex: 'itemName' },
  { title: creditClass === 'bad' ? '扣分' : '分数', dataIndex: 'score', align: 'right' },
  ...(creditClass === 'bad' ? [{ title: '失信等级', dataIndex: 'severity', align: 'center' as const }] : []),
  { title: '开始时间', dataIndex: 'startTime' },
  { title: '结束时间', dataIndex: 'endTime', render: (value: string | null) => value ?? '长期' },
  {
    title: '公示状态',
    dataIndex: 'counting',
    align: 'center',
    render: (counting: boolean) => (counting ? <Tag color="green">公示中</Tag> : <Tag>已过公示期</Tag>),
  },
];

/**
 * 企业信用信息 (/credit/companyInfo): one enterprise's credit file — score, grade, the history
 * chart and the approved items by class. Administrators open any enterprise (?userId=), an
 * enterprise its own.
 */
export function CompanyCreditPage() {
  const role = useSessionStore((state) => state.userInfo?.loginRoleType);
  const [params] = useSearchParams();
  const userId = params.get('userId') ?? '';
  const allowed = role === 'U' || (role === 'M' && userId !== '');
  return (
    <div className="ks-page">
      <Card title={<h1 className="ks-page-title">企业信用信息</h1>}>
        {/* Administrators and enterprises only: the route's role gate turns the others away. */}
        {allowed ? (
          <CreditFile userId={role === 'M' ? userId : ''} />
        ) : (
          <EmptyMessage text="请从信用公示名单中选择企业" />
        )}
      </Card>
    </div>
  );
}

function CreditFile({ userId }: { userId: string }) {
  const { data: record, isPending, isError } = useCreditRecord(userId);
  if (isPending) return <Skeleton active />;
  if (isError || !record) return <EmptyMessage />;
  return (
    <>
      <Descriptions column={{ xs: 1, md: 3 }} bordered size="small">
        <Descriptions.Item label="企业名称">{record.enterpriseName}</Descriptions.Item>
        <Descriptions.Item label="统一社会信用代码">{record.creditCode}</Descriptions.Item>
        <Descriptions.Item label="企业类型">{record.qyType}</Descriptions.Item>
      </Descriptions>
      <div style={{ display: 'flex', gap: 48, margin: '16px 0' }}>
        <Statistic title="信用分" value={record.score ?? '—'} />
        <Statistic
          title="信用等级"
          valueRender={() =>
            record.grade ? <Tag color={GRADE_COLORS[record.grade] ?? 'default'}>{record.grade}</Tag> : '—'
          }
        />
        <Statistic title="计算时间" value={record.computedAt ? formatTime(record.computedAt) : '—'} />
      </div>
      <Card type="inner" title="信用分走势" style={{ marginBottom: 16 }}>
        {record.history.length > 0 ? <LazyChart option={historyOption(record.history)} /> : <EmptyMessage />}
      </Card>
      <Tabs
        items={CREDIT_CLASSES.map((creditClass) => {
          const items = record.items.filter((item) => item.creditClass === creditClass);
          return {
            key: creditClass,
            label: `${CREDIT_CLASS_LABELS[creditClass]}（${items.length}）`,
            children: (
              <Table
                rowKey="id"
                size="small"
                columns={columns(creditClass)}
                dataSource={items}
                pagination={false}
                locale={{ emptyText: <EmptyMessage /> }}
              />
            ),
          };
        })}
      />
    </>
  );
}
