import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Tooltip } from 'antd';
import { useState } from 'react';
import { MESSAGE_BADGE_MAX } from '@/lib/constants.ts';
import { useSessionStore } from '@/lib/session-store.ts';
import { useUnreadCount } from '../api/get-unread-count.ts';
import { MessageDrawer } from './message-drawer.tsx';

/** The administrators' message-centre bell: unread badge shown up to 999, drawer on click. */
export function MessageBell() {
  const isAdmin = useSessionStore((state) => state.isAdmin);
  const { data: unread = 0 } = useUnreadCount(isAdmin);
  const [isOpen, setIsOpen] = useState(false);
  if (!isAdmin) return null;
  return (
    <>
      <Tooltip title="消息中心">
        <Badge count={unread} overflowCount={MESSAGE_BADGE_MAX} size="small">
          <Button type="text" aria-label="消息中心" icon={<BellOutlined />} onClick={() => setIsOpen(true)} />
        </Badge>
      </Tooltip>
      <MessageDrawer open={isOpen} onClose={() => setIsOpen(false)} />
    </>
  );
}
