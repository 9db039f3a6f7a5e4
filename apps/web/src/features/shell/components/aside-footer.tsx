import { AppstoreOutlined, MenuFoldOutlined, MenuUnfoldOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useSessionStore } from '@/lib/session-store.ts';
import { useShellStore } from '../lib/shell-store.ts';

/** All systems (the builder's list of systems). */
export const ALL_SYSTEMS_PATH = '/system/allSystem';

/**
 * Foot of the aside: the collapse toggle for everyone but developers, who get the
 * new-system and all-systems buttons instead. `feedback` and `newSystem` (the builder's new-system
 * button with its dialog) are handed in by the layout, because features do not import each other;
 * without `newSystem` the button leads to the all-systems page.
 */
export function AsideFooter({ feedback, newSystem }: { feedback?: ReactNode; newSystem?: ReactNode }) {
  const isDev = useSessionStore((state) => state.isDev);
  const isCollapsed = useShellStore((state) => state.isAsideCollapsed);
  const toggleAside = useShellStore((state) => state.toggleAside);
  const navigate = useNavigate();

  if (isDev) {
    return (
      <div className="ks-aside-footer">
        {newSystem ?? (
          <Tooltip title="新建系统">
            <Button icon={<PlusOutlined />} onClick={() => navigate(ALL_SYSTEMS_PATH)}>
              {isCollapsed ? null : '新建系统'}
            </Button>
          </Tooltip>
        )}
        <Tooltip title="全部系统">
          <Button icon={<AppstoreOutlined />} onClick={() => navigate(ALL_SYSTEMS_PATH)}>
            {isCollapsed ? null : '全部系统'}
          </Button>
        </Tooltip>
      </div>
    );
  }
  return (
    <div className="ks-aside-footer">
      <Button
        type="text"
        aria-label={isCollapsed ? '展开菜单' : '收起菜单'}
        icon={isCollapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={toggleAside}
      />
      {feedback}
    </div>
  );
}
