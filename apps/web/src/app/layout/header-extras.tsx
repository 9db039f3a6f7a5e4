import { Space } from 'antd';
import type { ComponentType } from 'react';

/**
 * Header widgets that features contribute, left to right (notification bell, to-do badge, weather,
 * help, …). A feature adds its component here; the shell renders them between the title and the
 * user menu, so features never edit the layout itself.
 */
const HEADER_EXTRAS: { key: string; Component: ComponentType }[] = [];

export function HeaderExtras() {
  return (
    <Space size="middle" className="ks-header-extras">
      {HEADER_EXTRAS.map(({ key, Component }) => (
        <Component key={key} />
      ))}
    </Space>
  );
}
