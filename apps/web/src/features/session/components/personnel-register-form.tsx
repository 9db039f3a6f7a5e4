import { UserRegisterBodySchema } from '@ks/contract/session';
import { Button, Form, Input } from 'antd';
import { reportFormError, zodRule } from '@/lib/form-rules.ts';
import {
  type PersonnelRegistrationInput,
  useCreatePersonnelRegistration,
} from '../api/create-personnel-registration.ts';
import { useSendRegistrationCode } from '../api/send-sms-code.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import { PhoneField } from './phone-field.tsx';
import { SmsCodeField } from './sms-code-field.tsx';

type PersonnelRegisterValues = PersonnelRegistrationInput & { confirmPassword: string };

const FIELDS = UserRegisterBodySchema.shape;

/** 个人注册: a personnel account (P), inactive until the SMS link is opened. */
export function PersonnelRegisterForm({ onRegistered }: { onRegistered: (phone: string) => void }) {
  const [form] = Form.useForm<PersonnelRegisterValues>();
  const register = useCreatePersonnelRegistration();
  const sendCode = useSendRegistrationCode();

  const onFinish = ({ confirmPassword: _confirm, ...values }: PersonnelRegisterValues) => {
    register.mutate(values, {
      onSuccess: () => onRegistered(values.phone.trim()),
      onError: (error) => reportFormError(form, error, { passWord: 'password' }),
    });
  };

  return (
    <Form
      form={form}
      name="personnel-register"
      layout="vertical"
      onFinish={onFinish}
      aria-label="个人注册"
      autoComplete="off"
    >
      <Form.Item
        label="账号"
        name="account"
        validateFirst
        rules={[{ required: true, whitespace: true, message: '请输入账号' }, zodRule(FIELDS.account)]}
        extra="以字母开头，4到30位字母、数字或下划线"
      >
        <Input placeholder="请输入登录账号" autoComplete="username" maxLength={30} />
      </Form.Item>
      <Form.Item label="姓名" name="userName" rules={[zodRule(FIELDS.userName)]} required>
        <Input placeholder="请输入姓名" maxLength={30} />
      </Form.Item>
      <PhoneField />
      <SmsCodeField onSend={sendCode.mutateAsync} isSending={sendCode.isPending} />
      <NewPasswordFields name="password" label="密码" />
      <Button type="primary" htmlType="submit" block loading={register.isPending}>
        注册
      </Button>
    </Form>
  );
}
