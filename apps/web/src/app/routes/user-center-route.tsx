import { AccountLogButton } from '@/features/oplog/components/account-log-button.tsx';
import { UserCenterPage } from '@/features/session/pages/user-center-page.tsx';
import { ProfileCard } from '@/features/shell/components/profile-card.tsx';

/** 个人中心: the editable profile (photo, name) above the account and the password change. */
export function UserCenterRoute() {
  return (
    <div className="ks-user-center">
      <ProfileCard />
      <UserCenterPage />
      {/* The account's own operation log: logins, logouts, password changes. */}
      <div className="ks-account-log">
        <AccountLogButton />
      </div>
    </div>
  );
}
