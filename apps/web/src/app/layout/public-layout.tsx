import { Layout } from 'antd';
import { Link, Outlet, useLocation } from 'react-router';
import { PlatformFooter } from '@/features/platform/components/platform-footer.tsx';
import { usePlatformInfo } from '@/shared/api/get-platform-info.ts';
import '../dayjs-locale.ts';
import { HeaderNav } from './header-nav.tsx';
import { headerStyleOf } from './header-nav-links.tsx';
import { PageApp } from './page-app.tsx';

const HEADER_CLASSES = {
  home: 'ks-shell-header ks-public-header-home',
  solid: 'ks-shell-header ks-public-header-solid',
  plain: 'ks-shell-header ks-public-header-plain',
} as const;

/** Frame of the public pages that need no login (access rules), with the portal navigation. */
export function PublicLayout() {
  const { data: platformInfo } = usePlatformInfo();
  const { pathname } = useLocation();
  return (
    <PageApp>
      <Layout className="ks-shell">
        <Layout.Header className={HEADER_CLASSES[headerStyleOf(pathname)]}>
          <span className="ks-shell-title">{platformInfo?.platformName ?? ''}</span>
          <HeaderNav />
          <Link to="/login">登录</Link>
        </Layout.Header>
        <Layout.Content className="ks-shell-content">
          <Outlet />
        </Layout.Content>
        <Layout.Footer className="ks-shell-footer">
          <PlatformFooter data={platformInfo} />
        </Layout.Footer>
      </Layout>
    </PageApp>
  );
}
