import type { PracticingStatus } from '@ks/contract/session';
import { Button, Modal, Table, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { REASON_TRUNCATE } from '@/lib/constants.ts';
import { useSessionStore } from '@/lib/session-store.ts';

type Detail = PracticingStatus['practiceDetails'][number];

/** practiceDetails status: 0 unknown, 1 warning, 2 normal. */
export const PRACTICE_STATUS_LABELS: Record<Detail['status'], { label: string; color: string }> = {
  0: { label: '未知', color: 'default' },
  1: { label: '预警', color: 'warning' },
  2: { label: '正常', color: 'success' },
};

/** Shown once per session: closing it (or going to view) is remembered for the tab. */
const SEEN_KEY = 'ks-practice-status-seen';
export const COMPANY_INFO_APPLY_PATH = '/system/companyInfo?apply=true';

/** Reasons longer than 16 characters are cut, the whole text in a tooltip. */
export function ReasonText({ reason }: { reason: string }) {
  if (reason.length <= REASON_TRUNCATE) return <span>{reason || '—'}</span>;
  return (
    <Tooltip title={reason}>
      <span>{`${reason.slice(0, REASON_TRUNCATE)}…`}</span>
    </Tooltip>
  );
}

/** Practice status dialog: after a login whose practicingStatus is abnormal, per region. */
export function PracticeStatusDialog() {
  const status = useSessionStore((state) => state.userInfo?.practicingStatus);
  const [isOpen, setOpen] = useState(() => sessionStorage.getItem(SEEN_KEY) !== '1');
  const navigate = useNavigate();
  if (!status?.abnormal || !isOpen) return null;

  const close = () => {
    sessionStorage.setItem(SEEN_KEY, '1');
    setOpen(false);
  };
  return (
    <Modal
      open
      title="执业状态提醒"
      onCancel={close}
      footer={[
        <Button key="close" onClick={close}>
          关闭
        </Button>,
        <Button
          key="view"
          type="primary"
          onClick={() => {
            close();
            navigate(COMPANY_INFO_APPLY_PATH);
          }}
        >
          去查看
        </Button>,
      ]}
    >
      <Table<Detail>
        rowKey="region"
        size="small"
        pagination={false}
        dataSource={status.practiceDetails}
        columns={[
          { title: '地区', dataIndex: 'region' },
          {
            title: '状态',
            dataIndex: 'status',
            render: (value: Detail['status']) => (
              <Tag color={PRACTICE_STATUS_LABELS[value].color}>{PRACTICE_STATUS_LABELS[value].label}</Tag>
            ),
          },
          { title: '原因', dataIndex: 'reason', render: (reason: string) => <ReasonText reason={reason} /> },
        ]}
      />
    </Modal>
  );
}
