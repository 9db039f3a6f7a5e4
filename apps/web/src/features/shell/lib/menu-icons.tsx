import {
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  FileProtectOutlined,
  FileSearchOutlined,
  FundOutlined,
  IdcardOutlined,
  LayoutOutlined,
  LineChartOutlined,
  NotificationOutlined,
  PieChartOutlined,
  ProjectOutlined,
  SafetyCertificateOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/**
 * Icons a node may name. A fixed set rather than the whole icon package, which would add
 * hundreds of kilobytes to the shell; an unknown name falls back to the generic icon.
 */
const MENU_ICONS: Record<string, ReactNode> = {
  AppstoreOutlined: <AppstoreOutlined />,
  AuditOutlined: <AuditOutlined />,
  BankOutlined: <BankOutlined />,
  BarChartOutlined: <BarChartOutlined />,
  FileProtectOutlined: <FileProtectOutlined />,
  FileSearchOutlined: <FileSearchOutlined />,
  FundOutlined: <FundOutlined />,
  IdcardOutlined: <IdcardOutlined />,
  LayoutOutlined: <LayoutOutlined />,
  LineChartOutlined: <LineChartOutlined />,
  NotificationOutlined: <NotificationOutlined />,
  PieChartOutlined: <PieChartOutlined />,
  ProjectOutlined: <ProjectOutlined />,
  SafetyCertificateOutlined: <SafetyCertificateOutlined />,
};

export const menuIconOf = (name: string): ReactNode => MENU_ICONS[name] ?? <AppstoreOutlined />;
