import { Layout } from 'antd';
import { Outlet } from 'react-router';
import { usePlatformInfo } from '@/features/platform/api/get-platform-info.ts';
import { PlatformFooter } from '@/features/platform/components/platform-footer.tsx';
import { UserMenu } from '@/features/session/components/user-menu.tsx';
import { reloadPage } from '@/lib/navigation.ts';
import { GlobalOverlays } from './global-overlays.tsx';
import { HeaderExtras } from './header-extras.tsx';

/** Minimal shell of the logged-in pages: header, page, footer. The full shell (menus, theme) comes later. */
export function ShellLayout() {
  const { data: platformInfo } = usePlatformInfo();
  return (
    <Layout className="ks-shell">
      <Layout.Header className="ks-shell-header">
        {/* Spec 001 §2: clicking the system name reloads the page. */}
        <button type="button" className="ks-shell-title" onClick={reloadPage}>
          {platformInfo?.platformName ?? ''}
        </button>
        <HeaderExtras />
        <UserMenu />
      </Layout.Header>
      <Layout.Content className="ks-shell-content">
        <Outlet />
      </Layout.Content>
      <Layout.Footer className="ks-shell-footer">
        <PlatformFooter />
      </Layout.Footer>
      <GlobalOverlays />
    </Layout>
  );
}
