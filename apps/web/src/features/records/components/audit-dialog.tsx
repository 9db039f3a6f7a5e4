import { ADVICE_REQUIRED_MESSAGE } from '@ks/contract/workflow';
import { Form, Input, Modal, Radio } from 'antd';
import { useReenable } from '../lib/use-reenable.ts';

export type AuditDecision = { result: 'pass' | 'reject'; advice: string };

/** The audit dialog: 通过 or 退回 with advice; a rejection needs advice ('请填写审核意见'). */
export function AuditDialog({
  open,
  isPending,
  onSubmit,
  onClose,
}: {
  open: boolean;
  isPending: boolean;
  onSubmit: (decision: AuditDecision) => void;
  onClose: () => void;
}) {
  const [form] = Form.useForm<AuditDecision>();
  const result = Form.useWatch('result', form);
  const { isCoolingDown, guard } = useReenable();
  return (
    <Modal
      title="审核"
      open={open}
      onCancel={onClose}
      onOk={guard(() => form.submit())}
      okButtonProps={{ disabled: isCoolingDown }}
      confirmLoading={isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        name="audit"
        layout="vertical"
        initialValues={{ result: 'pass', advice: '' }}
        onFinish={(values) => onSubmit({ result: values.result, advice: (values.advice ?? '').trim() })}
      >
        <Form.Item label="审核结果" name="result">
          <Radio.Group
            options={[
              { label: '通过', value: 'pass' },
              { label: '退回', value: 'reject' },
            ]}
          />
        </Form.Item>
        <Form.Item
          label="审核意见"
          name="advice"
          required={result === 'reject'}
          rules={[
            {
              validator: (_, value: string | undefined) =>
                form.getFieldValue('result') === 'reject' && !(value ?? '').trim()
                  ? Promise.reject(new Error(ADVICE_REQUIRED_MESSAGE))
                  : Promise.resolve(),
            },
            { max: 500, message: '审核意见不能超过500个字符' },
          ]}
        >
          <Input.TextArea rows={4} placeholder="请输入审核意见" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
