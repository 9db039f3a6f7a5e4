import type { PersonId } from '@ks/contract/ids';
import {
  type Certificate,
  type CertificateFields,
  CertificateFieldsSchema,
  PERSONNEL_SPECIALTIES,
  PROVINCE_NAMES,
  REGISTRATION_TYPES,
} from '@ks/contract/market';
import { App, Button, Form, Input, Popconfirm, Select, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { EmptyMessage } from '@/components/empty-state.tsx';
import { zodRule } from '@/lib/form-rules.ts';
import { useCreateCertificate, useDeleteCertificate, useUpdateCertificate } from '../api/market-api.ts';
import { FormDialog } from './form-dialog.tsx';

const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
const FIELDS = CertificateFieldsSchema.shape;

/** One line per certificate, the principal first: for list cells. */
export function CertificateLines({ certificates }: { certificates: Certificate[] }) {
  if (certificates.length === 0) return <span>—</span>;
  return (
    <Space orientation="vertical" size={0}>
      {certificates.map((c) => (
        <span key={c.id ?? 'principal'}>{`${c.specialty}：${c.certificateNo}`}</span>
      ))}
    </Space>
  );
}

type Editing = { certificate: Certificate | null } | null;

/**
 * The certificates of a registration (decision 0059): the principal one comes from the registration
 * itself and changes through it; further ones are added, changed and removed here when `editable`.
 */
export function CertificateTable({
  personId,
  certificates,
  editable,
}: {
  personId: PersonId;
  certificates: Certificate[];
  editable: boolean;
}) {
  const { message } = App.useApp();
  const [editing, setEditing] = useState<Editing>(null);
  const remove = useDeleteCertificate();
  const columns: TableColumnsType<Certificate> = [
    {
      title: '注册类别',
      dataIndex: 'registrationType',
      render: (type: string, row) => (
        <Space size={4}>
          {type}
          {row.id === null ? <Tag color="blue">主证书</Tag> : null}
        </Space>
      ),
    },
    { title: '注册专业', dataIndex: 'specialty' },
    { title: '注册证书编号', dataIndex: 'certificateNo' },
    { title: '注册地区', dataIndex: 'region' },
    { title: '发证日期', dataIndex: 'issueDate', render: (value: string) => value || '—' },
    { title: '有效期至', dataIndex: 'expiryDate' },
    ...(editable
      ? [
          {
            title: '操作',
            key: 'operations',
            render: (_: unknown, row: Certificate) =>
              row.id === null ? (
                <span>随注册信息修改</span>
              ) : (
                <Space size={0}>
                  <Button type="link" onClick={() => setEditing({ certificate: row })}>
                    修改
                  </Button>
                  <Popconfirm
                    title="确定删除该注册证书吗？"
                    onConfirm={async () => {
                      await remove.mutateAsync({ id: row.id as string, version: row.version });
                      message.success('注册证书已删除');
                    }}
                  >
                    <Button type="link" danger>
                      删除
                    </Button>
                  </Popconfirm>
                </Space>
              ),
          },
        ]
      : []),
  ];
  return (
    <>
      {editable ? (
        <Button style={{ marginBottom: 12 }} onClick={() => setEditing({ certificate: null })}>
          添加证书
        </Button>
      ) : null}
      <Table
        rowKey={(row) => row.id ?? 'principal'}
        size="small"
        pagination={false}
        columns={columns}
        dataSource={certificates}
        locale={{ emptyText: <EmptyMessage text="暂无注册证书" /> }}
      />
      {editing ? (
        <CertificateForm
          personId={personId}
          certificate={editing.certificate}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  );
}

function CertificateForm({
  personId,
  certificate,
  onClose,
}: {
  personId: PersonId;
  certificate: Certificate | null;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<CertificateFields>();
  const create = useCreateCertificate();
  const update = useUpdateCertificate();
  return (
    <FormDialog<CertificateFields>
      form={form}
      title={certificate ? '修改注册证书' : '添加注册证书'}
      okText="保存"
      pending={create.isPending || update.isPending}
      initialValues={(certificate ?? undefined) as Partial<CertificateFields> | undefined}
      onCancel={onClose}
      onFinish={async (values) => {
        if (certificate?.id)
          await update.mutateAsync({ ...values, id: certificate.id, version: certificate.version });
        else await create.mutateAsync({ ...values, personId });
        message.success(certificate ? '注册证书已修改' : '注册证书已添加');
        onClose();
      }}
    >
      <Form.Item label="注册类别" name="registrationType" rules={[zodRule(FIELDS.registrationType)]} required>
        <Select aria-label="注册类别" options={options(REGISTRATION_TYPES)} />
      </Form.Item>
      <Form.Item label="注册专业" name="specialty" rules={[zodRule(FIELDS.specialty)]} required>
        <Select aria-label="注册专业" options={options(PERSONNEL_SPECIALTIES)} />
      </Form.Item>
      <Form.Item label="注册证书编号" name="certificateNo" rules={[zodRule(FIELDS.certificateNo)]} required>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item label="注册地区" name="region" rules={[zodRule(FIELDS.region)]} required>
        <Select aria-label="注册地区" showSearch options={options(PROVINCE_NAMES)} />
      </Form.Item>
      <Form.Item label="发证日期" name="issueDate" rules={[zodRule(FIELDS.issueDate)]} required>
        <Input type="date" />
      </Form.Item>
      <Form.Item label="注册有效期至" name="expiryDate" rules={[zodRule(FIELDS.expiryDate)]} required>
        <Input type="date" />
      </Form.Item>
    </FormDialog>
  );
}
