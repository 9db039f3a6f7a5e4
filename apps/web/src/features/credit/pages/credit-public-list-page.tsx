import type { CreditListRow } from '@ks/contract/credit';
import { ENTERPRISE_TYPES } from '@ks/contract/session';
import { Card, Input, Select, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyMessage } from '@/components/empty-state.tsx';
import { ExportButton } from '@/components/export-button.tsx';
import { TABLE_PAGE_SIZE_DEFAULT, TABLE_PAGE_SIZES } from '@/lib/constants.ts';
import { formatTime } from '@/lib/format-time.ts';
import { useSessionStore } from '@/lib/session-store.ts';
import { exportCreditList, useCreditList } from '../api/credit-api.ts';
import { GRADE_COLORS } from '../components/grade-colors.ts';

/**
 * 信用公示 (/credit/creditPublicList): scored enterprises with their grade, filtered and paged.
 * Developers build systems and read no enterprise data: the route's role gate turns them away.
 */
export function CreditPublicListPage() {
  const role = useSessionStore((state) => state.userInfo?.loginRoleType);
  return <CreditPublicList viewer={role} />;
}

/**
 * The same list for visitors without a session (the public-service variant's portal page): no
 * credit file links and no export, only what the server publishes to anybody.
 */
export function AnonymousCreditPublicList() {
  return <CreditPublicList viewer={undefined} />;
}

/** Rows without an account id (a visitor's) are told apart by their published fields. */
const rowKey = (row: CreditListRow) => row.userId ?? `${row.creditCode}|${row.enterpriseName}`;

/** `viewer`: the caller's role, none for a visitor without a session. */
function CreditPublicList({ viewer }: { viewer: string | undefined }) {
  const [filters, setFilters] = useState({ qyType: '', grade: '', keyword: '' });
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ pageNum: 1, pageSize: TABLE_PAGE_SIZE_DEFAULT });
  const { data, isFetching } = useCreditList({ ...filters, ...page });
  const columns: TableColumnsType<CreditListRow> = [
    {
      title: '序号',
      key: 'index',
      width: 70,
      render: (_v, _r, index) => (page.pageNum - 1) * page.pageSize + index + 1,
    },
    {
      title: '企业名称',
      dataIndex: 'enterpriseName',
      render: (name: string, row) =>
        viewer === 'M' && row.userId ? (
          <Link to={`/credit/companyInfo?userId=${row.userId}`}>{name}</Link>
        ) : (
          name
        ),
    },
    { title: '统一社会信用代码', dataIndex: 'creditCode' },
    { title: '企业类型', dataIndex: 'qyType' },
    { title: '信用分', dataIndex: 'score', align: 'right' },
    {
      title: '信用等级',
      dataIndex: 'grade',
      align: 'center',
      render: (grade: string) => <Tag color={GRADE_COLORS[grade] ?? 'default'}>{grade}</Tag>,
    },
    { title: '计算时间', dataIndex: 'computedAt', render: (value: string) => formatTime(value) },
  ];
  const change = (next: Partial<typeof filters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage((current) => ({ ...current, pageNum: 1 }));
  };
  return (
    <div className="ks-page">
      <Card
        title={<h1 className="ks-page-title">信用公示</h1>}
        extra={viewer === 'M' ? <ExportButton onExport={() => exportCreditList(filters)} /> : null}
      >
        <Space wrap style={{ marginBottom: 16 }}>
          <Select
            aria-label="企业类型"
            placeholder="企业类型"
            allowClear
            style={{ width: 160 }}
            value={filters.qyType || undefined}
            onChange={(value?: string) => change({ qyType: value ?? '' })}
            options={ENTERPRISE_TYPES.map((value) => ({ value, label: value }))}
          />
          <Select
            aria-label="信用等级"
            placeholder="信用等级"
            allowClear
            style={{ width: 140 }}
            value={filters.grade || undefined}
            onChange={(value?: string) => change({ grade: value ?? '' })}
            options={(data?.grades ?? []).map((grade) => ({ value: grade, label: grade }))}
          />
          <Input.Search
            aria-label="企业名称"
            placeholder="企业名称"
            allowClear
            value={keyword}
            onChange={(event) => setKeyword(event.target.value)}
            onSearch={(value) => change({ keyword: value.trim() })}
          />
        </Space>
        <Table
          rowKey={rowKey}
          columns={columns}
          dataSource={data?.records ?? []}
          loading={isFetching}
          locale={{ emptyText: <EmptyMessage /> }}
          pagination={{
            current: page.pageNum,
            pageSize: page.pageSize,
            total: data?.total ?? 0,
            pageSizeOptions: TABLE_PAGE_SIZES.map(String),
            showSizeChanger: true,
            showTotal: (total) => `共 ${total} 条`,
            onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
          }}
        />
      </Card>
    </div>
  );
}
