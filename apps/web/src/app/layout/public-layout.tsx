import { Layout } from 'antd';
import { Link, Outlet } from 'react-router';
import { usePlatformInfo } from '@/features/platform/api/get-platform-info.ts';
import { PlatformFooter } from '@/features/platform/components/platform-footer.tsx';

/** Frame of the public pages that need no login (spec 001 §2 access rules). */
export function PublicLayout() {
  const { data: platformInfo } = usePlatformInfo();
  return (
    <Layout className="ks-shell">
      <Layout.Header className="ks-shell-header">
        <span className="ks-shell-title">{platformInfo?.platformName ?? ''}</span>
        <Link to="/login">登录</Link>
      </Layout.Header>
      <Layout.Content className="ks-shell-content">
        <Outlet />
      </Layout.Content>
      <Layout.Footer className="ks-shell-footer">
        <PlatformFooter />
      </Layout.Footer>
    </Layout>
  );
}
