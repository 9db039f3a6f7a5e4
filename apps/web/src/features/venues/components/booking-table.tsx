import {
  VENUE_BOOKING_STATE_LABELS,
  VENUE_HALF_LABELS,
  type VenueBooking,
  type VenueBookingState,
} from '@ks/contract/venues';
import { App, Button, Form, Input, Modal, Popconfirm, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { reportFormError } from '@/lib/form-rules.ts';
import { useApprove, useCancel, useRefuse } from '../api/venues-api.ts';

const STATE_COLOURS: Record<VenueBookingState, string> = {
  pending: 'processing',
  approved: 'success',
  refused: 'error',
  cancelled: 'default',
};

const rangeOf = (b: VenueBooking) =>
  `${b.fromDay} ${VENUE_HALF_LABELS[b.fromHalf]} 至 ${b.toDay} ${VENUE_HALF_LABELS[b.toHalf]}`;

function RefuseDialog({ booking, onClose }: { booking: VenueBooking; onClose: () => void }) {
  const [form] = Form.useForm<{ refusal: string }>();
  const refuse = useRefuse();
  return (
    <Modal
      open
      title="拒绝预约"
      okText="拒绝"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={refuse.isPending}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ refusal: '' }}
        onFinish={({ refusal }) =>
          refuse.mutate(
            { id: booking.id, version: booking.version, refusal },
            { onSuccess: onClose, onError: (error) => reportFormError(form, error) },
          )
        }
      >
        <Form.Item
          name="refusal"
          label="拒绝理由"
          rules={[{ required: true, whitespace: true, message: '请填写拒绝理由' }]}
        >
          <Input.TextArea maxLength={200} rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * Bookings with the buttons the server offers each one (`actions`): approve and refuse for the
 * centre's queue, cancel for the booker's own pending ones.
 */
export function BookingTable({ bookings, loading }: { bookings: VenueBooking[]; loading: boolean }) {
  const approve = useApprove();
  const cancel = useCancel();
  const [refusing, setRefusing] = useState<VenueBooking | null>(null);
  const { message } = App.useApp();
  return (
    <>
      <Table<VenueBooking>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={bookings}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        locale={{ emptyText: '暂无预约' }}
        columns={[
          { title: '场地', dataIndex: 'roomName' },
          { title: '时间', key: 'range', render: (_, b) => rangeOf(b) },
          { title: '用途', dataIndex: 'purpose' },
          {
            title: '标段',
            key: 'section',
            render: (_, b) => (b.section ? `${b.section.projectName} ${b.section.name}` : '—'),
          },
          { title: '预约单位', dataIndex: 'bookerName' },
          { title: '联系人', key: 'contact', render: (_, b) => `${b.contactName} ${b.contactPhone}` },
          {
            title: '状态',
            key: 'status',
            render: (_, b) => (
              <Space direction="vertical" size={0}>
                <Tag color={STATE_COLOURS[b.status]}>{VENUE_BOOKING_STATE_LABELS[b.status]}</Tag>
                {b.refusal ? <span>理由：{b.refusal}</span> : null}
              </Space>
            ),
          },
          {
            title: '操作',
            key: 'actions',
            render: (_, b) => (
              <Space>
                {b.actions.includes('approve') ? (
                  <Popconfirm
                    title="确定通过该预约？"
                    onConfirm={() =>
                      approve.mutate(
                        { id: b.id, version: b.version },
                        { onSuccess: () => message.success('已通过') },
                      )
                    }
                  >
                    <Button type="link" size="small">
                      通过
                    </Button>
                  </Popconfirm>
                ) : null}
                {b.actions.includes('refuse') ? (
                  <Button type="link" size="small" danger onClick={() => setRefusing(b)}>
                    拒绝
                  </Button>
                ) : null}
                {b.actions.includes('cancel') ? (
                  <Popconfirm
                    title="确定取消该预约？"
                    onConfirm={() =>
                      cancel.mutate(
                        { id: b.id, version: b.version },
                        { onSuccess: () => message.success('已取消') },
                      )
                    }
                  >
                    <Button type="link" size="small">
                      取消预约
                    </Button>
                  </Popconfirm>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      {refusing ? <RefuseDialog booking={refusing} onClose={() => setRefusing(null)} /> : null}
    </>
  );
}
