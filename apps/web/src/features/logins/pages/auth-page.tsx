import { Card } from 'antd';
import { Link } from 'react-router';
import { LOGIN_PATH } from '@/lib/constants.ts';

const ENTRIES = [
  { to: '/realName', title: '个人实名认证', description: '姓名与身份证号码核验' },
  { to: '/creditCode', title: '企业统一社会信用代码认证', description: '企业名称与统一社会信用代码核验' },
  { to: LOGIN_PATH, title: '登录', description: '账号密码、短信验证码或微信扫码登录' },
];

/** 身份认证 (/auth, public, decision 0079): the identity checks and the login, in one place. */
export function AuthPage() {
  return (
    <div className="ks-page ks-public-page">
      <Card className="ks-public-card" title={<h1 className="ks-page-title">身份认证</h1>}>
        <ul className="ks-judge-list">
          {ENTRIES.map((entry) => (
            <li key={entry.to} className="ks-judge-item">
              <Link to={entry.to}>{entry.title}</Link>
              <span>{entry.description}</span>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
