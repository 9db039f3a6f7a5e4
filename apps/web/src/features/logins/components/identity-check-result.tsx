import type { IdentityCheck } from '@ks/contract/logins';
import { Alert } from 'antd';
import { formatTime } from '@/lib/format-time.ts';

/** The authority's answer, with who answered (the local provider says it asked no authority). */
export function IdentityCheckResult({ check }: { check: IdentityCheck }) {
  return (
    <Alert
      type={check.matched ? 'success' : 'error'}
      showIcon
      title={check.matched ? '核验通过' : '核验未通过'}
      description={
        <>
          <div>{check.message}</div>
          <div>
            核验方：{check.providerLabel}；核验时间：{formatTime(check.checkedAt)}
          </div>
        </>
      }
    />
  );
}
