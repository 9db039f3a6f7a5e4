import {
  CloseOutlined,
  CustomerServiceOutlined,
  MinusOutlined,
  RobotOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Alert, Button, Card, Segmented, Space } from 'antd';
import { useState } from 'react';
import { useDeployConfig } from '@/shared/api/get-deploy-config.ts';
import { usePlatformInfo } from '@/shared/api/get-platform-info.ts';

export type ServiceMode = 'human' | 'robot';
const MODE_LABELS: Record<ServiceMode, string> = { human: '人工客服', robot: '智能客服' };

/**
 * The chat frame address of the support channel. The deployment's support-channel key is the
 * provider's embeddable chat address (http or https); the widget adds which service to open.
 * Null when the key is not such an address.
 */
export function chatFrameUrl(channelKey: string, mode: ServiceMode): string | null {
  let url: URL;
  try {
    url = new URL(channelKey);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  url.searchParams.set('mode', mode);
  return url.toString();
}

/**
 * Customer-service widget: a toggle opens the options, human or robot opens the
 * channel's chat in a frame; collapse keeps the conversation, close ends it. Without a configured
 * channel it says so — it never pretends to chat.
 */
export function CustomerServiceWidget() {
  const { data: deployConfig } = useDeployConfig();
  const supportPhone = usePlatformInfo().data?.supportPhone ?? '';
  const [isOpen, setOpen] = useState(false);
  const [isCollapsed, setCollapsed] = useState(false);
  const [mode, setMode] = useState<ServiceMode | null>(null);
  if (!deployConfig) return null;

  const channelKey = deployConfig.supportChannelKey.trim();
  const frameUrl = channelKey && mode ? chatFrameUrl(channelKey, mode) : null;
  const close = () => {
    setOpen(false);
    setCollapsed(false);
    setMode(null);
  };

  return (
    <>
      <Button
        type="primary"
        shape="circle"
        size="large"
        className="ks-service-toggle"
        icon={<CustomerServiceOutlined />}
        aria-label="在线客服"
        aria-expanded={isOpen}
        onClick={() => (isOpen ? close() : setOpen(true))}
      />
      {isOpen ? (
        <Card
          role="dialog"
          aria-label="在线客服"
          size="small"
          className={isCollapsed ? 'ks-service-panel ks-service-panel-collapsed' : 'ks-service-panel'}
          title="在线客服"
          extra={
            <Space size={0}>
              <Button
                type="text"
                size="small"
                aria-label={isCollapsed ? '展开客服' : '收起客服'}
                icon={<MinusOutlined />}
                onClick={() => setCollapsed(!isCollapsed)}
              />
              <Button
                type="text"
                size="small"
                aria-label="关闭客服"
                icon={<CloseOutlined />}
                onClick={close}
              />
            </Space>
          }
        >
          {isCollapsed ? null : !channelKey ? (
            <Alert
              type="info"
              showIcon
              title={
                // The number itself, as the footer shows it: no sending people to a line that is not there.
                supportPhone
                  ? `在线客服尚未配置，请拨打技术支持电话：${supportPhone}`
                  : '在线客服尚未配置，请联系平台管理员'
              }
            />
          ) : (
            <Space direction="vertical" className="ks-service-body">
              <Segmented<ServiceMode>
                value={mode ?? undefined}
                onChange={setMode}
                options={(['human', 'robot'] as const).map((value) => ({
                  value,
                  label: MODE_LABELS[value],
                  icon: value === 'human' ? <UserOutlined /> : <RobotOutlined />,
                }))}
              />
              {mode && !frameUrl ? (
                <Alert type="warning" showIcon title="在线客服地址配置有误，请联系管理员" />
              ) : null}
              {frameUrl && mode ? (
                <iframe className="ks-service-frame" title={MODE_LABELS[mode]} src={frameUrl} />
              ) : null}
            </Space>
          )}
        </Card>
      ) : null}
    </>
  );
}
