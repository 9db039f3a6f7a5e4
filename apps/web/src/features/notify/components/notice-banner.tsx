import { NotificationOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { selectBanner, useNoticeStore } from '../lib/notice-store.ts';
import { useCloseNotice } from './use-close-notice.ts';

/** Type 1 messages: a banner across the top of every page until the user confirms it. */
export function NoticeBanner() {
  const notice = useNoticeStore(selectBanner);
  const { close, isPending } = useCloseNotice();
  if (!notice) return null;
  return (
    <div className="ks-notice-banner" style={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 1010 }}>
      <Alert
        banner
        type="info"
        role="alert"
        icon={<NotificationOutlined />}
        title={notice.title || undefined}
        description={notice.msg}
        action={
          <Button size="small" type="primary" loading={isPending} onClick={() => close(notice.msgId)}>
            我知道了
          </Button>
        }
      />
    </div>
  );
}
