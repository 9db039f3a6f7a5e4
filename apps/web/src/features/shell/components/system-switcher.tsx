import { SettingOutlined } from '@ant-design/icons';
import { Button, Select, Space, Tooltip } from 'antd';
import { useNavigate } from 'react-router';
import { useSessionStore } from '@/lib/session-store.ts';
import { useMainMenus } from '../api/find-main-menus.ts';
import { systemSettingsRoute } from '../lib/route-for-node.ts';
import { useCurrentSystem } from '../lib/use-current-system.ts';

/** The systems the user may open; developers get the system-settings gear beside it. */
export function SystemSwitcher() {
  const { data: systems = [] } = useMainMenus();
  const { system, selectSystem } = useCurrentSystem();
  const isDev = useSessionStore((state) => state.isDev);
  const navigate = useNavigate();
  if (systems.length === 0) return null;
  return (
    <Space size={4} className="ks-system-switcher">
      <Select
        aria-label="切换系统"
        value={system?.gnCoding}
        onChange={selectSystem}
        popupMatchSelectWidth={false}
        variant="borderless"
        options={systems.map((s) => ({ value: s.gnCoding, label: s.systemName }))}
      />
      {isDev && system ? (
        <Tooltip title="系统设置">
          <Button
            type="text"
            aria-label="系统设置"
            icon={<SettingOutlined />}
            onClick={() => navigate(systemSettingsRoute(system.gnCoding))}
          />
        </Tooltip>
      ) : null}
    </Space>
  );
}
