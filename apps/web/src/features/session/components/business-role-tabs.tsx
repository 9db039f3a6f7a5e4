import { LOGIN_ROLE_TYPE_LABELS, type LoginRoleType } from '@ks/contract/session';
import { Tabs } from 'antd';
import { useState } from 'react';
import { LoginForm } from './login-form.tsx';

/**
 * Role tabs of the business-handling login; the chosen one is sent as loginRoleType. Every role
 * has a tab, so no account type is locked out of a business-handling deployment.
 */
const BUSINESS_ROLES: LoginRoleType[] = ['U', 'P', 'M', 'D'];

export function BusinessRoleTabs() {
  const [role, setRole] = useState<LoginRoleType>('U');
  return (
    <>
      <Tabs
        activeKey={role}
        onChange={(key) => setRole(key as LoginRoleType)}
        items={BUSINESS_ROLES.map((key) => ({ key, label: LOGIN_ROLE_TYPE_LABELS[key] }))}
        centered
      />
      <LoginForm key={role} loginRoleType={role} />
    </>
  );
}
