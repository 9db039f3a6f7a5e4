import { CloseOutlined } from '@ant-design/icons';
import { Button, Card, Checkbox } from 'antd';
import { useState } from 'react';
import { useDeployConfig } from '@/shared/api/get-deploy-config.ts';

/** Remembered in this browser: a person who ticked 不再提示 never sees the box again here. */
export const IMPORTANT_NOTICE_KEY = 'ks-important-notice-dismissed';

/**
 * Important-notice floating box, public-service deployments only: expert extraction
 * is done by hand, and so is a re-draw.
 */
export function ImportantNoticeBox() {
  const { data: deployConfig } = useDeployConfig();
  const [isOpen, setOpen] = useState(() => localStorage.getItem(IMPORTANT_NOTICE_KEY) !== '1');
  const [isDontShowAgain, setDontShowAgain] = useState(false);
  if (deployConfig?.loginVariant !== 'public-service' || !isOpen) return null;

  const close = () => {
    if (isDontShowAgain) localStorage.setItem(IMPORTANT_NOTICE_KEY, '1');
    setOpen(false);
  };
  return (
    <Card
      role="dialog"
      aria-label="重要提示"
      className="ks-important-notice"
      size="small"
      title="重要提示"
      extra={
        <Button type="text" size="small" aria-label="关闭提示" icon={<CloseOutlined />} onClick={close} />
      }
    >
      <p>本平台专家抽取为人工抽取，如需重新抽取，亦由人工操作。</p>
      <Checkbox checked={isDontShowAgain} onChange={(event) => setDontShowAgain(event.target.checked)}>
        不再提示
      </Checkbox>
    </Card>
  );
}
