import {
  RequestTransferBodySchema,
  TRANSFER_STATE_LABELS,
  type Transfer,
  type TransferState,
} from '@ks/contract/market';
import { App, Button, Form, Input, Popconfirm, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { EmptyMessage } from '@/components/empty-state.tsx';
import { zodRule } from '@/lib/form-rules.ts';
import { formatTime } from '@/lib/format-time.ts';
import { useSessionStore } from '@/lib/session-store.ts';
import {
  useDecideTransfer,
  useReleaseTransfer,
  useRequestTransfer,
  useTransfers,
} from '../api/market-api.ts';
import { FormDialog } from './form-dialog.tsx';

const STATE_COLORS: Record<TransferState, string> = {
  pending: 'orange',
  released: 'blue',
  approved: 'green',
  rejected: 'red',
};

/**
 * 转注册 (decision 0059): the transfers the caller may see. The releasing enterprise may agree to
 * a pending one; administrators approve or reject an open one. The server decides who may do what;
 * the buttons only follow it.
 */
export function TransferTable({ open, emptyText }: { open: boolean; emptyText: string }) {
  const { message } = App.useApp();
  const user = useSessionStore((state) => state.userInfo);
  const { data, isPending, isError } = useTransfers(open);
  const release = useReleaseTransfer();
  const [deciding, setDeciding] = useState<{ transfer: Transfer; result: 'approve' | 'reject' } | null>(null);
  const isAdmin = user?.loginRoleType === 'M';
  const columns: TableColumnsType<Transfer> = [
    { title: '姓名', dataIndex: 'personName' },
    { title: '身份证号码', dataIndex: 'idNumber' },
    { title: '转出企业', dataIndex: 'fromEnterpriseName' },
    { title: '转入企业', dataIndex: 'toEnterpriseName' },
    { title: '申请说明', dataIndex: 'reason', render: (value: string) => value || '—' },
    { title: '申请时间', dataIndex: 'createdAt', render: (value: string) => formatTime(value) },
    {
      title: '状态',
      dataIndex: 'status',
      align: 'center',
      render: (status: TransferState, row) => (
        <Space orientation="vertical" size={0}>
          <Tag color={STATE_COLORS[status]}>{TRANSFER_STATE_LABELS[status]}</Tag>
          {row.advice ? <span>{row.advice}</span> : null}
        </Space>
      ),
    },
    {
      title: '操作',
      key: 'operations',
      render: (_: unknown, row) => {
        const isOpen = row.status === 'pending' || row.status === 'released';
        if (isAdmin && isOpen)
          return (
            <Space size={0}>
              <Button type="link" onClick={() => setDeciding({ transfer: row, result: 'approve' })}>
                批准
              </Button>
              <Button type="link" danger onClick={() => setDeciding({ transfer: row, result: 'reject' })}>
                驳回
              </Button>
            </Space>
          );
        if (row.status === 'pending' && user?.loginRoleType === 'U' && row.fromUserId === user.id)
          return (
            <Popconfirm
              title={`同意${row.personName}转出至${row.toEnterpriseName}吗？`}
              onConfirm={async () => {
                await release.mutateAsync({ id: row.id, version: row.version });
                message.success('已同意转出，待管理员审批');
              }}
            >
              <Button type="link">同意转出</Button>
            </Popconfirm>
          );
        return <span>—</span>;
      },
    },
  ];
  if (isError) return <EmptyMessage text="转注册申请加载失败，请稍后重试" />;
  return (
    <>
      <Table
        rowKey="id"
        loading={isPending}
        columns={columns}
        dataSource={data ?? []}
        pagination={false}
        locale={{ emptyText: <EmptyMessage text={emptyText} /> }}
      />
      {deciding ? <DecideDialog {...deciding} onClose={() => setDeciding(null)} /> : null}
    </>
  );
}

function DecideDialog({
  transfer,
  result,
  onClose,
}: {
  transfer: Transfer;
  result: 'approve' | 'reject';
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ advice?: string }>();
  const decide = useDecideTransfer();
  const approve = result === 'approve';
  return (
    <FormDialog<{ advice?: string }>
      form={form}
      title={approve ? '批准转注册' : '驳回转注册'}
      okText={approve ? '批准' : '驳回'}
      danger={!approve}
      pending={decide.isPending}
      onCancel={onClose}
      onFinish={async ({ advice }) => {
        await decide.mutateAsync({
          id: transfer.id,
          version: transfer.version,
          result,
          advice: advice ?? '',
        });
        message.success(approve ? '已批准，注册信息已转入新企业' : '已驳回');
        onClose();
      }}
    >
      <p>
        {`${transfer.personName}（${transfer.idNumber}）由 ${transfer.fromEnterpriseName} 转入 ${transfer.toEnterpriseName}`}
        {transfer.status === 'pending' ? '，原企业尚未同意转出' : '，原企业已同意转出'}
      </p>
      <Form.Item label="审批意见" name="advice" rules={[{ max: 200, message: '审批意见不能超过200个字符' }]}>
        <Input.TextArea rows={3} maxLength={200} />
      </Form.Item>
    </FormDialog>
  );
}

const REQUEST = RequestTransferBodySchema.shape;

/** An enterprise asks for a person registered with another enterprise, by the ID number. */
export function RequestTransferButton() {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ idNumber: string; reason?: string }>();
  const request = useRequestTransfer();
  return (
    <>
      <Button onClick={() => setOpen(true)}>申请转入人员</Button>
      <FormDialog<{ idNumber: string; reason?: string }>
        form={form}
        open={open}
        title="申请转入人员（转注册）"
        okText="提交申请"
        pending={request.isPending}
        onCancel={() => setOpen(false)}
        onFinish={async (values) => {
          await request.mutateAsync({ idNumber: values.idNumber, reason: values.reason ?? '' });
          message.success('转注册申请已提交，待原企业同意及管理员审批');
          setOpen(false);
        }}
      >
        <p>该人员须已在其他企业注册并审核通过；原企业同意转出后由管理员审批。</p>
        <Form.Item label="身份证号码" name="idNumber" rules={[zodRule(REQUEST.idNumber)]} required>
          <Input maxLength={18} />
        </Form.Item>
        <Form.Item label="申请说明" name="reason" rules={[zodRule(REQUEST.reason)]}>
          <Input.TextArea rows={3} maxLength={200} />
        </Form.Item>
      </FormDialog>
    </>
  );
}
