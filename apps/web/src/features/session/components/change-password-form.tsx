import { PasswordSchema } from '@ks/contract/session';
import { Button, Form, Input } from 'antd';
import { useNavigate } from 'react-router';
import { getFeedback } from '@/lib/feedback.ts';
import { zodRule } from '@/lib/form-rules.ts';
import { endSession } from '@/lib/session.ts';
import { useUpdateSecret } from '../api/update-secret.ts';

type ChangePasswordValues = { oldPassword: string; newPassword: string; confirmPassword: string };

/**
 * Change password. The server ends every session of the account on success (10017 semantics),
 * so this tab ends its own too and asks for a new login.
 */
export function ChangePasswordForm() {
  const [form] = Form.useForm<ChangePasswordValues>();
  const navigate = useNavigate();
  const updateSecret = useUpdateSecret();

  const onFinish = ({ oldPassword, newPassword }: ChangePasswordValues) => {
    updateSecret.mutate(
      { oldPassword, newPassword },
      {
        onSuccess: () => {
          getFeedback().successMessage('密码修改成功，请重新登录');
          endSession();
          navigate('/login', { replace: true });
        },
      },
    );
  };

  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={onFinish}
      aria-label="修改密码"
      className="ks-change-password"
      autoComplete="off"
    >
      <Form.Item label="原密码" name="oldPassword" rules={[{ required: true, message: '请输入原密码' }]}>
        <Input.Password autoComplete="current-password" maxLength={64} />
      </Form.Item>
      <Form.Item
        label="新密码"
        name="newPassword"
        rules={[{ required: true, message: '请输入新密码' }, zodRule(PasswordSchema)]}
        extra="8到20位，须同时包含字母和数字"
      >
        <Input.Password autoComplete="new-password" maxLength={20} />
      </Form.Item>
      <Form.Item
        label="确认新密码"
        name="confirmPassword"
        dependencies={['newPassword']}
        rules={[
          { required: true, message: '请再次输入新密码' },
          ({ getFieldValue }) => ({
            validator: async (_rule, value) => {
              if (value && value !== getFieldValue('newPassword')) throw new Error('两次输入的新密码不一致');
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={20} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={updateSecret.isPending}>
        修改密码
      </Button>
    </Form>
  );
}
