import { Modal } from 'antd';
import { useEffect, useRef } from 'react';

/**
 * The modal video player: no download control, and closing stops the video and
 * rewinds it, so it never plays on behind a closed dialog nor resumes midway next time.
 */
export function VideoModal({
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
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    if (open) return;
    const element = video.current;
    if (!element) return;
    element.pause();
    element.currentTime = 0;
  }, [open]);

  return (
    <Modal open={open} title={title ?? '视频'} footer={null} onCancel={onClose} width={880} forceRender>
      {/* biome-ignore lint/a11y/useMediaCaption: uploaded business videos carry no caption track */}
      <video
        ref={video}
        src={src || undefined}
        controls
        controlsList="nodownload noremoteplayback"
        disablePictureInPicture
        onContextMenu={(event) => event.preventDefault()}
        style={{ width: '100%', maxHeight: 600, background: '#000' }}
        data-testid="video-player"
      />
    </Modal>
  );
}
