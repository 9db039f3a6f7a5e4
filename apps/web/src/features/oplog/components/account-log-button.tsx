import { ACCOUNT_LOG_CODING } from '@ks/contract/oplog';
import { useSessionStore } from '@/lib/session-store.ts';
import { OperationLogButton } from './operation-log-drawer.tsx';

/** The current user's own account log (logins, logouts, password changes) in the operation-log drawer. */
export function AccountLogButton() {
  const userCode = useSessionStore((state) => state.userInfo?.userCode);
  if (!userCode) return null;
  return <OperationLogButton target={{ gnCoding: ACCOUNT_LOG_CODING, id: userCode }} />;
}
