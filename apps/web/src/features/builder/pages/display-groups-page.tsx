import {
  type DisplayGroup,
  type EditDisplayGroupBody,
  GROUP_ICONS,
  NewDisplayGroupBodySchema,
} from '@ks/contract/builder';
import { Button, Card, Form, Input, Modal, Popconfirm, Result, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { getFeedback } from '@/lib/feedback.ts';
import { reportFormError, zodRule } from '@/lib/form-rules.ts';
import { useSessionStore } from '@/lib/session-store.ts';
import { useDeleteDisplayGroup, useDisplayGroups, useSaveDisplayGroup } from '../api/display-groups.ts';
import { useNodes } from '../api/find-nodes.ts';
import { useSystems } from '../api/find-systems.ts';
import { NodePicker } from '../components/node-target.tsx';

type Values = { name: string; icon: NonNullable<EditDisplayGroupBody['icon']>; nodeIds: string[] };
const fields = NewDisplayGroupBodySchema.shape;

function GroupDialog({
  systemCoding,
  group,
  onClose,
}: {
  systemCoding: string;
  group: DisplayGroup | 'new' | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const { data: nodes = [] } = useNodes(systemCoding);
  const { mutate, isPending } = useSaveDisplayGroup();
  const current = group && group !== 'new' ? group : null;
  const onFinish = (values: Values) =>
    mutate(
      current
        ? { kind: 'edit', body: { ...values, id: current.id, version: current.version } }
        : { kind: 'create', body: { ...values, systemCoding } },
      {
        onSuccess: () => {
          getFeedback().successMessage('保存成功');
          onClose();
        },
        onError: (error) => reportFormError(form, error),
      },
    );
  return (
    <Modal
      title={current ? `编辑展示分组“${current.name}”` : '新增展示分组'}
      open={group !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        name="display-group"
        layout="vertical"
        preserve={false}
        initialValues={{
          name: current?.name ?? '',
          icon: current?.icon ?? '',
          nodeIds: current?.nodeIds ?? [],
        }}
        onFinish={onFinish}
      >
        <Form.Item label="分组名称" name="name" required rules={[zodRule(fields.name)]}>
          <Input />
        </Form.Item>
        <Form.Item label="图标" name="icon">
          <Select
            aria-label="图标"
            options={[
              { value: '', label: '（无）' },
              ...GROUP_ICONS.map((icon) => ({ value: icon, label: icon })),
            ]}
          />
        </Form.Item>
        <Form.Item label="节点" name="nodeIds">
          <Select
            aria-label="节点"
            mode="multiple"
            showSearch={{ optionFilterProp: 'label' }}
            options={nodes.map((node) => ({ value: node.id, label: node.title }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /system/displayGroups?systemCoding= : a system's display groups (展示分组): named, ordered sets of nodes. */
export function DisplayGroupsPage() {
  const isDev = useSessionStore((state) => state.isDev);
  const [params] = useSearchParams();
  const systemCoding = params.get('systemCoding') ?? '';
  const { data: systems } = useSystems();
  const { data: groups = [], isLoading } = useDisplayGroups(isDev ? systemCoding : '');
  const { data: nodes = [] } = useNodes(isDev ? systemCoding : '');
  const { mutate: remove } = useDeleteDisplayGroup();
  const [editing, setEditing] = useState<DisplayGroup | 'new' | null>(null);
  if (!isDev) return <Result status="403" title="无权限访问" subTitle="展示分组仅限开发人员使用" />;
  if (!systemCoding) return <NodePicker title="展示分组：请选择系统" />;
  const system = systems?.find((one) => one.gnCoding === systemCoding);
  const titleOf = new Map(nodes.map((node) => [node.id, node.title]));

  return (
    <Card
      title={`展示分组${system ? `：${system.systemName}` : ''}`}
      extra={
        <Space>
          <Link to={`/system/menuSetUp?systemCoding=${encodeURIComponent(systemCoding)}`}>菜单设置</Link>
          <Button type="primary" onClick={() => setEditing('new')}>
            新增展示分组
          </Button>
        </Space>
      }
    >
      <Table<DisplayGroup>
        rowKey="id"
        loading={isLoading}
        dataSource={groups}
        pagination={false}
        locale={{ emptyText: '还没有展示分组' }}
        columns={[
          { title: '分组名称', dataIndex: 'name' },
          { title: '图标', dataIndex: 'icon' },
          {
            title: '节点',
            key: 'nodes',
            render: (_, group) => group.nodeIds.map((id) => <Tag key={id}>{titleOf.get(id) ?? id}</Tag>),
          },
          {
            title: '操作',
            key: 'actions',
            render: (_, group) => (
              <Space>
                <Button type="link" size="small" onClick={() => setEditing(group)}>
                  编辑
                </Button>
                <Popconfirm
                  title="删除展示分组"
                  description={`确定删除展示分组“${group.name}”吗？`}
                  okText="删除"
                  cancelText="取消"
                  onConfirm={() =>
                    remove(group.id, { onSuccess: () => getFeedback().successMessage('删除成功') })
                  }
                >
                  <Button type="link" size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <GroupDialog systemCoding={systemCoding} group={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}
