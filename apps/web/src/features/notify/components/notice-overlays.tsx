import { NoticeBanner } from './notice-banner.tsx';
import { NoticeModal } from './notice-modal.tsx';
import { PushChannelStarter } from './push-channel-starter.tsx';

/** The notify area's global overlay: the push channel and the notices it raises. */
export function NoticeOverlays() {
  return (
    <>
      <PushChannelStarter />
      <NoticeBanner />
      <NoticeModal />
    </>
  );
}
