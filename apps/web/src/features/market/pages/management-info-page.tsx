import {
  type ManagedPerson,
  type ManagedPersonnelQuery,
  PERSONNEL_SPECIALTIES,
  PRACTICE_FILTERS,
  PRACTICE_STATUS_LABELS,
  PROVINCE_NAMES,
  type PracticeAreasBody,
} from '@ks/contract/market';
import { statusColor, statusName } from '@ks/contract/records';
import type { PracticingStatus } from '@ks/contract/session';
import {
  App,
  Button,
  Card,
  Descriptions,
  Drawer,
  Form,
  Input,
  Select,
  Skeleton,
  Space,
  Table,
  type TableColumnsType,
  Tag,
} from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyMessage } from '@/components/empty-state.tsx';
import { ExportButton } from '@/components/export-button.tsx';
import {
  exportPersonnel,
  useEnterprises,
  useManagedPerson,
  useManagedPersonnel,
  useSavePractice,
} from '../api/market-api.ts';
import { CertificateLines, CertificateTable } from '../components/certificate-table.tsx';

const PAGE_SIZE = 10;
type Filters = Omit<ManagedPersonnelQuery, 'pageNum' | 'pageSize'>;
type Detail = PracticingStatus['practiceDetails'][number];
const STATUS_COLORS = { 0: 'default', 1: 'orange', 2: 'green' } as const;

const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

function PracticeTags({ details }: { details: Detail[] }) {
  if (details.length === 0) return <span>未核定</span>;
  return (
    <Space size={[0, 4]} wrap>
      {details.map((detail) => (
        <Tag key={detail.region} color={STATUS_COLORS[detail.status]}>
          {`${detail.region}：${PRACTICE_STATUS_LABELS[detail.status]}`}
        </Tag>
      ))}
    </Space>
  );
}

/**
 * 人员管理 (/system/managementInfo, administrators only; decision 0053): the registered personnel of
 * every enterprise, searched by name, ID number or certificate and filtered by enterprise,
 * specialty and practice status; the detail shows the full ID number and keeps the practice status
 * per region, which the linked personnel account's login reads. The filtered list exports as xlsx.
 */
export function ManagementInfoPage() {
  const [filters, setFilters] = useState<Filters>({});
  const [pageNum, setPageNum] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const [enterpriseKeyword, setEnterpriseKeyword] = useState('');
  const { data, isPending, isError } = useManagedPersonnel({ ...filters, pageNum, pageSize: PAGE_SIZE });
  const enterprises = useEnterprises({ keyword: enterpriseKeyword, pageNum: 1, pageSize: 20 });
  const filter = (patch: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPageNum(1);
  };
  const columns: TableColumnsType<ManagedPerson> = [
    { title: '姓名', dataIndex: 'personName' },
    { title: '身份证号码', dataIndex: 'idNumber' },
    { title: '所在企业', dataIndex: 'enterpriseName' },
    { title: '注册类别', dataIndex: 'registrationType' },
    {
      title: '注册证书',
      dataIndex: 'certificates',
      render: (_: unknown, row) => <CertificateLines certificates={row.certificates} />,
    },
    {
      title: '执业状态',
      dataIndex: 'practiceDetails',
      render: (details: Detail[]) => <PracticeTags details={details} />,
    },
    {
      title: '审核状态',
      dataIndex: 'status',
      align: 'center',
      render: (status: string) => <Tag color={statusColor(status)}>{statusName(status)}</Tag>,
    },
    {
      title: '操作',
      key: 'detail',
      render: (_: unknown, row) => (
        <Button type="link" onClick={() => setOpen(row.id)}>
          详情
        </Button>
      ),
    },
  ];
  return (
    <div className="ks-page">
      <Card title={<h1 className="ks-page-title">人员管理</h1>}>
        <Space style={{ marginBottom: 16 }} wrap>
          <Input.Search
            placeholder="姓名或注册证书编号"
            allowClear
            enterButton="查询"
            style={{ width: 300 }}
            onSearch={(value) => filter({ keyword: value.trim() || undefined })}
          />
          <Input.Search
            placeholder="身份证号码"
            allowClear
            style={{ width: 220 }}
            maxLength={18}
            onSearch={(value) => filter({ idNumber: value.trim() || undefined })}
          />
          <Select
            aria-label="所在企业"
            placeholder="所在企业"
            allowClear
            showSearch={{ filterOption: false, onSearch: setEnterpriseKeyword }}
            style={{ width: 240 }}
            loading={enterprises.isFetching}
            options={(enterprises.data?.records ?? []).map((e) => ({
              value: e.userId,
              label: e.enterpriseName,
            }))}
            value={filters.enterpriseId}
            onChange={(enterpriseId) => filter({ enterpriseId })}
          />
          <Select
            aria-label="注册专业"
            placeholder="注册专业"
            allowClear
            style={{ width: 150 }}
            options={options(PERSONNEL_SPECIALTIES)}
            value={filters.specialty}
            onChange={(specialty) => filter({ specialty })}
          />
          <Select
            aria-label="执业状态"
            placeholder="执业状态"
            allowClear
            style={{ width: 120 }}
            options={PRACTICE_FILTERS.map((value) => ({
              value,
              label: PRACTICE_STATUS_LABELS[Number(value) as 0 | 1 | 2],
            }))}
            value={filters.practiceStatus}
            onChange={(practiceStatus) => filter({ practiceStatus })}
          />
          <ExportButton disabled={!data?.total} onExport={() => exportPersonnel(filters)} />
        </Space>
        {isError ? (
          <EmptyMessage text="人员信息加载失败，请稍后重试" />
        ) : (
          <Table
            rowKey="id"
            loading={isPending}
            columns={columns}
            dataSource={data?.records ?? []}
            locale={{ emptyText: <EmptyMessage text="没有符合条件的注册人员" /> }}
            pagination={{
              current: pageNum,
              pageSize: PAGE_SIZE,
              total: data?.total ?? 0,
              onChange: setPageNum,
              showSizeChanger: false,
              showTotal: (total) => `共 ${total} 人`,
            }}
          />
        )}
      </Card>
      <Drawer
        title="注册人员详情"
        size={720}
        open={open !== null}
        onClose={() => setOpen(null)}
        destroyOnHidden
      >
        {open ? <PersonDetail id={open} /> : null}
      </Drawer>
    </div>
  );
}

