import { Link } from 'react-router';
import { useSessionStore } from '@/lib/session-store.ts';
import { useDeployConfig } from '@/shared/api/get-deploy-config.ts';

export const COMPANY_INFO_PATH = '/system/companyInfo?type=1';
/** The deployment type whose administrators get the enterprise-info-library link (DEPLOYMENT_TYPE). */
export const ENTERPRISE_LIBRARY_DEPLOYMENT = 'province';

/**
 * Enterprise and ordinary users (role 'user') see 企业中心; administrators see
 * 企业信息库, on the province deployment only. Both open company info with type=1.
 */
export function EnterpriseLink() {
  const roles = useSessionStore((state) => state.roles);
  const isAdmin = useSessionStore((state) => state.isAdmin);
  const { data: deployConfig } = useDeployConfig();
  if (roles.includes('user')) return <Link to={COMPANY_INFO_PATH}>企业中心</Link>;
  if (isAdmin && deployConfig?.deploymentType === ENTERPRISE_LIBRARY_DEPLOYMENT) {
    return <Link to={COMPANY_INFO_PATH}>企业信息库</Link>;
  }
  return null;
}
