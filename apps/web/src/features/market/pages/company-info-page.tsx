import type { NativeValue } from '@ks/contract';
import {
  type CompanyInfoPart,
  MARKET_APPLY_PART,
  type MarketEnterprise,
  type MarketRecord,
} from '@ks/contract/market';
import { EDITABLE_STATUSES, type RecordStatus, statusColor, statusName } from '@ks/contract/records';
import {
  Button,
  Card,
  Descriptions,
  Input,
  Skeleton,
  Space,
  Table,
  type TableColumnsType,
  Tabs,
  Tag,
} from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmptyMessage, EmptyState } from '@/components/empty-state.tsx';
import { formatTime } from '@/lib/format-time.ts';
import { useSessionStore } from '@/lib/session-store.ts';
import { detailPath, indexPath } from '../../../shared/record-paths.ts';
import { useCompanyInfo, useEnterprises } from '../api/market-api.ts';

const PAGE_SIZE = 10;

const cell = (value: NativeValue | undefined) =>
  value === null || value === undefined || value === ''
    ? '—'
    : Array.isArray(value)
      ? value.join('、')
      : typeof value === 'boolean'
        ? value
          ? '是'
          : '否'
        : String(value);

/**
 * 企业信息 (/system/companyInfo): an enterprise's information by part — basic
 * information, qualifications, safety licence, branches, contacts, performance — each part's
 * records with their audit states and the way into the records' own forms. An enterprise sees and
 * edits its own; administrators (`type=1`, the header's link) pick an enterprise from the list
 * first. `apply=true` opens on the qualifications (the practice application's part).
 */
export function CompanyInfoPage() {
  const role = useSessionStore((state) => state.userInfo?.loginRoleType);
  const [params, setParams] = useSearchParams();
  const chosen = params.get('id') ?? '';
  const apply = params.get('apply') === 'true';
  const choose = (userId: string) => {
    const next = new URLSearchParams(params);
    if (userId) next.set('id', userId);
    else next.delete('id');
    setParams(next);
  };
  return (
    <div className="ks-page">
      <Card title={<h1 className="ks-page-title">企业信息</h1>}>
        {/* Administrators and enterprises only: the route's role gate turns the others away. */}
        {role === 'U' ? (
          <EnterpriseInfo userId="" apply={apply} editable />
        ) : chosen ? (
          <>
            <Button type="link" style={{ paddingLeft: 0 }} onClick={() => choose('')}>
              返回企业列表
            </Button>
            <EnterpriseInfo userId={chosen} apply={apply} editable={false} />
          </>
        ) : (
          <EnterpriseList onChoose={choose} />
        )}
      </Card>
    </div>
  );
}

function EnterpriseList({ onChoose }: { onChoose: (userId: string) => void }) {
  const [keyword, setKeyword] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const { data, isPending, isError } = useEnterprises({ keyword, pageNum, pageSize: PAGE_SIZE });
  const columns: TableColumnsType<MarketEnterprise> = [
    { title: '企业名称', dataIndex: 'enterpriseName' },
    { title: '统一社会信用代码', dataIndex: 'creditCode' },
    { title: '企业类型', dataIndex: 'qyType' },
    {
      title: '账号状态',
      dataIndex: 'status',
      align: 'center',
      render: (status: string) =>
        status === 'active' ? (
          <Tag color="green">正常</Tag>
        ) : (
          <Tag>{status === 'disabled' ? '已停用' : '未激活'}</Tag>
        ),
    },
    {
      title: '操作',
      key: 'open',
      render: (_: unknown, row) => (
        <Button type="link" onClick={() => onChoose(row.userId)}>
          查看企业信息
        </Button>
      ),
    },
  ];
  return (
    <>
      <Input.Search
        placeholder="企业名称或统一社会信用代码"
        allowClear
        enterButton="查询"
        style={{ maxWidth: 420, marginBottom: 16 }}
        onSearch={(value) => {
          setKeyword(value.trim());
          setPageNum(1);
        }}
      />
      {isError ? (
        <EmptyMessage text="企业列表加载失败，请稍后重试" />
      ) : (
        <Table
          rowKey="userId"
          loading={isPending}
          columns={columns}
          dataSource={data?.records ?? []}
          locale={{ emptyText: <EmptyMessage /> }}
          pagination={{
            current: pageNum,
            pageSize: PAGE_SIZE,
            total: data?.total ?? 0,
            onChange: setPageNum,
            showSizeChanger: false,
          }}
        />
      )}
    </>
  );
}

function EnterpriseInfo({ userId, apply, editable }: { userId: string; apply: boolean; editable: boolean }) {
  const { data: info, isPending, isError } = useCompanyInfo(userId);
  if (isPending) return <Skeleton active />;
  if (isError || !info) return <EmptyMessage />;
  const opening = info.parts.find((part) => part.part === (apply ? MARKET_APPLY_PART : 'basic'));
  return (
    <>
      <Descriptions column={{ xs: 1, md: 3 }} bordered size="small" style={{ marginBottom: 16 }}>
        <Descriptions.Item label="企业名称">{info.enterprise.enterpriseName}</Descriptions.Item>
        <Descriptions.Item label="统一社会信用代码">{info.enterprise.creditCode || '—'}</Descriptions.Item>
        <Descriptions.Item label="企业类型">{info.enterprise.qyType || '—'}</Descriptions.Item>
      </Descriptions>
      {info.parts.length === 0 ? (
        <EmptyMessage text="企业信息系统尚未建立，请联系管理员" />
      ) : (
        <Tabs
          defaultActiveKey={opening?.part ?? info.parts[0]?.part}
          items={info.parts.map((part) => ({
            key: part.part,
            label: `${part.title}（${part.records.length}）`,
            children: <PartTable part={part} editable={editable} />,
          }))}
        />
      )}
    </>
  );
}

function PartTable({ part, editable }: { part: CompanyInfoPart; editable: boolean }) {
  const navigate = useNavigate();
  const node = { systemCoding: part.systemCoding, gnCoding: part.gnCoding };
  const columns: TableColumnsType<MarketRecord> = [
    ...part.columns.map((column) => ({
      title: column.name,
      key: column.code,
      render: (_: unknown, record: MarketRecord) => cell(record.values[column.code]),
    })),
    {
      title: '状态',
      dataIndex: 'status',
      align: 'center',
      render: (status: string) => <Tag color={statusColor(status)}>{statusName(status)}</Tag>,
    },
    { title: '更新时间', dataIndex: 'updatedAt', render: (value: string) => formatTime(value) },
    {
      title: '操作',
      key: 'operations',
      render: (_: unknown, record) => (
        <Space size="small">
          <Link to={detailPath(node, record.id, true)}>查看</Link>
          {editable && EDITABLE_STATUSES.includes(record.status as RecordStatus) ? (
            <Link to={detailPath(node, record.id)}>编辑</Link>
          ) : null}
        </Space>
      ),
    },
  ];
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        {editable ? (
          <Button type="primary" onClick={() => navigate(detailPath(node))}>
            新增{part.title}
          </Button>
        ) : null}
        <Link to={indexPath(node)}>{editable ? '在列表中管理' : '在列表中审核'}</Link>
      </Space>
      {part.records.length === 0 ? (
        <EmptyState state={-2} area={{ id: part.gnCoding, title: part.title }} />
      ) : (
        <Table rowKey="id" columns={columns} dataSource={part.records} pagination={false} size="small" />
      )}
    </>
  );
}
