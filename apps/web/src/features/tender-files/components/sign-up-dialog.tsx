import { Alert, Form, Input, Modal } from 'antd';
import { ERROR_CODES } from '@/lib/constants.ts';
import { getFeedback } from '@/lib/feedback.ts';
import { isApiError } from '@/lib/http.ts';
import { useSignUp } from '../api/tender-files-api.ts';

interface Values {
  contactName: string;
  contactPhone: string;
}

/** 报名: the bidder gives its contact; the server decides whether the sale is open and answers why not. */
export function SignUpDialog({
  sectionId,
  title,
  onClose,
}: {
  sectionId: string;
  title: string;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const signUp = useSignUp();
  return (
    <Modal
      open
      title={`报名：${title}`}
      okText="报名"
      confirmLoading={signUp.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Alert type="info" showIcon message="报名后可在文件发售期内下载招标文件，报名信息仅交易中心可见" />
      <Form
        form={form}
        layout="vertical"
        style={{ marginTop: 16 }}
        onFinish={async (values) => {
          try {
            await signUp.mutateAsync({ sectionId, ...values });
            getFeedback().successMessage('报名成功');
            onClose();
          } catch (error) {
            if (!isApiError(error) || error.code !== ERROR_CODES.BAD_REQUEST) return;
            const data = (error.data ?? {}) as Record<string, unknown>;
            const fields = (['contactName', 'contactPhone'] as const)
              .filter((name) => typeof data[name] === 'string')
              .map((name) => ({ name, errors: [data[name] as string] }));
            if (fields.length > 0) form.setFields(fields);
            else getFeedback().showDialog('warning', error.message);
          }
        }}
      >
        <Form.Item name="contactName" label="联系人">
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="contactPhone" label="联系电话">
          <Input maxLength={11} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
