import { FORM_ITEM_TYPE_LABELS, type FormGroup, type FormItem } from '@ks/contract/form-schema';
import type { NodeDefinition } from '@ks/contract/node-definition';
import { Button, Card, Input, Popconfirm, Space, Table, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { FormItemDialog } from './form-item-dialog.tsx';
import { moveAt, replaceAt } from './move.ts';

type Props = {
  definition: NodeDefinition;
  onChange: (definition: NodeDefinition) => void;
  /** The live preview, rendered by the records area's SchemaForm (composed by the page). */
  preview: ReactNode;
};

/** 表单设计: the node's form items and groups, edited beside a live preview. */
export function FormDesignTab({ definition, onChange, preview }: Props) {
  const { items, groups } = definition.form;
  const [editing, setEditing] = useState<{ item: FormItem | null } | null>(null);
  const setItems = (next: FormItem[]) =>
    onChange({ ...definition, form: { ...definition.form, items: next } });
  const setGroups = (next: FormGroup[]) =>
    onChange({ ...definition, form: { ...definition.form, groups: next } });

  const onSubmit = (item: FormItem) => {
    const index = editing?.item ? items.findIndex((one) => one.code === editing.item?.code) : -1;
    setItems(index >= 0 ? replaceAt(items, index, item) : [...items, item]);
    setEditing(null);
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Card
        size="small"
        title="表单字段"
        extra={
          <Button type="primary" onClick={() => setEditing({ item: null })}>
            新增字段
          </Button>
        }
      >
        <Table<FormItem>
          rowKey="code"
          size="small"
          pagination={false}
          dataSource={items}
          locale={{ emptyText: '还没有字段，请点击“新增字段”' }}
          columns={[
            { title: '字段编码', dataIndex: 'code' },
            { title: '字段名称', dataIndex: 'name' },
            {
              title: '类型',
              dataIndex: 'type',
              render: (type: FormItem['type']) => FORM_ITEM_TYPE_LABELS[type],
            },
            {
              title: '必填',
              dataIndex: 'required',
              render: (required: FormItem['required']) => (required === '0' ? '否' : '是'),
            },
            { title: '显示', dataIndex: 'show', render: (show: boolean) => (show ? '是' : <Tag>隐藏</Tag>) },
            { title: '分组', dataIndex: 'groupNumber' },
            {
              title: '操作',
              key: 'actions',
              render: (_, item, index) => (
                <Space size={0}>
                  <Button
                    type="link"
                    size="small"
                    disabled={index === 0}
                    onClick={() => setItems(moveAt(items, index, -1))}
                  >
                    上移
                  </Button>
                  <Button
                    type="link"
                    size="small"
                    disabled={index === items.length - 1}
                    onClick={() => setItems(moveAt(items, index, 1))}
                  >
                    下移
                  </Button>
                  <Button type="link" size="small" onClick={() => setEditing({ item })}>
                    编辑
                  </Button>
                  <Popconfirm
                    title="删除字段"
                    description={`确定删除字段“${item.name}”吗？`}
                    okText="删除"
                    cancelText="取消"
                    onConfirm={() => setItems(items.filter((one) => one.code !== item.code))}
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
      </Card>
      <Card
        size="small"
        title="字段分组"
        extra={
          <Button onClick={() => setGroups([...groups, { groupNumber: '', name: '' }])}>新增分组</Button>
        }
      >
        {groups.length === 0 ? <span>没有分组：字段按顺序排列。</span> : null}
        {groups.map((group, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: groups are edited in place, by position.
          <Space key={index} style={{ display: 'flex', marginBottom: 8 }}>
            <Input
              aria-label={`分组${index + 1}编号`}
              placeholder="分组编号（含 _x 表示须先填上级）"
              value={group.groupNumber}
              onChange={(event) =>
                setGroups(replaceAt(groups, index, { ...group, groupNumber: event.target.value }))
              }
            />
            <Input
              aria-label={`分组${index + 1}名称`}
              placeholder="分组名称"
              value={group.name}
              onChange={(event) =>
                setGroups(replaceAt(groups, index, { ...group, name: event.target.value }))
              }
            />
            <Button danger size="small" onClick={() => setGroups(groups.filter((_, i) => i !== index))}>
              删除
            </Button>
          </Space>
        ))}
      </Card>
      <Card size="small" title="实时预览">
        {preview}
      </Card>
      <FormItemDialog
        open={editing !== null}
        item={editing?.item ?? null}
        items={items}
        groups={groups}
        onCancel={() => setEditing(null)}
        onSubmit={onSubmit}
      />
    </Space>
  );
}
