import {
  CREDIT_CLASS_LABELS,
  CREDIT_CLASSES,
  CREDIT_SEVERITIES,
  type CreditClass,
  type CreditItemType,
  type SaveCreditItemTypeBody,
} from '@ks/contract/credit';
import { ENTERPRISE_TYPES } from '@ks/contract/session';
import {
  Button,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { EmptyMessage } from '@/components/empty-state.tsx';
import { getFeedback } from '@/lib/feedback.ts';
import {
  useCreditLevel,
  useItemTypes,
  useRetireItemType,
  useSaveItemType,
  useSaveModel,
} from '../api/credit-api.ts';

type ItemTypeForm = SaveCreditItemTypeBody;

/** 信用事项目录 (administrators): item types per enterprise type and class, with highest score and window. */
export function ItemTypeCatalogue() {
  const { data = [], isPending } = useItemTypes();
  const retire = useRetireItemType();
  const [editing, setEditing] = useState<CreditItemType | 'new' | null>(null);
  const [qyType, setQyType] = useState<string>('');
  const rows = qyType ? data.filter((row) => row.qyType === qyType) : data;
  const columns: TableColumnsType<CreditItemType> = [
    { title: '事项编码', dataIndex: 'code', width: 110 },
    {
      title: '事项名称',
      dataIndex: 'name',
      render: (name: string, row) => (
        <Space>
          {name}
          {row.suggestion ? <Tag>建议值</Tag> : null}
        </Space>
      ),
    },
    { title: '企业类型', dataIndex: 'qyType', width: 100 },
    {
      title: '信用类别',
      dataIndex: 'creditClass',
      width: 130,
      render: (value: CreditClass) => CREDIT_CLASS_LABELS[value],
    },
    { title: '最高分', dataIndex: 'maxScore', align: 'right', width: 80 },
    {
      title: '公示期',
      dataIndex: 'windowMonths',
      width: 90,
      render: (months: number) => (months === 0 ? '长期' : `${months}个月`),
    },
    { title: '默认等级', dataIndex: 'defaultSeverity', align: 'center', width: 90 },
    {
      title: '操作',
      key: 'operations',
      width: 130,
      render: (_value, row) => (
        <Space>
          <Button type="link" size="small" onClick={() => setEditing(row)}>
            修改
          </Button>
          <Popconfirm
            title="停用后该事项不能再申报，已有信息仍按原最高分计分。确定停用？"
            onConfirm={() =>
              retire.mutate(
                { id: row.id, version: row.version },
                { onSuccess: () => getFeedback().successMessage('操作成功') },
              )
            }
          >
            <Button type="link" size="small" danger>
              停用
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <Select
          aria-label="企业类型"
          placeholder="企业类型"
          allowClear
          style={{ width: 160 }}
          value={qyType || undefined}
          onChange={(value?: string) => setQyType(value ?? '')}
          options={ENTERPRISE_TYPES.map((value) => ({ value, label: value }))}
        />
        <Button type="primary" onClick={() => setEditing('new')}>
          新增事项
        </Button>
      </Space>
      <Table
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={isPending}
        locale={{ emptyText: <EmptyMessage /> }}
      />
      {editing ? <ItemTypeDialog editing={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

function ItemTypeDialog({ editing, onClose }: { editing: CreditItemType | 'new'; onClose: () => void }) {
  const [form] = Form.useForm<ItemTypeForm>();
  const save = useSaveItemType();
  const isNew = editing === 'new';
  return (
    <Modal
      open
      title={isNew ? '新增信用事项' : '修改信用事项'}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={
          isNew ? { creditClass: 'good', windowMonths: 36, defaultSeverity: '', sort: 0 } : editing
        }
        onFinish={(values) =>
          save.mutate(isNew ? values : { ...values, id: editing.id, version: editing.version }, {
            onSuccess: () => {
              getFeedback().successMessage('保存成功');
              onClose();
            },
          })
        }
      >
        <Form.Item name="code" label="事项编码" rules={[{ required: true, message: '请输入事项编码' }]}>
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item
          name="name"
          label="事项名称"
          rules={[{ required: true, whitespace: true, message: '请输入事项名称' }]}
        >
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="qyType" label="企业类型" rules={[{ required: true, message: '请选择企业类型' }]}>
          <Select options={ENTERPRISE_TYPES.map((value) => ({ value, label: value }))} />
        </Form.Item>
        <Form.Item
          name="creditClass"
          label="信用类别"
          rules={[{ required: true, message: '请选择信用类别' }]}
        >
          <Select options={CREDIT_CLASSES.map((value) => ({ value, label: CREDIT_CLASS_LABELS[value] }))} />
        </Form.Item>
        <Form.Item name="maxScore" label="最高分" rules={[{ required: true, message: '请输入分数' }]}>
          <InputNumber min={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="windowMonths"
          label="公示期（月，0为长期）"
          rules={[{ required: true, message: '请输入公示期' }]}
        >
          <InputNumber min={0} max={120} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="defaultSeverity" label="默认失信等级（不良信用信息）">
          <Select
            options={[
              { value: '', label: '无' },
              ...CREDIT_SEVERITIES.map((value) => ({ value, label: value })),
            ]}
          />
        </Form.Item>
        <Form.Item name="sort" label="排序">
          <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

type ModelForm = {
  base: number;
  fullScore: number;
  goodCap: number | null;
  badCap: number | null;
  basicCounts: boolean;
  bands: { grade: string; min: number }[];
};

/** 评分模型与等级 (administrators): a new model version recomputes every enterprise's score. */
export function ScoreModelForm() {
  const { data: model } = useCreditLevel();
  const save = useSaveModel();
  const [form] = Form.useForm<ModelForm>();
  useEffect(() => {
    if (model) form.setFieldsValue(model);
  }, [model, form]);
  if (!model) return <EmptyMessage />;
  return (
    <Form
      form={form}
      layout="vertical"
      style={{ maxWidth: 560 }}
      onFinish={(values) =>
        save.mutate(
          {
            ...values,
            goodCap: values.goodCap ?? null,
            badCap: values.badCap ?? null,
            modelVersion: model.modelVersion,
          },
          { onSuccess: () => getFeedback().successMessage('保存成功') },
        )
      }
    >
      <Typography.Paragraph type="secondary">
        当前为第{model.modelVersion}版：信用分 = 基础分 + 优良信用分（不超过上限）−
        不良扣分（不超过上限），限定在 0 至满分之间；保存后生成新版本并重新计算全部企业的信用分。
      </Typography.Paragraph>
      <Space wrap>
        <Form.Item name="base" label="基础分" rules={[{ required: true, message: '请输入分数' }]}>
          <InputNumber min={0} />
        </Form.Item>
        <Form.Item name="fullScore" label="满分" rules={[{ required: true, message: '请输入满分' }]}>
          <InputNumber min={1} />
        </Form.Item>
        <Form.Item name="goodCap" label="优良加分上限">
          <InputNumber min={0} placeholder="不限" />
        </Form.Item>
        <Form.Item name="badCap" label="不良扣分上限">
          <InputNumber min={0} placeholder="不限" />
        </Form.Item>
        <Form.Item name="basicCounts" label="基本信息计分" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Space>
      <Form.List name="bands">
        {(fields, { add, remove }) => (
          <>
            <Typography.Text strong>等级分数线（从高到低）</Typography.Text>
            {fields.map((field) => (
              <Space key={field.key} align="baseline" style={{ display: 'flex', marginTop: 8 }}>
                <Form.Item
                  name={[field.name, 'grade']}
                  rules={[{ required: true, message: '请输入等级' }]}
                  noStyle
                >
                  <Input placeholder="等级" style={{ width: 100 }} maxLength={8} />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'min']}
                  rules={[{ required: true, message: '请输入分数线' }]}
                  noStyle
                >
                  <InputNumber placeholder="最低分" min={0} />
                </Form.Item>
                <Button type="link" danger onClick={() => remove(field.name)}>
                  删除
                </Button>
              </Space>
            ))}
            <div style={{ margin: '8px 0 16px' }}>
              <Button onClick={() => add({ grade: '', min: 0 })}>添加等级</Button>
            </div>
          </>
        )}
      </Form.List>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        保存
      </Button>
    </Form>
  );
}
