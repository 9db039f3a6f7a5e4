import { Card, Tabs } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { LOGIN_PATH } from '@/lib/constants.ts';
import { EnterpriseRegisterForm } from '../components/enterprise-register-form.tsx';
import { PersonnelRegisterForm } from '../components/personnel-register-form.tsx';
import { RegisteredResult } from '../components/registered-result.tsx';

/** 注册账号: an enterprise or a personnel account; both wait for activation through the SMS link. */
export function RegisterPage() {
  const [registeredPhone, setRegisteredPhone] = useState<string | null>(null);

  return (
    <div className="ks-page ks-public-page">
      <Card className="ks-public-card" title={<h1 className="ks-page-title">注册账号</h1>}>
        {registeredPhone ? (
          <RegisteredResult phone={registeredPhone} />
        ) : (
          <>
            {/* Both panes stay in the page once opened: each form has a name, so field ids differ. */}
            <Tabs
              items={[
                {
                  key: 'enterprise',
                  label: '企业注册',
                  children: <EnterpriseRegisterForm onRegistered={setRegisteredPhone} />,
                },
                {
                  key: 'personnel',
                  label: '个人注册',
                  children: <PersonnelRegisterForm onRegistered={setRegisteredPhone} />,
                },
              ]}
            />
            <div className="ks-public-links">
              已有账号？<Link to={LOGIN_PATH}>立即登录</Link>
            </div>
          </>
        )}
      </Card>
    </div>
  );
}
