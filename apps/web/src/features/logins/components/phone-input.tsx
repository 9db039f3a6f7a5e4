import { PhoneSchema } from '@ks/contract/session';
import { Form, Input } from 'antd';
import { zodRule } from '@/lib/form-rules.ts';

/** The `phone` field, checked with the contract's rule. */
export function PhoneInput() {
  return (
    <Form.Item
      label="手机号"
      name="phone"
      validateFirst
      rules={[{ required: true, whitespace: true, message: '请输入手机号' }, zodRule(PhoneSchema)]}
    >
      <Input placeholder="请输入手机号" autoComplete="tel" inputMode="tel" maxLength={11} />
    </Form.Item>
  );
}
