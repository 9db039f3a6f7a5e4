import { PaperClipOutlined } from '@ant-design/icons';
import { Button, Modal, Typography } from 'antd';
import { useState } from 'react';
import { downloadAttachment } from '../api/download-attachment.ts';
import { selectModalNotice, useNoticeStore } from '../lib/notice-store.ts';
import { useCloseNotice } from './use-close-notice.ts';

/** Type 2 messages: a titled notice with its attachment link; 确认 confirms it. */
export function NoticeModal() {
  const notice = useNoticeStore(selectModalNotice);
  const { close, isPending } = useCloseNotice();
  const [isDownloading, setIsDownloading] = useState(false);
  if (!notice) return null;
  const download = async () => {
    setIsDownloading(true);
    try {
      await downloadAttachment(notice.url, notice.urlName);
    } catch {
      // The file client has already shown why.
    } finally {
      setIsDownloading(false);
    }
  };
  return (
    <Modal
      open
      title={notice.title}
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={
        <Button type="primary" loading={isPending} onClick={() => close(notice.msgId)}>
          确认
        </Button>
      }
    >
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{notice.msg}</Typography.Paragraph>
      {notice.url && (
        <Button type="link" icon={<PaperClipOutlined />} loading={isDownloading} onClick={download}>
          {notice.urlName || '附件'}
        </Button>
      )}
    </Modal>
  );
}
