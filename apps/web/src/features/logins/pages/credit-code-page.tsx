import { creditCodeProblem } from '@ks/contract/credit-code';
import { Button, Card, Form, Input } from 'antd';
import { Link } from 'react-router';
import { LOGIN_PATH } from '@/lib/constants.ts';
import { reportFormError } from '@/lib/form-rules.ts';
import { useCheckCreditCode } from '../api/identity-checks.ts';
import { IdentityCheckResult } from '../components/identity-check-result.tsx';

type Values = { enterpriseName: string; creditCode: string };

/** 统一社会信用代码认证 (public, decision 0079): the GB 32100 check character, then the authority. */
export function CreditCodePage() {
  const [form] = Form.useForm<Values>();
  const check = useCheckCreditCode();
  const onFinish = (values: Values) =>
    check.mutate(
      { enterpriseName: values.enterpriseName.trim(), creditCode: values.creditCode.trim().toUpperCase() },
      { onError: (error) => reportFormError(form, error) },
    );
  return (
    <div className="ks-page ks-public-page">
      <Card className="ks-public-card" title={<h1 className="ks-page-title">统一社会信用代码认证</h1>}>
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={onFinish}
          aria-label="统一社会信用代码认证"
        >
          <Form.Item
            label="企业名称"
            name="enterpriseName"
            rules={[
              { required: true, whitespace: true, message: '请输入企业名称' },
              { min: 2, message: '请输入企业名称' },
            ]}
          >
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item
            label="统一社会信用代码"
            name="creditCode"
            rules={[
              {
                validator: async (_rule, value: string | undefined) => {
                  const problem = creditCodeProblem(value ?? '');
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
