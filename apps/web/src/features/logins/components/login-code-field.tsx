import { SmsCodeSchema } from '@ks/contract/session';
import { Button, Form, Input, Space } from 'antd';
import { useEffect, useState } from 'react';
import { SMS_CODE_COUNTDOWN_SECONDS } from '@/lib/constants.ts';
import { zodRule } from '@/lib/form-rules.ts';
import { sendLoginCode } from '../api/sms-login.ts';

/**
 * The `smsCode` field of a form with a `phone` field, with its 获取验证码 button. The server's
 * answer is the same for every phone (decision 0079), and so is what this field says after a send.
 */
export function LoginCodeField() {
  const form = Form.useFormInstance<{ phone: string }>();
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [isSending, setSending] = useState(false);
  const [sentMessage, setSentMessage] = useState('');

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  const onSend = async () => {
    let phone: string;
    try {
      phone = (await form.validateFields(['phone'])).phone.trim();
    } catch {
      return; // The phone's problem shows under its field.
    }
    setSending(true);
    try {
      await sendLoginCode(phone);
      setSentMessage('如该手机号已绑定账号，验证码已发送');
      setSecondsLeft(SMS_CODE_COUNTDOWN_SECONDS);
    } catch {
      // The HTTP client has told why (the login prompt).
    } finally {
      setSending(false);
    }
  };

  const isWaiting = secondsLeft > 0;
  return (
    <Form.Item label="短信验证码" required extra={sentMessage || undefined}>
      <Space.Compact block>
        <Form.Item
          name="smsCode"
          noStyle
          validateFirst
          rules={[{ required: true, whitespace: true, message: '请输入短信验证码' }, zodRule(SmsCodeSchema)]}
        >
          <Input
            aria-label="短信验证码"
            placeholder="请输入6位验证码"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
          />
        </Form.Item>
        <Button onClick={onSend} loading={isSending} disabled={isWaiting}>
          {isWaiting ? `${secondsLeft}秒后重新获取` : '获取验证码'}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}
