import { SmsCodeSchema } from '@ks/contract/session';
import { Button, Form, Input, Space } from 'antd';
import { useEffect, useState } from 'react';
import { SMS_CODE_COUNTDOWN_SECONDS } from '@/lib/constants.ts';
import { getFeedback } from '@/lib/feedback.ts';
import { zodRule } from '@/lib/form-rules.ts';

type SmsCodeFieldProps = {
  /** Sends a code to the phone; rejects when the server refused (the HTTP client has told why). */
  onSend: (phone: string) => Promise<unknown>;
  isSending: boolean;
};

/**
 * The `smsCode` field with its "获取验证码" button, for a form that has a `phone` field. After a
 * code is sent the button waits 60 s, the server's own limit, so nobody runs into the 429.
 */
export function SmsCodeField({ onSend, isSending }: SmsCodeFieldProps) {
  const form = Form.useFormInstance<{ phone: string }>();
  const [secondsLeft, setSecondsLeft] = useState(0);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  const onClick = async () => {
    try {
      const { phone } = await form.validateFields(['phone']);
      await onSend(phone.trim());
    } catch {
      // A wrong phone shows under its field; a refused send was told by the HTTP client.
      return;
    }
    getFeedback().successMessage('验证码已发送');
    setSecondsLeft(SMS_CODE_COUNTDOWN_SECONDS);
  };

  const isWaiting = secondsLeft > 0;
  return (
    <Form.Item label="短信验证码" required>
      <Space.Compact block>
        <Form.Item
          name="smsCode"
          noStyle
          validateFirst
          rules={[{ required: true, whitespace: true, message: '请输入短信验证码' }, zodRule(SmsCodeSchema)]}
        >
          <Input
            aria-label="短信验证码"
            placeholder="请输入6位短信验证码"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
          />
        </Form.Item>
        <Button onClick={() => void onClick()} disabled={isWaiting} loading={isSending}>
          {isWaiting ? `${secondsLeft}秒后重新获取` : '获取验证码'}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}
