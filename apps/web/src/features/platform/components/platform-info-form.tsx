import { type PlatformInfo, UpdatePlatformInfoBodySchema } from '@ks/contract/platform';
import { Button, Form, Input } from 'antd';
import { getFeedback } from '@/lib/feedback.ts';
import { reportFormError, zodRule } from '@/lib/form-rules.ts';
import { useUpdatePlatformInfo } from '../api/update-platform-info.ts';

type PlatformInfoValues = Pick<PlatformInfo, 'platformName' | 'describe' | 'filingsCoding' | 'supportPhone'>;

const FIELDS = UpdatePlatformInfoBodySchema.shape;

/**
 * 平台信息: name, footer description, filing number and support line. Saved with the revision it was
 * loaded at; the caller keys it by revision, so a reload shows the stored values.
 */
export function PlatformInfoForm({ info }: { info: PlatformInfo }) {
  const [form] = Form.useForm<PlatformInfoValues>();
  const update = useUpdatePlatformInfo();

  const onFinish = (values: PlatformInfoValues) =>
    update.mutate(
      { ...values, revision: info.revision },
      {
        onSuccess: () => getFeedback().successMessage('保存成功'),
        onError: (error) => reportFormError(form, error),
      },
    );

  return (
    <Form
      form={form}
      layout="vertical"
      aria-label="平台信息"
      className="ks-platform-info-form"
      initialValues={{
        platformName: info.platformName,
        describe: info.describe,
        filingsCoding: info.filingsCoding,
        supportPhone: info.supportPhone,
      }}
      onFinish={onFinish}
    >
      <Form.Item label="平台名称" name="platformName" rules={[zodRule(FIELDS.platformName)]} required>
        <Input maxLength={60} />
      </Form.Item>
      <Form.Item
        label="平台描述"
        name="describe"
        rules={[zodRule(FIELDS.describe)]}
        extra="显示在页脚，可使用简单的 HTML；保存时服务器会清理不安全的标签"
      >
        <Input.TextArea rows={4} maxLength={5000} />
      </Form.Item>
      <Form.Item
        label="备案号"
        name="filingsCoding"
        rules={[zodRule(FIELDS.filingsCoding)]}
        extra="显示在页脚，点击在新窗口打开工业和信息化部备案管理系统"
      >
        <Input maxLength={60} />
      </Form.Item>
      <Form.Item
        label="技术支持电话"
        name="supportPhone"
        rules={[zodRule(FIELDS.supportPhone)]}
        extra="显示在页脚；未配置在线客服时，客服窗口请用户拨打此电话"
      >
        <Input maxLength={30} placeholder="如 025-12345678 或 400-123-4567" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        保存
      </Button>
    </Form>
  );
}
