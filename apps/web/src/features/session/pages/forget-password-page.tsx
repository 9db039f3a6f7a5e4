import { Card } from 'antd';
import { Link } from 'react-router';
import { LOGIN_PATH } from '@/lib/constants.ts';
import { ForgetPasswordForm } from '../components/forget-password-form.tsx';

/** 忘记密码 (public). */
export function ForgetPasswordPage() {
  return (
    <div className="ks-page ks-public-page">
      <Card className="ks-public-card" title={<h1 className="ks-page-title">忘记密码</h1>}>
        <ForgetPasswordForm />
        <div className="ks-public-links">
          <Link to={LOGIN_PATH}>返回登录</Link>
        </div>
      </Card>
    </div>
  );
}