type PracticeForm = { areas: PracticeAreasBody['areas'] };

function PersonDetail({ id }: { id: string }) {
  const { message } = App.useApp();
  const { data: person, isPending, isError } = useManagedPerson(id);
  const save = useSavePractice();
  const [form] = Form.useForm<PracticeForm>();
  if (isError) return <EmptyMessage text="注册人员不存在或已删除" />;
  if (isPending || !person) return <Skeleton active />;
  const submit = async (values: PracticeForm) => {
    try {
      await save.mutateAsync({
        id: person.id,
        version: person.practiceVersion,
        areas: (values.areas ?? []).map((area) => ({ ...area, reason: area.reason ?? '' })),
      });
      message.success('执业状态已保存');
    } catch {
      // The client has shown the server's message.
    }
  };
  return (
    <>
      <Descriptions column={2} bordered size="small" style={{ marginBottom: 24 }}>
        <Descriptions.Item label="姓名">{person.personName}</Descriptions.Item>
        <Descriptions.Item label="身份证号码">{person.idNumber}</Descriptions.Item>
        <Descriptions.Item label="所在企业">
          <Link to={`/system/companyInfo?type=1&id=${person.enterpriseUserId}`}>{person.enterpriseName}</Link>
        </Descriptions.Item>
        <Descriptions.Item label="注册地区">{person.region || '—'}</Descriptions.Item>
        <Descriptions.Item label="审核状态">
          <Tag color={statusColor(person.status)}>{statusName(person.status)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="绑定的个人账号">{person.accountName || '未绑定'}</Descriptions.Item>
      </Descriptions>
      <h3>注册证书</h3>
      <div style={{ marginBottom: 24 }}>
        <CertificateTable personId={person.id} certificates={person.certificates} editable />
      </div>
      <h3>各地区执业状态</h3>
      <Form<PracticeForm>
        form={form}
        key={`${person.id}:${person.practiceVersion}`}
        initialValues={{ areas: person.practiceDetails }}
        onFinish={submit}
      >
        <Form.List name="areas">
          {(fields, { add, remove }) => (
            <>
              {fields.length === 0 ? <EmptyMessage text="尚未核定执业状态" /> : null}
              {fields.map((field) => (
                <Space key={field.key} align="baseline" wrap>
                  <Form.Item
                    name={[field.name, 'region']}
                    rules={[{ required: true, message: '请选择执业地区' }]}
                  >
                    <Select
                      aria-label="执业地区"
                      placeholder="执业地区"
                      showSearch
                      style={{ width: 170 }}
                      options={options(PROVINCE_NAMES)}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'status']}
                    rules={[{ required: true, message: '请选择执业状态' }]}
                  >
                    <Select
                      aria-label="执业状态"
                      placeholder="执业状态"
                      style={{ width: 110 }}
                      options={([2, 1, 0] as const).map((value) => ({
                        value,
                        label: PRACTICE_STATUS_LABELS[value],
                      }))}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'reason']}
                    rules={[{ max: 200, message: '原因不能超过200个字符' }]}
                  >
                    <Input placeholder="原因（如：证书即将到期）" style={{ width: 260 }} maxLength={200} />
                  </Form.Item>
                  <Button type="link" danger onClick={() => remove(field.name)}>
                    删除
                  </Button>
                </Space>
              ))}
              <Space>
                <Button onClick={() => add({ status: 2, reason: '' })}>添加地区</Button>
                <Button type="primary" htmlType="submit" loading={save.isPending}>
                  保存执业状态
                </Button>
              </Space>
            </>
          )}
        </Form.List>
      </Form>
    </>
  );
}
