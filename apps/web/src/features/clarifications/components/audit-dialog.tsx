import type { ClarificationAuditBody, ClarificationRow } from '@ks/contract/clarifications';
import { App, Form, Input, Modal, Radio } from 'antd';
import { reportFormError } from '@/lib/form-rules.ts';
import { useAuditClarification } from '../api/clarify-api.ts';

type Values = Pick<ClarificationAuditBody, 'decision' | 'reason'>;

/** The centre's decision on a submitted clarification: approve, or return with the reason. */
export function AuditDialog({ row, onClose }: { row: ClarificationRow; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const audit = useAuditClarification();
  const { message } = App.useApp();
  const decision = Form.useWatch('decision', form);
  const submit = (values: Values) =>
    audit.mutate(
      { id: row.id, version: row.version, decision: values.decision, reason: values.reason ?? '' },
      {
        onSuccess: () => {
          message.success('操作成功');
          onClose();
        },
        onError: (error) => reportFormError(form, error),
      },
    );
  return (
    <Modal
      open
      title={`审核澄清：${row.title}`}
      okText="确定"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={audit.isPending}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ decision: 'approve', reason: '' }}
      >
        <Form.Item name="decision" label="审核结果">
          <Radio.Group
            options={[
              { value: 'approve', label: '审核通过' },
              { value: 'return', label: '退回' },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="reason"
          label={decision === 'return' ? '退回理由' : '审核意见'}
          rules={
            decision === 'return' ? [{ required: true, whitespace: true, message: '请填写退回理由' }] : []
          }
        >
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
