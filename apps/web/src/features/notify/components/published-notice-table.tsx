import {
  MSG_TYPE_LABELS,
  NOTICE_AUDIENCE_LABELS,
  type PublishedNotice,
  RECEIPT_STATE_LABELS,
  RECEIPT_STATES,
  type ReceiptState,
} from '@ks/contract/notify';
import { LOGIN_ROLE_TYPE_LABELS } from '@ks/contract/session';
import { Button, Drawer, Popconfirm, Segmented, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { TABLE_PAGE_SIZE_DEFAULT, TABLE_PAGE_SIZES } from '@/lib/constants.ts';
import { getFeedback } from '@/lib/feedback.ts';
import { formatTime } from '@/lib/format-time.ts';
import { usePublishedNotices } from '../api/find-published-notices.ts';
import { useReceipt } from '../api/find-receipt.ts';
import { useWithdrawNotice } from '../api/withdraw-notice.ts';

/** Published notices with their read and confirm counts; receipt list and withdraw per row. */
export function PublishedNoticeTable() {
  const [page, setPage] = useState({ curPage: 1, pageSize: TABLE_PAGE_SIZE_DEFAULT });
  const { data, isFetching } = usePublishedNotices(page);
  const withdraw = useWithdrawNotice();
  const [receiptOf, setReceiptOf] = useState<PublishedNotice | null>(null);

  const columns: TableColumnsType<PublishedNotice> = [
    { title: '类型', dataIndex: 'msgType', width: 100, render: (value: 1 | 2) => MSG_TYPE_LABELS[value] },
    {
      title: '标题 / 内容',
      key: 'text',
      ellipsis: true,
      render: (_, row) => row.title || row.messages,
    },
    {
      title: '接收范围',
      key: 'audience',
      width: 180,
      render: (_, row) =>
        row.audience === 'all'
          ? NOTICE_AUDIENCE_LABELS.all
          : row.roles.map((role) => LOGIN_ROLE_TYPE_LABELS[role]).join('、'),
    },
    { title: '附件', dataIndex: 'fileName', width: 160, ellipsis: true },
    { title: '发布人', dataIndex: 'publisherName', width: 120 },
    { title: '发布时间', dataIndex: 'createdAt', width: 160, render: formatTime },
    {
      title: '接收 / 已读 / 已确认',
      key: 'counts',
      width: 160,
      render: (_, row) => `${row.recipientCount} / ${row.readCount} / ${row.confirmedCount}`,
    },
    {
      title: '操作',
      key: 'operations',
      width: 140,
      render: (_, row) => (
        <Space>
          <Button type="link" size="small" onClick={() => setReceiptOf(row)}>
            回执
          </Button>
          <Popconfirm
            title="撤回后用户将不再看到此通知，确定撤回吗？"
            onConfirm={() =>
              withdraw
                .mutateAsync({ msgId: row.msgId, version: row.version })
                .then(() => getFeedback().successMessage('操作成功'))
            }
          >
            <Button type="link" size="small" danger>
              撤回
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <>
      <Table<PublishedNotice>
        rowKey="msgId"
        size="middle"
        loading={isFetching}
        columns={columns}
        dataSource={data?.records ?? []}
        pagination={{
          current: page.curPage,
          pageSize: page.pageSize,
          total: data?.total ?? 0,
          pageSizeOptions: TABLE_PAGE_SIZES.map(String),
          showSizeChanger: true,
          onChange: (curPage, pageSize) => setPage({ curPage, pageSize }),
        }}
      />
      <ReceiptDrawer notice={receiptOf} onClose={() => setReceiptOf(null)} />
    </>
  );
}

function ReceiptDrawer({ notice, onClose }: { notice: PublishedNotice | null; onClose: () => void }) {
  const [state, setState] = useState<ReceiptState>('all');
  const [curPage, setCurPage] = useState(1);
  const { data, isFetching } = useReceipt(
    notice ? { msgId: notice.msgId, state, curPage, pageSize: 10 } : null,
  );
  return (
    <Drawer
      title={`通知回执${notice?.title ? `：${notice.title}` : ''}`}
      open={!!notice}
      onClose={onClose}
      size={560}
      destroyOnHidden
    >
      {data && (
        <p>
          接收 {data.recipientCount} 人，已读 {data.readCount} 人，已确认 {data.confirmedCount} 人
        </p>
      )}
      <Segmented<ReceiptState>
        value={state}
        options={RECEIPT_STATES.map((value) => ({ value, label: RECEIPT_STATE_LABELS[value] }))}
        onChange={(value) => {
          setState(value);
          setCurPage(1);
        }}
      />
      <Table
        rowKey="userCode"
        size="small"
        loading={isFetching}
        dataSource={data?.records ?? []}
        pagination={{ current: curPage, pageSize: 10, total: data?.total ?? 0, onChange: setCurPage }}
        columns={[
          { title: '用户编号', dataIndex: 'userCode' },
          { title: '姓名', dataIndex: 'userName' },
          { title: '已读时间', dataIndex: 'readAt', render: formatTime },
          { title: '确认时间', dataIndex: 'confirmedAt', render: formatTime },
        ]}
      />
    </Drawer>
  );
}
