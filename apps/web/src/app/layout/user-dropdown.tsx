import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import { useDeleteSession } from '@/features/session/api/delete-session.ts';
import { useHeaderItems } from '@/features/shell/api/find-header-items.ts';
import { usePhoto } from '@/features/shell/api/get-photo.ts';
import {
  JOBS_PATH,
  LOGIN_PATH,
  MY_ATTACHMENTS_PATH,
  PLATFORM_SETTINGS_PATH,
  USER_CENTER_PATH,
  WORK_CALENDAR_PATH,
} from '@/lib/constants.ts';
import { useSessionStore } from '@/lib/session-store.ts';

const ITEM_PREFIX = 'server:';

/**
 * Header dropdown: 个人中心, the items the server gives this user (业务办理, 权限设置,
 * 管理权限, 管理信息, 通知配置 by role), platform settings, background jobs and the working calendar for administrators, and 退出登录.
 */
export function UserDropdown() {
  const userName = useSessionStore((state) => state.userInfo?.userName ?? state.userInfo?.userCode ?? '');
  const photoUrl = useSessionStore((state) => state.userInfo?.photo);
  const isAdmin = useSessionStore((state) => state.isAdmin);
  const { data: serverItems = [] } = useHeaderItems();
  const { data: photo } = usePhoto(photoUrl);
  const navigate = useNavigate();
  const deleteSession = useDeleteSession();

  const items: MenuProps['items'] = [
    { key: 'userCenter', label: '个人中心' },
    { key: 'myAttachments', label: '我的附件' },
    ...serverItems.map((item) => ({ key: `${ITEM_PREFIX}${item.code}`, label: item.title })),
    ...(isAdmin
      ? [
          { key: 'platformSettings', label: '平台设置' },
          { key: 'jobs', label: '后台任务' },
          { key: 'workCalendar', label: '工作日历' },
        ]
      : []),
    { type: 'divider' },
    { key: 'logout', label: '退出登录', danger: true },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'userCenter') navigate(USER_CENTER_PATH);
    if (key === 'myAttachments') navigate(MY_ATTACHMENTS_PATH);
    if (key === 'platformSettings') navigate(PLATFORM_SETTINGS_PATH);
    if (key === 'jobs') navigate(JOBS_PATH);
    if (key === 'workCalendar') navigate(WORK_CALENDAR_PATH);
    if (key.startsWith(ITEM_PREFIX)) {
      const item = serverItems.find((i) => `${ITEM_PREFIX}${i.code}` === key);
      if (item) navigate(item.path);
    }
    // The shell unmounts as soon as the session is cleared, and mutate's own callbacks die with
    // it: the promise still settles, so the redirect hangs on that.
    if (key === 'logout')
      void deleteSession.mutateAsync().finally(() => navigate(LOGIN_PATH, { replace: true }));
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']}>
      <Button
        type="text"
        className="ks-user-button"
        icon={photo ? <Avatar size="small" src={photo} alt="头像" /> : <UserOutlined />}
        loading={deleteSession.isPending}
      >
        {userName} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
