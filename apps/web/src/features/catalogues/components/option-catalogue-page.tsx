import type { FormOption } from '@ks/contract/form-schema';
import { Button, Card, Form, Input, Modal, Popconfirm, Result, Space, Table } from 'antd';
import { useState } from 'react';
import { OptionListEditor } from '@/components/option-list-editor.tsx';
import { getFeedback } from '@/lib/feedback.ts';
import { zodRule } from '@/lib/form-rules.ts';
import { useSessionStore } from '@/lib/session-store.ts';
import { reportDeleteError, reportSaveError } from './report-save-error.ts';

type Rule = Parameters<typeof zodRule>[0];
export type OptionCatalogue = {
  id: string;
  code: string;
  name: string;
  version: number;
  options: FormOption[];
};
type Values = { code: string; name: string; options: FormOption[] };
type SaveInput =
  | { kind: 'create'; code: string; name: string; options: FormOption[] }
  | { kind: 'update'; id: string; version: number; name: string; options: FormOption[] };

const countOf = (options: readonly FormOption[]): number =>
  options.reduce((sum, option) => sum + 1 + countOf(option.children ?? []), 0);

/**
 * A page of option catalogues (dictionaries: flat lists; value ranges: trees): list, add, edit,
 * delete, with the contract's rules on code, name and options.
 */
export function OptionCataloguePage({
  title,
  noun,
  nested,
  rules,
  list,
  isLoading,
  save,
  isSaving,
  remove,
}: {
  title: string;
  /** 字典 or 值域. */
  noun: string;
  nested: boolean;
  rules: { code: Rule; name: Rule; options: Rule };
  list: OptionCatalogue[];
  isLoading: boolean;
  save: (input: SaveInput, handlers: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  isSaving: boolean;
  remove: (id: string, handlers: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
}) {
  const canManage = useSessionStore((state) => state.isAdmin || state.isDev);
  const [editing, setEditing] = useState<OptionCatalogue | 'new' | null>(null);
  const [form] = Form.useForm<Values>();
  if (!canManage)
    return <Result status="403" title="无权限访问" subTitle={`${title}仅限管理员和开发人员使用`} />;
  const current = editing && editing !== 'new' ? editing : null;

  const onFinish = (values: Values) =>
    save(
      current
        ? {
            kind: 'update',
            id: current.id,
            version: current.version,
            name: values.name,
            options: values.options,
          }
        : { kind: 'create', code: values.code, name: values.name, options: values.options },
      {
        onSuccess: () => {
          getFeedback().successMessage('保存成功');
          setEditing(null);
        },
        onError: (error) => reportSaveError(form, error),
      },
    );

  return (
    <Card
      title={title}
      extra={
        <Button type="primary" onClick={() => setEditing('new')}>
          新增{noun}
        </Button>
      }
    >
      <Table<OptionCatalogue>
        rowKey="id"
        loading={isLoading}
        dataSource={list}
        pagination={{ pageSize: 20 }}
        locale={{ emptyText: `还没有${noun}` }}
        columns={[
          { title: `${noun}编码`, dataIndex: 'code' },
          { title: `${noun}名称`, dataIndex: 'name' },
          { title: '选项数', key: 'count', render: (_, one) => countOf(one.options) },
          {
            title: '操作',
            key: 'actions',
            render: (_, one) => (
              <Space>
                <Button type="link" size="small" onClick={() => setEditing(one)}>
                  编辑
                </Button>
                <Popconfirm
                  title={`删除${noun}`}
                  description={`确定删除${noun}“${one.name}”吗？`}
                  okText="删除"
                  cancelText="取消"
                  onConfirm={() =>
                    remove(one.id, {
                      onSuccess: () => getFeedback().successMessage('删除成功'),
                      onError: reportDeleteError,
                    })
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
      <Modal
        title={current ? `编辑${noun}“${current.name}”` : `新增${noun}`}
        open={editing !== null}
        width={760}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        confirmLoading={isSaving}
        destroyOnHidden
      >
        <Form
          form={form}
          name="option-catalogue"
          layout="vertical"
          preserve={false}
          initialValues={{
            code: current?.code ?? '',
            name: current?.name ?? '',
            options: current?.options ?? [],
          }}
          onFinish={onFinish}
        >
          <Form.Item label={`${noun}编码`} name="code" required rules={current ? [] : [zodRule(rules.code)]}>
            {/* Form items refer to the code, so it is fixed once created. */}
            <Input disabled={current !== null} />
          </Form.Item>
          <Form.Item label={`${noun}名称`} name="name" required rules={[zodRule(rules.name)]}>
            <Input />
          </Form.Item>
          <Form.Item label="选项" name="options" required rules={[zodRule(rules.options)]}>
            <OptionListEditor nested={nested} canDisable={!nested} label="选项" />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
