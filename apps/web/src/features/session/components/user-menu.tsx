import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import { LOGIN_PATH, PLATFORM_SETTINGS_PATH, USER_CENTER_PATH } from '@/lib/constants.ts';
import { useSessionStore } from '@/lib/session-store.ts';
import { useDeleteSession } from '../api/delete-session.ts';

/**
 * Header dropdown of spec 001 §2: user centre, platform settings for administrators, and logout
 * (server-provided items come with the full shell).
 */
export function UserMenu() {
  const userName = useSessionStore((state) => state.userInfo?.userName ?? state.userInfo?.userCode ?? '');
  const isAdmin = useSessionStore((state) => state.isAdmin);
  const navigate = useNavigate();
  const deleteSession = useDeleteSession();

  const items: MenuProps['items'] = [
    { key: 'userCenter', label: '个人中心' },
    ...(isAdmin ? [{ key: 'platformSettings', label: '平台设置' }] : []),
    { type: 'divider' },
    { key: 'logout', label: '退出登录', danger: true },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'userCenter') navigate(USER_CENTER_PATH);
    if (key === 'platformSettings') navigate(PLATFORM_SETTINGS_PATH);
    if (key === 'logout')
      deleteSession.mutate(undefined, { onSettled: () => navigate(LOGIN_PATH, { replace: true }) });
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']}>
      <Button type="text" icon={<UserOutlined />} loading={deleteSession.isPending}>
        {userName} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
