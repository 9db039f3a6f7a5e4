import { idNumberProblem } from '@ks/contract/id-number';
import { PersonNameSchema } from '@ks/contract/logins';
import { Button, Card, Form, Input } from 'antd';
import { Link } from 'react-router';
import { LOGIN_PATH } from '@/lib/constants.ts';
import { reportFormError, zodRule } from '@/lib/form-rules.ts';
import { useCheckRealName } from '../api/identity-checks.ts';
import { IdentityCheckResult } from '../components/identity-check-result.tsx';

type Values = { name: string; idNumber: string };

/** 实名认证 (public, decision 0079): name and ID number — the GB 11643 check digit, then the authority. */
export function RealNamePage() {
  const [form] = Form.useForm<Values>();
  const check = useCheckRealName();
  const onFinish = (values: Values) =>
    check.mutate(
      { name: values.name.trim(), idNumber: values.idNumber.trim().toUpperCase() },
      { onError: (error) => reportFormError(form, error) },
    );
  return (
    <div className="ks-page ks-public-page">
      <Card className="ks-public-card" title={<h1 className="ks-page-title">实名认证</h1>}>
        <Form form={form} layout="vertical" requiredMark={false} onFinish={onFinish} aria-label="实名认证">
          <Form.Item
            label="姓名"
            name="name"
            validateFirst
            rules={[{ required: true, whitespace: true, message: '请输入姓名' }, zodRule(PersonNameSchema)]}
          >
            <Input maxLength={30} autoComplete="name" />
          </Form.Item>
          <Form.Item
            label="身份证号码"
            name="idNumber"
            validateFirst
            rules={[
              {
                validator: async (_rule, value: string | undefined) => {
                  const problem = idNumberProblem(value ?? '');
                  if (problem) throw new Error(problem);
                },
              },
            ]}
          >
            <Input maxLength={18} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={check.isPending}>
            提交认证
          </Button>
        </Form>
        {check.data ? <IdentityCheckResult check={check.data} /> : null}
        <div className="ks-public-links">
          <Link to={LOGIN_PATH}>返回登录</Link>
        </div>
      </Card>
    </div>
  );
}
