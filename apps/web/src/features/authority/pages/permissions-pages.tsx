import { PermissionsPage } from '@/features/authority/pages/permissions-page.tsx';

/** /system/permissionsSet (权限设置) and /system/permissConfig (权限配置): the same node permission matrix. */
export const PermissionsSetRoute = () => <PermissionsPage title="权限设置" />;
export const PermissConfigRoute = () => <PermissionsPage title="权限配置" />;
