import { Space } from 'antd';
import type { ComponentType } from 'react';
import { HelpButton } from '@/features/help/components/help-panel.tsx';
import { MessageBell } from '@/features/notify/components/message-bell.tsx';
import { TodoBadge } from '@/features/notify/components/todo-badge.tsx';
import { WeatherPopover } from '@/features/weather/components/weather-popover.tsx';

/**
 * Header widgets that features contribute, left to right (notification bell, to-do badge, weather,
 * help, …). A feature adds its component here; the shell renders them between the title and the
 * user menu, so features never edit the layout itself.
 */
const HEADER_EXTRAS: { key: string; Component: ComponentType }[] = [
  { key: 'message-bell', Component: MessageBell },
  { key: 'todo-badge', Component: TodoBadge },
  { key: 'weather', Component: WeatherPopover },
  { key: 'help', Component: HelpButton },
];

export function HeaderExtras() {
  return (
    <Space size="middle" className="ks-header-extras">
      {HEADER_EXTRAS.map(({ key, Component }) => (
        <Component key={key} />
      ))}
    </Space>
  );
}
