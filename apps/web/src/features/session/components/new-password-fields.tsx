import { PasswordSchema } from '@ks/contract/session';
import { Form, Input } from 'antd';
import { zodRule } from '@/lib/form-rules.ts';

type NewPasswordFieldsProps = {
  /** Form name of the password; its confirmation is `confirmPassword`. */
  name: string;
  label: string;
};

/** A new password under the contract's rule, and its confirmation. */
export function NewPasswordFields({ name, label }: NewPasswordFieldsProps) {
  return (
    <>
      <Form.Item
        label={label}
        name={name}
        validateFirst
        rules={[{ required: true, message: `请输入${label}` }, zodRule(PasswordSchema)]}
        extra="8到20位，须同时包含字母和数字"
      >
        <Input.Password autoComplete="new-password" maxLength={20} />
      </Form.Item>
      <Form.Item
        label={`确认${label}`}
        name="confirmPassword"
        dependencies={[name]}
        validateFirst
        rules={[
          { required: true, message: `请再次输入${label}` },
          ({ getFieldValue }) => ({
            validator: async (_rule, value) => {
              if (value && value !== getFieldValue(name)) throw new Error('两次输入的密码不一致');
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={20} />
      </Form.Item>
    </>
  );
}
