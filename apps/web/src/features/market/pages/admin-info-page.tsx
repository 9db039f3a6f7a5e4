import {
  ENTERPRISE_STATE_LABELS,
  ENTERPRISE_STATES,
  type EnterpriseListQuery,
  type MarketEnterprise,
  PROVINCE_NAMES,
} from '@ks/contract/market';
import { ENTERPRISE_TYPES } from '@ks/contract/session';
import { App, Button, Card, Input, Popconfirm, Select, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyMessage } from '@/components/empty-state.tsx';
import { ExportButton } from '@/components/export-button.tsx';
import { exportEnterprises, useEnterpriseState, useEnterprises } from '../api/market-api.ts';

const PAGE_SIZE = 10;
type Filters = Pick<EnterpriseListQuery, 'keyword' | 'qyType' | 'region' | 'state'>;

const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/**
 * 企业信息库 (/system/adminInfo, administrators only; decision 0053): every enterprise, searched by
 * name or credit code and filtered by type, region (the credit code's province) and state; each
 * opens its information (/system/companyInfo) and is enabled or disabled here — a disabled
 * enterprise's account cannot log in. The filtered list exports as xlsx.
 */
export function AdminInfoPage() {
  const { message } = App.useApp();
  const [filters, setFilters] = useState<Filters>({});
  const [pageNum, setPageNum] = useState(1);
  const { data, isPending, isError } = useEnterprises({ ...filters, pageNum, pageSize: PAGE_SIZE });
  const setState = useEnterpriseState();
  const filter = (patch: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPageNum(1);
  };
  const toggle = async (row: MarketEnterprise, enabled: boolean) => {
    try {
      await setState.mutateAsync({ id: row.userId, version: row.version ?? 1, enabled });
      message.success(enabled ? '已启用该企业' : '已停用该企业，该企业账号将不能登录');
    } catch {
      // The client has shown the server's message.
    }
  };
  const columns: TableColumnsType<MarketEnterprise> = [
    { title: '企业名称', dataIndex: 'enterpriseName' },
    { title: '统一社会信用代码', dataIndex: 'creditCode' },
    { title: '企业类型', dataIndex: 'qyType' },
    { title: '地区', dataIndex: 'region', render: (region: string) => region || '—' },
    {
      title: '状态',
      dataIndex: 'status',
      align: 'center',
      render: (status: string) =>
        status === 'active' ? (
          <Tag color="green">启用</Tag>
        ) : status === 'disabled' ? (
          <Tag color="red">停用</Tag>
        ) : (
          <Tag>未激活</Tag>
        ),
    },
    {
      title: '操作',
      key: 'operations',
      render: (_: unknown, row) => (
        <Space size={0}>
          <Link to={`/system/companyInfo?type=1&id=${row.userId}`}>详情</Link>
          {row.status === 'active' ? (
            <Popconfirm
              title={`确定停用“${row.enterpriseName}”吗？`}
              description="停用后该企业账号不能登录，已登录的会话立即失效。"
              onConfirm={() => toggle(row, false)}
            >
              <Button type="link" danger>
                停用
              </Button>
            </Popconfirm>
          ) : row.status === 'disabled' ? (
            <Popconfirm title={`确定启用“${row.enterpriseName}”吗？`} onConfirm={() => toggle(row, true)}>
              <Button type="link">启用</Button>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];
  return (
    <div className="ks-page">
      <Card title={<h1 className="ks-page-title">企业信息库</h1>}>
        <Space style={{ marginBottom: 16 }} wrap>
          <Input.Search
            placeholder="企业名称或统一社会信用代码"
            allowClear
            enterButton="查询"
            style={{ width: 340 }}
            onSearch={(value) => filter({ keyword: value.trim() || undefined })}
          />
          <Select
            aria-label="企业类型"
            placeholder="企业类型"
            allowClear
            style={{ width: 140 }}
            options={options(ENTERPRISE_TYPES)}
            value={filters.qyType}
            onChange={(qyType) => filter({ qyType })}
          />
          <Select
            aria-label="地区"
            placeholder="地区"
            allowClear
            showSearch
            style={{ width: 160 }}
            options={options(PROVINCE_NAMES)}
            value={filters.region}
            onChange={(region) => filter({ region })}
          />
          <Select
            aria-label="状态"
            placeholder="状态"
            allowClear
            style={{ width: 110 }}
            options={ENTERPRISE_STATES.map((value) => ({ value, label: ENTERPRISE_STATE_LABELS[value] }))}
            value={filters.state}
            onChange={(state) => filter({ state })}
          />
          <ExportButton disabled={!data?.total} onExport={() => exportEnterprises(filters)} />
        </Space>
        {isError ? (
          <EmptyMessage text="企业信息加载失败，请稍后重试" />
        ) : (
          <Table
            rowKey="userId"
            loading={isPending}
            columns={columns}
            dataSource={data?.records ?? []}
            locale={{ emptyText: <EmptyMessage text="没有符合条件的企业" /> }}
            pagination={{
              current: pageNum,
              pageSize: PAGE_SIZE,
              total: data?.total ?? 0,
              onChange: setPageNum,
              showSizeChanger: false,
              showTotal: (total) => `共 ${total} 家企业`,
            }}
          />
        )}
      </Card>
    </div>
  );
}
