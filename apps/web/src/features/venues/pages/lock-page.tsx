import {
  type LockVenueBody,
  VENUE_HALF_LABELS,
  VENUE_HALVES,
  type VenueAvailability,
  type VenueCell,
  type VenueLock,
} from '@ks/contract/venues';
import { App, Button, Card, Form, Input, Modal, Popconfirm, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { PageLoading } from '@/components/page-loading.tsx';
import { reportFormError } from '@/lib/form-rules.ts';
import { useAvailability, useLock, useLocks, useUnlock } from '../api/venues-api.ts';
import { RoomManager } from '../components/room-manager.tsx';
import { chinaToday, VenueGrid, VenueLegend, WeekSwitcher } from '../components/venue-grid.tsx';

const halves = VENUE_HALVES.map((half) => ({ value: half, label: VENUE_HALF_LABELS[half] }));

/** 锁定场地: a range from the clicked cell, a reason, and a confirmation before it is sent. */
function LockDialog({
  cell,
  rooms,
  onClose,
}: {
  cell: VenueCell;
  rooms: VenueAvailability['rooms'];
  onClose: () => void;
}) {
  const [form] = Form.useForm<LockVenueBody>();
  const lock = useLock();
  const { modal, message } = App.useApp();
  const submit = (values: LockVenueBody) =>
    modal.confirm({
      title: '确定锁定所选时段？',
      content: '锁定后该时段不能预约，直到解除锁定。',
      okText: '确定锁定',
      onOk: () =>
        lock.mutate(values, {
          onSuccess: ({ cells }) => {
            message.success(`已锁定${cells}个时段`);
            onClose();
          },
          onError: (error) => reportFormError(form, error),
        }),
    });
  return (
    <Modal
      open
      title="锁定场地"
      okText="锁定"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={lock.isPending}
    >
      <Form<LockVenueBody>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{
          roomId: cell.roomId,
          fromDay: cell.day,
          fromHalf: cell.half,
          toDay: cell.day,
          toHalf: cell.half,
          reason: '',
        }}
      >
        <Form.Item name="roomId" label="场地">
          <Select options={rooms.map((room) => ({ value: room.id, label: room.name }))} />
        </Form.Item>
        <Space>
          <Form.Item name="fromDay" label="开始日期">
            <Input type="date" />
          </Form.Item>
          <Form.Item name="fromHalf" label="开始时段">
            <Select options={halves} style={{ width: 90 }} />
          </Form.Item>
          <Form.Item name="toDay" label="结束日期">
            <Input type="date" />
          </Form.Item>
          <Form.Item name="toHalf" label="结束时段">
            <Select options={halves} style={{ width: 90 }} />
          </Form.Item>
        </Space>
        <Form.Item
          name="reason"
          label="锁定原因"
          rules={[{ required: true, whitespace: true, message: '请填写锁定原因' }]}
        >
          <Input.TextArea maxLength={200} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * /lock (administrators): the week's grid, where a free cell opens the lock dialog and a locked one
 * asks whether to lift its lock; below, the week's locks with who locked them and why, and the
 * rooms the centre keeps.
 */
export function LockPage() {
  const [from, setFrom] = useState(chinaToday);
  const availability = useAvailability(from, 7);
  const locks = useLocks(from, 7);
  const unlock = useUnlock();
  const [locking, setLocking] = useState<VenueCell | null>(null);
  const { modal, message } = App.useApp();
  const lift = (cell: Pick<VenueLock, 'roomId' | 'day' | 'half'>) =>
    unlock.mutate(
      { roomId: cell.roomId, fromDay: cell.day, fromHalf: cell.half, toDay: cell.day, toHalf: cell.half },
      { onSuccess: () => message.success('已解除锁定') },
    );
  const onCell = (cell: VenueCell) => {
    if (cell.state === 'available') return setLocking(cell);
    if (cell.state === 'locked')
      return modal.confirm({ title: '确定解除该时段的锁定？', okText: '解除锁定', onOk: () => lift(cell) });
    message.warning('该时段已有通过的预约，不能锁定');
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            场地锁定
          </Typography.Title>
          <Typography.Text type="secondary">
            点击可预约的时段锁定场地，点击已锁定的时段解除锁定。
          </Typography.Text>
          <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
            <WeekSwitcher from={from} onChange={setFrom} />
            <VenueLegend />
          </Space>
          {availability.data ? (
            <VenueGrid availability={availability.data} onCell={onCell} />
          ) : availability.isPending ? (
            <PageLoading />
          ) : null}
        </Space>
      </Card>
      <Card title="本周锁定">
        <Table<VenueLock>
          rowKey="id"
          size="small"
          loading={locks.isPending}
          dataSource={locks.data ?? []}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          locale={{ emptyText: '本周没有锁定的场地' }}
          columns={[
            { title: '场地', dataIndex: 'roomName' },
            { title: '日期', dataIndex: 'day' },
            { title: '时段', key: 'half', render: (_, lock) => VENUE_HALF_LABELS[lock.half] },
            { title: '原因', dataIndex: 'reason' },
            { title: '锁定人', dataIndex: 'lockedBy' },
            {
              title: '操作',
              key: 'actions',
              render: (_, lock) => (
                <Popconfirm title="确定解除该时段的锁定？" onConfirm={() => lift(lock)}>
                  <Button type="link" size="small">
                    解除锁定
                  </Button>
                </Popconfirm>
              ),
            },
          ]}
        />
      </Card>
      <RoomManager />
      {locking && availability.data ? (
        <LockDialog cell={locking} rooms={availability.data.rooms} onClose={() => setLocking(null)} />
      ) : null}
    </Space>
  );
}
