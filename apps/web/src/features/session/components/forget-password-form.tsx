import { Button, Form } from 'antd';
import { useNavigate } from 'react-router';
import { LOGIN_PATH } from '@/lib/constants.ts';
import { getFeedback } from '@/lib/feedback.ts';
import { reportFormError } from '@/lib/form-rules.ts';
import { type ResetSecretInput, useResetSecret } from '../api/reset-secret.ts';
import { useSendSmsCode } from '../api/send-sms-code.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import { PhoneField } from './phone-field.tsx';
import { SmsCodeField } from './sms-code-field.tsx';

type ForgetPasswordValues = ResetSecretInput & { confirmPassword: string };

/** 忘记密码: a code sent to the account's phone sets a new password, then the person logs in with it. */
export function ForgetPasswordForm() {
  const [form] = Form.useForm<ForgetPasswordValues>();
  const navigate = useNavigate();
  const resetSecret = useResetSecret();
  const sendCode = useSendSmsCode();

  const onFinish = ({ confirmPassword: _confirm, ...values }: ForgetPasswordValues) => {
    resetSecret.mutate(values, {
      onSuccess: () => {
        getFeedback().successMessage('密码已重置，请使用新密码登录');
        navigate(LOGIN_PATH, { replace: true });
      },
      onError: (error) => reportFormError(form, error, { newPassWord: 'newPassword' }),
    });
  };

  return (
    <Form form={form} layout="vertical" onFinish={onFinish} aria-label="重置密码" autoComplete="off">
      <PhoneField />
      <SmsCodeField
        onSend={(phone) => sendCode.mutateAsync({ phone, purpose: 'reset' })}
        isSending={sendCode.isPending}
      />
      <NewPasswordFields name="newPassword" label="新密码" />
      <Button type="primary" htmlType="submit" block loading={resetSecret.isPending}>
        重置密码
      </Button>
    </Form>
  );
}
