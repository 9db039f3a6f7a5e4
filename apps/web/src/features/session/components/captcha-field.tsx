import { Form, Input, Spin } from 'antd';
import type { Captcha } from '../api/get-captcha.ts';

type CaptchaFieldProps = { captcha: Captcha | undefined; isLoading: boolean; onRefresh: () => void };

/** Image captcha the server asks for after failed logins (10020); clicking the image draws a new one. */
export function CaptchaField({ captcha, isLoading, onRefresh }: CaptchaFieldProps) {
  return (
    <Form.Item label="验证码" required>
      <div className="ks-captcha">
        <Form.Item
          name="captchaCode"
          noStyle
          rules={[{ required: true, whitespace: true, message: '请输入验证码' }]}
        >
          <Input aria-label="验证码" placeholder="请输入验证码" autoComplete="off" maxLength={8} />
        </Form.Item>
        <button type="button" className="ks-captcha-image" onClick={onRefresh} title="看不清？点击刷新">
          {isLoading || !captcha ? <Spin size="small" /> : <img src={captcha.image} alt="图形验证码" />}
        </button>
      </div>
    </Form.Item>
  );
}
