import { ENTERPRISE_TYPES, EnterpriseVerifyBodySchema, RegistrationBodySchema } from '@ks/contract/session';
import { Button, Form, Input, Select } from 'antd';
import { reportFormError, zodRule } from '@/lib/form-rules.ts';
import {
  type EnterpriseRegistrationInput,
  useCreateEnterpriseRegistration,
} from '../api/create-enterprise-registration.ts';
import { useSendRegistrationCode } from '../api/send-sms-code.ts';
import { useVerifyEnterprise } from '../api/verify-enterprise.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import { PhoneField } from './phone-field.tsx';
import { SmsCodeField } from './sms-code-field.tsx';

type EnterpriseRegisterValues = Omit<EnterpriseRegistrationInput, 'enterpriseType'> & {
  enterpriseType?: EnterpriseRegistrationInput['enterpriseType'];
  confirmPassword: string;
};

const FIELDS = RegistrationBodySchema.shape;
const ENTERPRISE_TYPE_OPTIONS = ENTERPRISE_TYPES.map((type) => ({ value: type, label: type }));
const ENTERPRISE_REGISTERED_WARNING = '该企业已注册';

/** 企业注册: the enterprise and its enterprise account (U), inactive until the SMS link is opened. */
export function EnterpriseRegisterForm({ onRegistered }: { onRegistered: (phone: string) => void }) {
  const [form] = Form.useForm<EnterpriseRegisterValues>();
  const register = useCreateEnterpriseRegistration();
  const sendCode = useSendRegistrationCode();
  const verifyEnterprise = useVerifyEnterprise();

  // A hint, not a rule: the warning leaves submitting possible, and the server answers 409 if it is so.
  const onCreditCodeBlur = () => {
    const body = EnterpriseVerifyBodySchema.safeParse(form.getFieldsValue(['enterpriseName', 'creditCode']));
    if (!body.success) return;
    verifyEnterprise.mutate(body.data, {
      onSuccess: ({ registered }) =>
        form.setFields([{ name: 'creditCode', warnings: registered ? [ENTERPRISE_REGISTERED_WARNING] : [] }]),
    });
  };

  const onFinish = ({ confirmPassword: _confirm, enterpriseType, ...values }: EnterpriseRegisterValues) => {
    if (!enterpriseType) return;
    register.mutate(
      { ...values, enterpriseType },
      {
        onSuccess: () => onRegistered(values.phone.trim()),
        onError: (error) => reportFormError(form, error, { passWord: 'password' }),
      },
    );
  };

  return (
    <Form
      form={form}
      name="enterprise-register"
      layout="vertical"
      onFinish={onFinish}
      aria-label="企业注册"
      autoComplete="off"
    >
      <Form.Item label="企业名称" name="enterpriseName" rules={[zodRule(FIELDS.enterpriseName)]} required>
        <Input placeholder="请输入企业名称" maxLength={100} />
      </Form.Item>
      <Form.Item
        label="统一社会信用代码"
        name="creditCode"
        validateFirst
        rules={[
          { required: true, whitespace: true, message: '请输入统一社会信用代码' },
          zodRule(FIELDS.creditCode),
        ]}
      >
        <Input placeholder="请输入18位统一社会信用代码" maxLength={18} onBlur={onCreditCodeBlur} />
      </Form.Item>
      <Form.Item label="企业类型" name="enterpriseType" rules={[zodRule(FIELDS.enterpriseType)]} required>
        <Select placeholder="请选择企业类型" options={ENTERPRISE_TYPE_OPTIONS} />
      </Form.Item>
      <Form.Item
        label="账号"
        name="account"
        validateFirst
        rules={[{ required: true, whitespace: true, message: '请输入账号' }, zodRule(FIELDS.account)]}
        extra="以字母开头，4到30位字母、数字或下划线"
      >
        <Input placeholder="请输入登录账号" autoComplete="username" maxLength={30} />
      </Form.Item>
      <Form.Item label="联系人" name="contactName" rules={[zodRule(FIELDS.contactName)]} required>
        <Input placeholder="请输入联系人姓名" maxLength={30} />
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
