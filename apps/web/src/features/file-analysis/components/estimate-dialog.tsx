import { Alert, App, Form, Input, Modal, Typography } from 'antd';
import { useEffect } from 'react';
import { useApprovedEstimate, useSaveApprovedEstimate } from '../api/checks.ts';

const MONEY = /^\d{1,16}(\.\d{1,2})?$/;

/**
 * 批准的概算 (administrators, the project's owner): the amount C18 holds the control price to.
 * Empty clears it; the check then says it did not compare. Saved on the project version read.
 */
export function EstimateDialog({ xmId, onClose }: { xmId: string; onClose: () => void }) {
  const { message } = App.useApp();
  const estimate = useApprovedEstimate(xmId);
  const save = useSaveApprovedEstimate();
  const [form] = Form.useForm<{ amount: string }>();
  const data = estimate.data;

  useEffect(() => {
    if (data) form.setFieldsValue({ amount: data.approvedEstimate ?? '' });
  }, [data, form]);

  const onOk = async () => {
    if (!data) return onClose();
    const valid = await form.validateFields().catch(() => null);
    if (!valid) return;
    const amount = valid.amount.trim();
    save.mutate(
      { xmId, approvedEstimate: amount === '' ? null : amount, version: data.version },
      {
        onSuccess: () => {
          message.success(amount === '' ? '已清除批准的概算' : '已保存批准的概算');
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open
      title="批准的概算"
      okText="保存"
      onOk={() => void onOk()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      okButtonProps={{ disabled: !data }}
    >
      {estimate.isError && <Alert type="error" showIcon message="读取批准的概算失败，请稍后重试" />}
      <Typography.Paragraph type="secondary">
        招标控制价不得超过批准的概算；超过时招标人应将其报原概算审批部门审核。留空表示未设置，检测时不核对此项。
      </Typography.Paragraph>
      <Form form={form} layout="vertical" disabled={!data}>
        <Form.Item
          name="amount"
          label="批准的概算（元）"
          rules={[
            {
              validator: (_, value: string | undefined) => {
                const text = (value ?? '').trim();
                if (text === '') return Promise.resolve();
                if (!MONEY.test(text)) {
                  return Promise.reject(new Error('请输入金额（元），最多两位小数'));
                }
                if (!/[1-9]/.test(text)) return Promise.reject(new Error('批准的概算必须大于 0'));
                return Promise.resolve();
              },
            },
          ]}
        >
          <Input inputMode="decimal" maxLength={19} placeholder="例如 12800000.00" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
