import { UploadOutlined } from '@ant-design/icons';
import {
  MSG_TYPE_LABELS,
  NOTICE_ATTACHMENT_MAX_BYTES,
  NOTICE_ATTACHMENT_NAME_MAX,
  NOTICE_AUDIENCE_LABELS,
  PublishNoticeFieldsSchema,
} from '@ks/contract/notify';
import { LOGIN_ROLE_TYPE_LABELS, LOGIN_ROLE_TYPES } from '@ks/contract/session';
import { Button, Checkbox, Form, Input, Radio, Upload, type UploadFile } from 'antd';
import { getFeedback } from '@/lib/feedback.ts';
import { reportFormError, zodRule } from '@/lib/form-rules.ts';
import { type PublishNoticeInput, usePublishNotice } from '../api/publish-notice.ts';

type Values = Omit<PublishNoticeInput, 'file'> & { files: UploadFile[] };

const INITIAL: Values = { msgType: 1, title: '', messages: '', audience: 'all', roles: [], files: [] };
const fields = PublishNoticeFieldsSchema.shape;

/** Attachment checks before anything is sent; the server checks the same. */
function checkAttachment(file: File): string | null {
  if (file.name.length > NOTICE_ATTACHMENT_NAME_MAX) return '文件名超过64位字符，请重新命名后上传！';
  if (file.size > NOTICE_ATTACHMENT_MAX_BYTES)
    return `文件大小不能超过【${NOTICE_ATTACHMENT_MAX_BYTES / 1024 / 1024}MB】!`;
  return null;
}

/** The administrator's notice form: type, title, text, audience and (for type 2) one attachment. */
export function PublishNoticeForm() {
  const [form] = Form.useForm<Values>();
  const msgType = Form.useWatch('msgType', form);
  const audience = Form.useWatch('audience', form);
  const publish = usePublishNotice();

  const onFinish = (values: Values) => {
    const file = values.msgType === 2 ? (values.files[0]?.originFileObj ?? null) : null;
    publish.mutate(
      { ...values, title: values.title ?? '', file },
      {
        onSuccess: () => {
          getFeedback().successMessage('发布成功');
          form.resetFields();
        },
        onError: (error) => reportFormError(form, error, { file: 'files' }),
      },
    );
  };

  return (
    <Form form={form} layout="vertical" initialValues={INITIAL} onFinish={onFinish} style={{ maxWidth: 640 }}>
      <Form.Item name="msgType" label="通知类型">
        <Radio.Group options={([1, 2] as const).map((value) => ({ value, label: MSG_TYPE_LABELS[value] }))} />
      </Form.Item>
      <Form.Item
        name="title"
        label="通知标题"
        rules={[{ required: msgType === 2, message: '请输入通知标题' }, zodRule(fields.title)]}
      >
        <Input
          maxLength={100}
          showCount
          placeholder={msgType === 2 ? '请输入通知标题' : '横幅通知可不填标题'}
        />
      </Form.Item>
      <Form.Item name="messages" label="通知内容" rules={[zodRule(fields.messages)]}>
        <Input.TextArea rows={5} maxLength={2000} showCount placeholder="请输入通知内容" />
      </Form.Item>
      <Form.Item name="audience" label="接收范围">
        <Radio.Group
          options={(['all', 'roles'] as const).map((value) => ({
            value,
            label: NOTICE_AUDIENCE_LABELS[value],
          }))}
        />
      </Form.Item>
      {audience === 'roles' && (
        <Form.Item
          name="roles"
          label="接收角色"
          rules={[{ required: true, type: 'array', min: 1, message: '请选择接收角色' }]}
        >
          <Checkbox.Group
            options={LOGIN_ROLE_TYPES.map((value) => ({ value, label: LOGIN_ROLE_TYPE_LABELS[value] }))}
          />
        </Form.Item>
      )}
      {msgType === 2 && (
        <Form.Item
          name="files"
          label="附件"
          valuePropName="fileList"
          getValueFromEvent={(event: { fileList: UploadFile[] }) => event.fileList.slice(-1)}
          rules={[
            {
              validator: async (_rule, files: UploadFile[] = []) => {
                const file = files[0]?.originFileObj;
                const problem = file ? checkAttachment(file) : null;
                if (problem) throw new Error(problem);
              },
            },
          ]}
        >
          <Upload beforeUpload={() => false} maxCount={1}>
            <Button icon={<UploadOutlined />}>选择附件</Button>
          </Upload>
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" loading={publish.isPending}>
        发布通知
      </Button>
    </Form>
  );
}
