import { Modal } from 'antd';

/** Height of the preview frame. */
export const PREVIEW_IFRAME_HEIGHT = 780;

/** The preview dialog: a PDF (or other browser-viewable file) in an iframe 780 px high. */
export function PreviewDialog({
  open,
  src,
  title,
  onClose,
}: {
  open: boolean;
  src: string;
  title?: string;
  onClose: () => void;
}) {
  return (
    <Modal open={open} title={title ?? '预览'} footer={null} onCancel={onClose} width="80%" destroyOnHidden>
      <iframe
        title={title ?? '预览'}
        src={src}
        style={{ width: '100%', height: PREVIEW_IFRAME_HEIGHT, border: 0 }}
      />
    </Modal>
  );
}
