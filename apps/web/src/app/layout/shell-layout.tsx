import { SkinOutlined } from '@ant-design/icons';
import { DEFAULT_THEME_CONFIG } from '@ks/contract/shell';
import { Button, ConfigProvider, Layout, Tooltip } from 'antd';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { NewSystemButton } from '@/features/builder/components/new-system-dialog.tsx';
import { FeedbackButton } from '@/features/feedback/components/feedback-drawer.tsx';
import { PlatformFooter } from '@/features/platform/components/platform-footer.tsx';
import { useTheme } from '@/features/shell/api/get-theme.ts';
import { AsideFooter } from '@/features/shell/components/aside-footer.tsx';
import { AsideMenu } from '@/features/shell/components/aside-menu.tsx';
import { SystemSwitcher } from '@/features/shell/components/system-switcher.tsx';
import { ThemePanel } from '@/features/shell/components/theme-panel.tsx';
import { useShellStore } from '@/features/shell/lib/shell-store.ts';
import { useThemePanelStore } from '@/features/shell/lib/theme-store.ts';
import { applyThemeAttribute, themeTokensOf } from '@/features/shell/lib/theme-tokens.ts';
import { reloadPage } from '@/lib/navigation.ts';
import '../dayjs-locale.ts';
import { useSessionStore } from '@/lib/session-store.ts';
import { usePlatformInfo } from '@/shared/api/get-platform-info.ts';
import { EnterpriseLink } from './enterprise-link.tsx';
import { GlobalOverlays } from './global-overlays.tsx';
import { HeaderExtras } from './header-extras.tsx';
import { PageApp } from './page-app.tsx';
import { UserDropdown } from './user-dropdown.tsx';

const COLLAPSED_ASIDE_WIDTH = 64;

/**
 * The logged-in frame: header with the system name, the system switcher,
 * the features' header widgets and the user dropdown; the side menu from the server with its
 * footer; the page; the theme panel; the features' global overlays. The user's theme (saved on
 * the server, previewed while the panel is open) applies through antd's tokens.
 */
export function ShellLayout() {
  const hasSession = useSessionStore((state) => state.token !== null);
  // When a session ends the cache is cleared before the redirect to /login: shell queries rendered
  // in between would refetch without a token and show a second, misleading dialog.
  return hasSession ? (
    <PageApp>
      <SessionShell />
    </PageApp>
  ) : null;
}

function SessionShell() {
  const { data: platformInfo } = usePlatformInfo();
  const { data: savedTheme } = useTheme();
  const draft = useThemePanelStore((state) => state.draft);
  const openPanel = useThemePanelStore((state) => state.openPanel);
  const isDev = useSessionStore((state) => state.isDev);
  const isAsideCollapsed = useShellStore((state) => state.isAsideCollapsed) && !isDev;
  const theme = draft ?? savedTheme ?? DEFAULT_THEME_CONFIG;

  useEffect(() => {
    applyThemeAttribute(theme.theme);
  }, [theme.theme]);
  // Leaving the shell (logout) leaves the login page in the default look.
  useEffect(() => () => applyThemeAttribute('light'), []);

  return (
    <ConfigProvider theme={themeTokensOf(theme)}>
      <Layout className="ks-shell">
        <Layout.Header className="ks-shell-header">
          <div className="ks-shell-header-start">
            {/* Clicking the system name reloads the page. */}
            <button type="button" className="ks-shell-title" onClick={reloadPage}>
              {platformInfo?.platformName ?? ''}
            </button>
            <SystemSwitcher />
          </div>
          <div className="ks-shell-header-end">
            <HeaderExtras />
            <EnterpriseLink />
            <Tooltip title="主题设置">
              <Button
                type="text"
                aria-label="主题设置"
                icon={<SkinOutlined />}
                onClick={() => openPanel(savedTheme ?? DEFAULT_THEME_CONFIG)}
              />
            </Tooltip>
            <UserDropdown />
          </div>
        </Layout.Header>
        <Layout hasSider>
          <Layout.Sider
            className="ks-shell-aside"
            width={theme.asideWidth}
            collapsed={isAsideCollapsed}
            collapsedWidth={COLLAPSED_ASIDE_WIDTH}
            theme={theme.theme}
          >
            <nav className="ks-aside-menu" aria-label="侧边菜单">
              <AsideMenu isCollapsed={isAsideCollapsed} />
            </nav>
            <AsideFooter
              feedback={<FeedbackButton collapsed={isAsideCollapsed} />}
              newSystem={isDev ? <NewSystemButton collapsed={isAsideCollapsed} /> : undefined}
            />
          </Layout.Sider>
          <Layout>
            <Layout.Content className="ks-shell-content">
              <Outlet />
            </Layout.Content>
            <Layout.Footer className="ks-shell-footer">
              <PlatformFooter data={platformInfo} />
            </Layout.Footer>
          </Layout>
        </Layout>
        <ThemePanel />
        <GlobalOverlays />
      </Layout>
    </ConfigProvider>
  );
}
