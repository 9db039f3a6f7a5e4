import { CreateStyleTemplateBodySchema, type StyleTemplate } from '@ks/contract/catalogues';
import { type CardStyle, CardStyleSchema } from '@ks/contract/node-definition';
import { Alert, Button, Card, Col, Form, Input, Modal, Popconfirm, Result, Row, Space, Table } from 'antd';
import { useState } from 'react';
import { CardStyleEditor, CardStylePreview, emptyCardStyle } from '@/components/card-style-editor.tsx';
import { getFeedback } from '@/lib/feedback.ts';
import { zodRule } from '@/lib/form-rules.ts';
import { useSessionStore } from '@/lib/session-store.ts';
import { styleTemplatesApi } from '../api/style-templates.ts';
import { reportDeleteError, reportSaveError } from '../components/report-save-error.ts';

function TemplateDialog({
  template,
  onClose,
}: {
  template: StyleTemplate | 'new' | null;
  onClose: () => void;
}) {
  const current = template && template !== 'new' ? template : null;
  const [form] = Form.useForm<{ name: string }>();
  const [style, setStyle] = useState<CardStyle>(current?.style ?? emptyCardStyle());
  const [problem, setProblem] = useState('');
  const { mutate, isPending } = styleTemplatesApi.useSave();
  const onFinish = ({ name }: { name: string }) => {
    const parsed = CardStyleSchema.safeParse(style);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? '');
      return;
    }
    setProblem('');
    mutate(
      current
        ? { kind: 'update', body: { id: current.id, version: current.version, name, style: parsed.data } }
        : { kind: 'create', body: { name, style: parsed.data } },
      {
        onSuccess: () => {
          getFeedback().successMessage('保存成功');
          onClose();
        },
        onError: (error) => reportSaveError(form, error),
      },
    );
  };
  return (
    <Modal
      title={current ? `编辑样式模板“${current.name}”` : '新增样式模板'}
      open
      width={960}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={isPending}
    >
      <Form
        form={form}
        name="style-template"
        layout="vertical"
        initialValues={{ name: current?.name ?? '' }}
        onFinish={onFinish}
      >
        <Form.Item
          label="模板名称"
          name="name"
          required
          rules={[zodRule(CreateStyleTemplateBodySchema.shape.name)]}
        >
          <Input />
        </Form.Item>
      </Form>
      {problem ? <Alert type="error" showIcon message={problem} style={{ marginBottom: 12 }} /> : null}
      <Row gutter={16}>
        <Col span={14}>
          <CardStyleEditor value={style} onChange={setStyle} />
        </Col>
        <Col span={10}>
          <CardStylePreview style={style} />
        </Col>
      </Row>
    </Modal>
  );
}

/** /system/styleTemplate: named card styles developers apply to nodes' card lists. */
export function StyleTemplatesPage() {
  const canManage = useSessionStore((state) => state.isAdmin || state.isDev);
  const { data = [], isLoading } = styleTemplatesApi.useList();
  const { mutate: remove } = styleTemplatesApi.useRemove();
  const [editing, setEditing] = useState<StyleTemplate | 'new' | null>(null);
  if (!canManage)
    return <Result status="403" title="无权限访问" subTitle="样式模板仅限管理员和开发人员使用" />;
  return (
    <Card
      title="样式模板"
      extra={
        <Button type="primary" onClick={() => setEditing('new')}>
          新增样式模板
        </Button>
      }
    >
      <Table<StyleTemplate>
        rowKey="id"
        loading={isLoading}
        dataSource={data}
        pagination={{ pageSize: 10 }}
        locale={{ emptyText: '还没有样式模板' }}
        columns={[
          { title: '模板名称', dataIndex: 'name' },
          { title: '卡片宽度', key: 'width', render: (_, one) => one.style.width },
          {
            title: '预览',
            key: 'preview',
            width: 360,
            render: (_, one) => <CardStylePreview style={one.style} />,
          },
          {
            title: '操作',
            key: 'actions',
            render: (_, one) => (
              <Space>
                <Button type="link" size="small" onClick={() => setEditing(one)}>
                  编辑
                </Button>
                <Popconfirm
                  title="删除样式模板"
                  description={`确定删除样式模板“${one.name}”吗？`}
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
      {editing ? (
        <TemplateDialog
          key={editing === 'new' ? 'new' : editing.id}
          template={editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Card>
  );
}
