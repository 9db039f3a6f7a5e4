import type { LoginRoleType } from '@ks/contract/session';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { ERROR_CODES, FORGET_PASSWORD_PATH, REGISTER_PATH } from '@/lib/constants.ts';
import { isApiError } from '@/lib/http.ts';
import { useSessionStore } from '@/lib/session-store.ts';
import { PageLink, usePageNavigation } from '@/shared/navigation/page-navigation.tsx';
import { startSession } from '../api/create-session.ts';
import { useCaptcha } from '../api/get-captcha.ts';
import { CaptchaField } from './captcha-field.tsx';
import { LoginPrompt } from './login-prompt.tsx';

type LoginValues = { account: string; password: string; captchaCode?: string };

const asksForCaptcha = (error: unknown) =>
  isApiError(error) &&
  (error.code === ERROR_CODES.CAPTCHA_REQUIRED ||
    (typeof error.data === 'object' &&
      error.data !== null &&
      (error.data as { captchaRequired?: unknown }).captchaRequired === true));

/** Account and password login; shows the image captcha once the server asks for it. */
export function LoginForm({ loginRoleType }: { loginRoleType?: LoginRoleType }) {
  const [form] = Form.useForm<LoginValues>();
  const { search, go } = usePageNavigation();
  const [isCaptchaShown, setCaptchaShown] = useState(false);
  const [isPending, setPending] = useState(false);
  const captcha = useCaptcha(isCaptchaShown);
  const setLoginPrompt = useSessionStore((state) => state.setLoginPrompt);

  const onFinish = async (values: LoginValues) => {
    setLoginPrompt(null);
    setPending(true);
    try {
      const target = await startSession(
        {
          account: values.account.trim(),
          password: values.password,
          loginRoleType,
          captchaId: isCaptchaShown ? captcha.data?.captchaId : undefined,
          captchaCode: isCaptchaShown ? values.captchaCode?.trim() : undefined,
        },
        new URLSearchParams(search).get('redirect'),
      );
      go(target, { replace: true });
    } catch (error) {
      setPending(false);
      // A captcha answers once: after any failure the shown one is spent.
      if (isCaptchaShown) {
        form.setFieldValue('captchaCode', '');
        captcha.refetch();
      } else if (asksForCaptcha(error)) setCaptchaShown(true);
    }
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={onFinish} aria-label="登录">
      <LoginPrompt />
      <Form.Item
        label="账号"
        name="account"
        rules={[{ required: true, whitespace: true, message: '请输入账号' }]}
      >
        <Input placeholder="请输入账号" autoComplete="username" maxLength={64} />
      </Form.Item>
      <Form.Item label="密码" name="password" rules={[{ required: true, message: '请输入密码' }]}>
        <Input.Password placeholder="请输入密码" autoComplete="current-password" maxLength={64} />
      </Form.Item>
      {isCaptchaShown ? (
        <CaptchaField captcha={captcha.data} isLoading={captcha.isFetching} onRefresh={captcha.refetch} />
      ) : null}
      <Button type="primary" htmlType="submit" block size="large" loading={isPending}>
        登录
      </Button>
      <div className="ks-login-links">
        <PageLink to={REGISTER_PATH}>注册账号</PageLink>
        <PageLink to={FORGET_PASSWORD_PATH}>忘记密码</PageLink>
      </div>
    </Form>
  );
}
