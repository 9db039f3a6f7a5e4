import type { LoginRoleType } from '@ks/contract/session';
import { Result } from 'antd';
import type { ComponentType } from 'react';
import { useMatches } from 'react-router';
import { useSessionStore } from '@/lib/session-store.ts';
import type { PageHandle } from './not-open-route.tsx';

/** How the denial names the roles, as the pages' own denials always have. */
const ROLE_NAMES: Record<LoginRoleType, string> = {
  M: '管理员',
  D: '开发人员',
  U: '企业用户',
  P: '个人用户',
};

/**
 * A page offered only to the roles whose calls the server answers: any other
 * role gets the denial in place of the page, before the page mounts and makes a call that the
 * server would refuse with a dialog over it.
 */
export function gate(roles: readonly LoginRoleType[], Page: ComponentType): ComponentType {
  return function RoleGate() {
    const role = useSessionStore((state) => state.userInfo?.loginRoleType);
    const matches = useMatches();
    if (role && roles.includes(role)) return <Page />;
    const title = (matches[matches.length - 1]?.handle as PageHandle | undefined)?.title ?? '此页面';
    const names = roles.map((one) => ROLE_NAMES[one]);
    // 管理员, 管理员和企业用户, 管理员、企业用户和个人用户.
    const who = names.length > 1 ? `${names.slice(0, -1).join('、')}和${names.at(-1)}` : names[0];
    return <Result status="403" title="无权限访问" subTitle={`${title}仅限${who}使用`} />;
  };
}
