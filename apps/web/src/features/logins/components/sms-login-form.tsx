import type { LoginResult } from '@ks/contract/session';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { useSessionStore } from '@/lib/session-store.ts';
import { smsLogin } from '../api/sms-login.ts';
import { LoginCodeField } from './login-code-field.tsx';
import { MethodPrompt } from './method-prompt.tsx';
import { PhoneInput } from './phone-input.tsx';
import { reportLoginError } from './report-login-error.ts';

type SmsLoginValues = { phone: string; smsCode: string };

/** 短信登录: phone and code; the session is entered as after a password login. */
export function SmsLoginForm({ onLogin }: { onLogin: (result: LoginResult) => Promise<void> }) {
  const [form] = Form.useForm<SmsLoginValues>();
  const [isPending, setPending] = useState(false);
  const setLoginPrompt = useSessionStore((state) => state.setLoginPrompt);

  const onFinish = async (values: SmsLoginValues) => {
    setLoginPrompt(null);
    setPending(true);
    try {
      await onLogin(await smsLogin({ phone: values.phone.trim(), smsCode: values.smsCode.trim() }));
    } catch (error) {
      setPending(false);
      reportLoginError(form, error);
    }
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={onFinish} aria-label="短信登录">
      <MethodPrompt />
      <PhoneInput />
      <LoginCodeField />
      <Button type="primary" htmlType="submit" block size="large" loading={isPending}>
        登录
      </Button>
    </Form>
  );
}
