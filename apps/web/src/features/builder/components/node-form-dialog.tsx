import {
  type BuilderNode,
  type ChildMenuBody,
  ChildMenuBodySchema,
  IT_SHOWS_LABELS,
} from '@ks/contract/builder';
import { NODE_PROPERTIES, NODE_PROPERTY_LABELS, type NodeProperty } from '@ks/contract/shell';
import { Form, Input, Modal, Select, Switch } from 'antd';
import { getFeedback } from '@/lib/feedback.ts';
import { reportFormError, zodRule } from '@/lib/form-rules.ts';
import { useNodeLogos } from '../api/find-node-logos.ts';
import { useSaveNode } from '../api/save-node.ts';

type NodeFormValues = {
  title: string;
  gnCoding: string;
  icon: string;
  itShows: boolean;
  nodeProperties: NodeProperty | undefined;
  style: string;
  nodeSetFlag: boolean;
  disabled: boolean;
};

/** Adding under parentId (null: top level), or editing node. */
export type NodeFormTarget = { kind: 'add'; parentId: string | null } | { kind: 'edit'; node: BuilderNode };

const fields = ChildMenuBodySchema.shape;
const nodePropertyOptions = NODE_PROPERTIES.map((value) => ({ value, label: NODE_PROPERTY_LABELS[value] }));

const valuesOf = (target: NodeFormTarget | null): NodeFormValues =>
  target?.kind === 'edit'
    ? { ...target.node, itShows: target.node.itShows === '是' }
    : {
        title: '',
        gnCoding: '',
        icon: '',
        itShows: true,
        nodeProperties: undefined,
        style: '',
        nodeSetFlag: false,
        disabled: false,
      };

/** The menu node form; the code is fixed once the node is saved. */
export function NodeFormDialog({
  systemCoding,
  target,
  onClose,
}: {
  systemCoding: string;
  target: NodeFormTarget | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<NodeFormValues>();
  const { data: logos = [] } = useNodeLogos();
  const { mutate, isPending } = useSaveNode();
  const isEdit = target?.kind === 'edit';

  const onFinish = (values: NodeFormValues) => {
    if (!target || !values.nodeProperties) return;
    const common = {
      title: values.title,
      icon: (values.icon ?? '') as ChildMenuBody['icon'],
      itShows: values.itShows ? ('是' as const) : ('否' as const),
      nodeProperties: values.nodeProperties,
      style: values.style,
      nodeSetFlag: values.nodeSetFlag,
      disabled: values.disabled,
    };
    const input =
      target.kind === 'add'
        ? {
            kind: 'add' as const,
            body: { ...common, systemCoding, parentId: target.parentId, gnCoding: values.gnCoding },
          }
        : { kind: 'edit' as const, body: { ...common, id: target.node.id, version: target.node.version } };
    mutate(input, {
      onSuccess: () => {
        getFeedback().successMessage('保存成功');
        onClose();
      },
      onError: (error) => reportFormError(form, error),
    });
  };

  return (
    <Modal
      title={isEdit ? '编辑节点' : '新增节点'}
      open={target !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        name="menu-node"
        layout="vertical"
        initialValues={valuesOf(target)}
        onFinish={onFinish}
      >
        <Form.Item label="节点名称" name="title" required rules={[zodRule(fields.title)]}>
          <Input />
        </Form.Item>
        <Form.Item
          label="功能编码"
          name="gnCoding"
          required
          rules={isEdit ? [] : [zodRule(fields.gnCoding)]}
          extra="以字母开头，由字母、数字或下划线组成；保存后不可修改"
        >
          <Input disabled={isEdit} />
        </Form.Item>
        <Form.Item label="节点属性" name="nodeProperties" required rules={[zodRule(fields.nodeProperties)]}>
          <Select aria-label="节点属性" options={nodePropertyOptions} showSearch optionFilterProp="label" />
        </Form.Item>
        <Form.Item label="图标" name="icon">
          <Select
            aria-label="图标"
            allowClear
            options={[{ value: '', label: '无' }, ...logos.map((logo) => ({ value: logo, label: logo }))]}
          />
        </Form.Item>
        <Form.Item label="是否显示" name="itShows" valuePropName="checked">
          <Switch
            aria-label="是否显示"
            checkedChildren={IT_SHOWS_LABELS.是}
            unCheckedChildren={IT_SHOWS_LABELS.否}
          />
        </Form.Item>
        <Form.Item label="样式" name="style" rules={[zodRule(fields.style)]}>
          <Input />
        </Form.Item>
        <Form.Item label="节点设置" name="nodeSetFlag" valuePropName="checked">
          <Switch aria-label="节点设置" />
        </Form.Item>
        <Form.Item label="停用" name="disabled" valuePropName="checked">
          <Switch aria-label="停用" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
