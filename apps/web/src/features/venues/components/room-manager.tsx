import { type CreateVenueRoomBody, VENUE_ROOM_KINDS, type VenueRoom } from '@ks/contract/venues';
import { App, Button, Card, Form, Input, InputNumber, Modal, Select, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { reportFormError } from '@/lib/form-rules.ts';
import { useCreateRoom, useRooms, useUpdateRoom } from '../api/venues-api.ts';

type Values = Required<CreateVenueRoomBody>;

/** 新增 or 修改 a room; an edit carries the version it read, so a stale one is refused. */
function RoomDialog({ room, onClose }: { room: VenueRoom | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const create = useCreateRoom();
  const update = useUpdateRoom();
  const { message } = App.useApp();
  const pending = create.isPending || update.isPending;
  const done = {
    onSuccess: () => {
      message.success('已保存');
      onClose();
    },
    onError: (error: unknown) => reportFormError(form, error),
  };
  const submit = (values: Values) =>
    room
      ? update.mutate({ ...values, id: room.id, version: room.version }, done)
      : create.mutate(values, done);
  return (
    <Modal
      open
      title={room ? '修改场地' : '新增场地'}
      okText="保存"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={pending}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={room ?? { name: '', kind: '开标室', capacity: 20, location: '', active: true }}
      >
        <Form.Item
          name="name"
          label="场地名称"
          rules={[{ required: true, whitespace: true, message: '请输入场地名称' }]}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="kind" label="场地类型">
          <Select options={VENUE_ROOM_KINDS.map((kind) => ({ value: kind, label: kind }))} />
        </Form.Item>
        <Form.Item name="capacity" label="容纳人数" rules={[{ required: true, message: '请输入容纳人数' }]}>
          <InputNumber min={1} max={10000} precision={0} />
        </Form.Item>
        <Form.Item name="location" label="场地位置">
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="active" label="启用" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The centre's rooms: a stopped room is kept (its bookings stay readable) but not offered. */
export function RoomManager() {
  const rooms = useRooms();
  const [editing, setEditing] = useState<VenueRoom | 'new' | null>(null);
  return (
    <Card
      title="场地管理"
      extra={
        <Button type="primary" onClick={() => setEditing('new')}>
          新增场地
        </Button>
      }
    >
      <Table<VenueRoom>
        rowKey="id"
        size="small"
        loading={rooms.isPending}
        dataSource={rooms.data ?? []}
        pagination={false}
        locale={{ emptyText: '暂无场地' }}
        columns={[
          { title: '场地名称', dataIndex: 'name' },
          { title: '类型', dataIndex: 'kind' },
          { title: '容纳人数', dataIndex: 'capacity' },
          { title: '位置', dataIndex: 'location' },
          {
            title: '状态',
            key: 'active',
            render: (_, room) => (room.active ? <Tag color="success">启用</Tag> : <Tag>停用</Tag>),
          },
          {
            title: '操作',
            key: 'edit',
            render: (_, room) => (
              <Button type="link" size="small" onClick={() => setEditing(room)}>
                修改
              </Button>
            ),
          },
        ]}
      />
      {editing ? (
        <RoomDialog room={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </Card>
  );
}
