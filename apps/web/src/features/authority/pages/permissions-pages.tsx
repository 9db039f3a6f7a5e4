import { PermissionsPage } from './permissions-page.tsx';

/** /system/permissionsSet (权限设置) and /system/permissConfig (权限配置): the same node permission matrix. */
export const PermissionsSetPage = () => <PermissionsPage title="权限设置" />;
export const PermissConfigPage = () => <PermissionsPage title="权限配置" />;
