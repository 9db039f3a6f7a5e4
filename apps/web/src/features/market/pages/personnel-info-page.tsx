import { MARKET_NODE_OF, MARKET_SYSTEM_CODING, type RegisteredPerson } from '@ks/contract/market';
import { statusColor, statusName } from '@ks/contract/records';
import { Button, Card, Input, Modal, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { EmptyMessage } from '@/components/empty-state.tsx';
import { useSessionStore } from '@/lib/session-store.ts';
import { detailPath } from '../../../shared/record-paths.ts';
import { usePersonnel } from '../api/market-api.ts';
import { CertificateLines, CertificateTable } from '../components/certificate-table.tsx';
import { RequestTransferButton, TransferTable } from '../components/transfers.tsx';

const PAGE_SIZE = 10;
const NODE = { systemCoding: MARKET_SYSTEM_CODING, gnCoding: MARKET_NODE_OF.personnel };

/**
 * 人员信息 (/system/personnelInfo): the registered personnel — an enterprise its own
 * staff (and the way to register one, or to ask for one registered elsewhere: 转注册),
 * administrators every enterprise's. ID numbers are masked. Each person's certificates are kept in
 * a dialog (decision 0059).
 */
export function PersonnelInfoPage() {
  const role = useSessionStore((state) => state.userInfo?.loginRoleType);
  return (
    <div className="ks-page">
      <Card title={<h1 className="ks-page-title">人员信息</h1>}>
        {/* Administrators and enterprises only: the route's role gate turns the others away. */}
        <PersonnelList admin={role === 'M'} />
      </Card>
      {role === 'U' ? (
        <Card title={<h2 className="ks-page-title">转注册</h2>} style={{ marginTop: 16 }}>
          <TransferTable open={false} emptyText="暂无转入或转出本企业的申请" />
        </Card>
      ) : null}
    </div>
  );
}

function PersonnelList({ admin }: { admin: boolean }) {
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const [certificatesOf, setCertificatesOf] = useState<string | null>(null);
  const { data, isPending, isError } = usePersonnel({ keyword, pageNum, pageSize: PAGE_SIZE });
  const shown = data?.records.find((row) => row.id === certificatesOf);
  const columns: TableColumnsType<RegisteredPerson> = [
    { title: '姓名', dataIndex: 'personName' },
    { title: '身份证号码', dataIndex: 'idNumber' },
    ...(admin ? [{ title: '所在企业', dataIndex: 'enterpriseName' }] : []),
    { title: '注册类别', dataIndex: 'registrationType' },
    {
      title: '注册证书',
      dataIndex: 'certificates',
      render: (_: unknown, row) => <CertificateLines certificates={row.certificates} />,
    },
    { title: '注册地区', dataIndex: 'region' },
    { title: '有效期至', dataIndex: 'expiryDate' },
    {
      title: '状态',
      dataIndex: 'status',
      align: 'center',
      render: (status: string) => <Tag color={statusColor(status)}>{statusName(status)}</Tag>,
    },
    {
      title: '操作',
      key: 'view',
      render: (_: unknown, row) => (
        <Space size={0}>
          <Link to={detailPath(NODE, row.id, true)}>查看</Link>
          <Button type="link" onClick={() => setCertificatesOf(row.id)}>
            证书
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <>
      <Space style={{ marginBottom: 16 }} wrap>
        <Input.Search
          placeholder="姓名或注册证书编号"
          allowClear
          enterButton="查询"
          style={{ width: 360 }}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPageNum(1);
          }}
        />
        {admin ? null : (
          <>
            <Button type="primary" onClick={() => navigate(detailPath(NODE))}>
              登记注册人员
            </Button>
            <RequestTransferButton />
          </>
        )}
      </Space>
      {isError ? (
        <EmptyMessage text="人员信息加载失败，请稍后重试" />
      ) : (
        <Table
          rowKey="id"
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
      <Modal
        open={shown !== undefined}
        title={shown ? `${shown.personName}的注册证书` : ''}
        footer={null}
        width={880}
        onCancel={() => setCertificatesOf(null)}
        destroyOnHidden
      >
        {shown ? (
          <CertificateTable
            personId={shown.id}
            certificates={shown.certificates}
            editable={admin || shown.own}
          />
        ) : null}
      </Modal>
    </>
  );
}
