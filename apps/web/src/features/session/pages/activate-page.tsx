import { ActivationCodeSchema } from '@ks/contract/session';
import { Button, Card, Descriptions, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LOGIN_PATH } from '@/lib/constants.ts';
import { getFeedback } from '@/lib/feedback.ts';
import { useActivateAccount } from '../api/activate-account.ts';
import { useActivation } from '../api/get-activation.ts';

/** The server's words for a link it does not know; a malformed link never reaches it. */
const INVALID_LINK_MESSAGE = '激活链接无效或已过期，请联系管理员';

/** /activate?activationCode=…: the link sent by SMS after registration. */
export function ActivatePage() {
  const [searchParams] = useSearchParams();
  const code = ActivationCodeSchema.safeParse(searchParams.get('activationCode') ?? '');
  const activationCode = code.success ? code.data : '';
  const activation = useActivation(activationCode, code.success);
  const activate = useActivateAccount();
  const navigate = useNavigate();

  const onActivate = () =>
    activate.mutate(activationCode, {
      onSuccess: () => {
        getFeedback().successMessage('账号已激活，请登录');
        navigate(LOGIN_PATH, { replace: true });
      },
    });

  let content: ReactNode;
  if (!code.success || activation.isError) {
    content = (
      <Result
        status="warning"
        title="无法激活账号"
        subTitle={activation.error?.message ?? INVALID_LINK_MESSAGE}
      />
    );
  } else if (activation.isPending) {
    content = <Skeleton active />;
  } else {
    const { account, userName, phone } = activation.data;
    content = (
      <>
        <Descriptions
          column={1}
          items={[
            { key: 'account', label: '账号', children: account },
            { key: 'userName', label: '姓名', children: userName },
            { key: 'phone', label: '手机号', children: phone },
          ]}
        />
        <Button type="primary" block loading={activate.isPending} onClick={onActivate}>
          激活账号
        </Button>
      </>
    );
  }

  return (
    <div className="ks-page ks-public-page">
      <Card className="ks-public-card" title={<h1 className="ks-page-title">激活账号</h1>}>
        {content}
      </Card>
    </div>
  );
}
