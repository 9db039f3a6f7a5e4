import { LOGIN_ROLE_TYPE_LABELS } from '@ks/contract/session';
import { Alert, Card, Descriptions, Skeleton } from 'antd';
import { useSessionStore } from '@/lib/session-store.ts';
import { useUserInfo } from '../api/get-user-info-query.ts';
import { ChangePasswordForm } from '../components/change-password-form.tsx';
import { IdNumberLink } from '../components/id-number-link.tsx';

/**
 * 个人中心: the current user's account as the server knows it, and the password change. After a
 * login with an initial password (codeStatus '2') the password change comes first, with a notice.
 */
export function UserCenterPage() {
  const { data: user, isPending, isError } = useUserInfo();
  const mustChangePassword = useSessionStore((state) => state.mustChangePassword);

  const passwordCard = (
    <Card title={<h2 className="ks-page-title">修改密码</h2>}>
      {mustChangePassword ? (
        <Alert className="ks-first-login" type="warning" showIcon title="首次登录请修改初始密码" />
      ) : null}
      <ChangePasswordForm />
    </Card>
  );

  return (
    <div className="ks-page ks-user-center">
      {mustChangePassword ? passwordCard : null}
      <Card title={<h1 className="ks-page-title">个人中心</h1>}>
        {isPending ? <Skeleton active /> : null}
        {isError ? <Alert type="warning" showIcon title="用户信息加载失败，请稍后刷新重试" /> : null}
        {user ? (
          <Descriptions
            column={{ xs: 1, md: 2 }}
            items={[
              { key: 'userName', label: '姓名', children: user.userName },
              { key: 'userCode', label: '账号', children: user.userCode },
              { key: 'role', label: '角色', children: LOGIN_ROLE_TYPE_LABELS[user.loginRoleType] },
              { key: 'phone', label: '手机号', children: user.phone || '未绑定' },
              {
                key: 'enterprise',
                label: '所属企业',
                children: user.enterprise ? user.enterprise.name : '无',
              },
              ...(user.enterprise
                ? [{ key: 'creditCode', label: '统一社会信用代码', children: user.enterprise.creditCode }]
                : []),
            ]}
          />
        ) : null}
      </Card>
      {user?.loginRoleType === 'P' ? (
        <Card title={<h2 className="ks-page-title">执业注册</h2>}>
          <IdNumberLink />
        </Card>
      ) : null}
      {mustChangePassword ? null : passwordCard}
    </div>
  );
}
