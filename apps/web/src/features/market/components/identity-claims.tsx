import type { IdentityClaim } from '@ks/contract/market';
import { App, Button, Form, Input, Popconfirm, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { EmptyMessage } from '@/components/empty-state.tsx';
import { formatTime } from '@/lib/format-time.ts';
import { useDecideIdentityClaim, useIdentityClaims } from '../api/market-api.ts';
import { FormDialog } from './form-dialog.tsx';

/**
 * The administrators' queue of ID number claims (decision 0063): a personnel account's claim
 * reveals nothing until proven, by SMS or here. Each row shows what the platform knows of the
 * number — the passed registration and any account holding it now (confirming moves it).
 */
export function IdentityClaimTable() {
  const { message } = App.useApp();
  const { data, isPending, isError } = useIdentityClaims();
  const decide = useDecideIdentityClaim();
  const [refusing, setRefusing] = useState<IdentityClaim | null>(null);
  const columns: TableColumnsType<IdentityClaim> = [
    {
      title: '申请账号',
      dataIndex: 'account',
      render: (value: string, row) =>
        `${row.userName}（${value}${row.accountPhone ? `，${row.accountPhone}` : ''}）`,
    },
    { title: '身份证号码', dataIndex: 'idNumber' },
    {
      title: '注册信息',
      dataIndex: 'personName',
      render: (value: string, row) => (value ? `${value}（${row.enterpriseName}）` : '无审核通过的注册信息'),
    },
    { title: '现绑定账号', dataIndex: 'heldBy', render: (value: string) => value || '—' },
    { title: '申请时间', dataIndex: 'createdAt', render: (value: string) => formatTime(value) },
    {
      title: '操作',
      key: 'actions',
      render: (_value, row) => (
        <Space>
          <Popconfirm
            title={
              row.heldBy
                ? `确认后，${row.heldBy}的绑定将解除，改由${row.userName}绑定。确认吗？`
                : `确认${row.userName}绑定该身份证号码吗？`
            }
            onConfirm={async () => {
              await decide.mutateAsync({ id: row.id, version: row.version, result: 'confirm' });
              message.success('已确认绑定');
            }}
          >
            <Button type="link" size="small">
              确认
            </Button>
          </Popconfirm>
          <Button type="link" size="small" danger onClick={() => setRefusing(row)}>
            不予确认
          </Button>
        </Space>
      ),
    },
  ];
  if (isError) return <EmptyMessage text="绑定申请加载失败，请稍后重试" />;
  return (
    <>
      <Table<IdentityClaim>
        rowKey="id"
        size="small"
        loading={isPending}
        columns={columns}
        dataSource={data ?? []}
        pagination={false}
        locale={{ emptyText: '暂无待确认的身份证号码绑定' }}
      />
      {refusing ? <RefuseClaimDialog claim={refusing} onClose={() => setRefusing(null)} /> : null}
    </>
  );
}

/** Refusing needs a reason: the claimant is told it. */
function RefuseClaimDialog({ claim, onClose }: { claim: IdentityClaim; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ refusal: string }>();
  const decide = useDecideIdentityClaim();
  return (
    <FormDialog<{ refusal: string }>
      form={form}
      title="不予确认身份证号码绑定"
      okText="提交"
      danger
      pending={decide.isPending}
      onCancel={onClose}
      onFinish={async ({ refusal }) => {
        await decide.mutateAsync({ id: claim.id, version: claim.version, result: 'refuse', refusal });
        message.success('已不予确认，理由已告知申请人');
        onClose();
      }}
    >
      <p>{`${claim.userName}申请绑定身份证号码${claim.idNumber}。理由将告知申请人。`}</p>
      <Form.Item
        label="理由"
        name="refusal"
        required
        rules={[
          { required: true, whitespace: true, message: '请填写不予确认的理由' },
          { max: 200, message: '理由不能超过200个字符' },
        ]}
      >
        <Input.TextArea rows={3} maxLength={200} />
      </Form.Item>
    </FormDialog>
  );
}
