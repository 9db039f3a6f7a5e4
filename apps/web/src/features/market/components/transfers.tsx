import {
  RefuseTransferBodySchema,
  RequestTransferBodySchema,
  TRANSFER_STATE_LABELS,
  type Transfer,
  type TransferAction,
  type TransferState,
} from '@ks/contract/market';
import { App, Button, Form, Input, Popconfirm, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { EmptyMessage } from '@/components/empty-state.tsx';
import { zodRule } from '@/lib/form-rules.ts';
import { formatTime } from '@/lib/format-time.ts';
import {
  useDecideTransfer,
  useRefuseTransfer,
  useReleaseTransfer,
  useRequestTransfer,
  useTransfers,
  useWithdrawTransfer,
} from '../api/market-api.ts';
import { FormDialog } from './form-dialog.tsx';

const STATE_COLORS: Record<TransferState, string> = {
  pending: 'orange',
  released: 'blue',
  refused: 'volcano',
  approved: 'green',
  rejected: 'red',
  withdrawn: 'default',
};

/**
 * What stands for a name or an employer the caller is not shown: the asking enterprise learns
 * them only once the person is let go; administrators see a number that named nobody as such.
 */
const hidden = (row: Transfer) =>
  row.matched === false ? '无在册注册信息' : row.side === 'to' ? '原企业同意后显示' : '—';

/**
 * 转注册 (decision 0059): the transfers the caller may see. The releasing enterprise may agree to
 * a pending one or refuse it with a reason (and agree after all); the asking one may withdraw an
 * open one; administrators approve or reject an open one. The server decides who may do what; the
 * buttons only follow it.
 */
export function TransferTable({ open, emptyText }: { open: boolean; emptyText: string }) {
  const { message } = App.useApp();
  const { data, isPending, isError } = useTransfers(open);
  const release = useReleaseTransfer();
  const withdraw = useWithdrawTransfer();
  const [deciding, setDeciding] = useState<{ transfer: Transfer; result: 'approve' | 'reject' } | null>(null);
  const [refusing, setRefusing] = useState<Transfer | null>(null);
  const columns: TableColumnsType<Transfer> = [
    { title: '姓名', dataIndex: 'personName', render: (value: string, row) => value || hidden(row) },
    { title: '身份证号码', dataIndex: 'idNumber' },
    {
      title: '转出企业',
      dataIndex: 'fromEnterpriseName',
      render: (value: string, row) => value || hidden(row),
    },
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
          {row.refusal ? <span>{`原企业理由：${row.refusal}`}</span> : null}
          {row.advice ? <span>{row.advice}</span> : null}
        </Space>
      ),
    },
    {
      title: '操作',
      key: 'operations',
      render: (_: unknown, row) => {
        const may = (action: TransferAction) => row.actions.includes(action);
        if (may('decide'))
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
        if (row.actions.length === 0) return <span>—</span>;
        return (
          <Space size={0}>
            {may('release') ? (
              <Popconfirm
                title={`同意${row.personName}转出至${row.toEnterpriseName}吗？`}
                onConfirm={async () => {
                  await release.mutateAsync({ id: row.id, version: row.version });
                  message.success('已同意转出，待管理员审批');
                }}
              >
                <Button type="link">同意转出</Button>
              </Popconfirm>
            ) : null}
            {may('refuse') ? (
              <Button type="link" danger onClick={() => setRefusing(row)}>
                不同意
              </Button>
            ) : null}
            {may('withdraw') ? (
              <Popconfirm
                title={`撤回${row.personName || row.idNumber}的转注册申请吗？`}
                onConfirm={async () => {
                  await withdraw.mutateAsync({ id: row.id, version: row.version });
                  message.success('已撤回转注册申请');
                }}
              >
                <Button type="link">撤回申请</Button>
              </Popconfirm>
            ) : null}
          </Space>
        );
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
      {refusing ? <RefuseDialog transfer={refusing} onClose={() => setRefusing(null)} /> : null}
    </>
  );
}

/** What the releasing enterprise said, as the decision dialog tells the administrator. */
const ANSWER_OF_RELEASER: Partial<Record<TransferState, string>> = {
  pending: '，原企业尚未同意转出',
  released: '，原企业已同意转出',
  refused: '，原企业不同意转出',
};

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
        {`${transfer.personName || '未匹配在册人员'}（${transfer.idNumber}）由 ${
          transfer.fromEnterpriseName || '—'
        } 转入 ${transfer.toEnterpriseName}`}
        {ANSWER_OF_RELEASER[transfer.status] ?? ''}
        {transfer.status === 'refused' ? `（理由：${transfer.refusal}）` : ''}
      </p>
      <Form.Item label="审批意见" name="advice" rules={[{ max: 200, message: '审批意见不能超过200个字符' }]}>
        <Input.TextArea rows={3} maxLength={200} />
      </Form.Item>
    </FormDialog>
  );
}

const REFUSE = RefuseTransferBodySchema.shape;

/** The releasing enterprise refuses, with its reason; the administrators still decide. */
function RefuseDialog({ transfer, onClose }: { transfer: Transfer; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ refusal: string }>();
  const refuse = useRefuseTransfer();
  return (
    <FormDialog<{ refusal: string }>
      form={form}
      title="不同意转出"
      okText="提交"
      danger
      pending={refuse.isPending}
      onCancel={onClose}
      onFinish={async ({ refusal }) => {
        await refuse.mutateAsync({ id: transfer.id, version: transfer.version, refusal });
        message.success('已提交不同意转出的理由，待管理员审批');
        onClose();
      }}
    >
      <p>{`${transfer.toEnterpriseName}申请将${transfer.personName}转入该企业。理由将告知申请企业和管理员，是否转出由管理员审批决定。`}</p>
      <Form.Item label="不同意的理由" name="refusal" rules={[zodRule(REFUSE.refusal)]} required>
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
        <p>
          提交后申请显示为待原企业同意；原企业同意转出或管理员批准后，才显示该人员的姓名和原注册企业。每个企业每天可提交的申请有数量限制。
        </p>
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
