import { Alert, Card, Result, Skeleton, Tabs } from 'antd';
import { useSessionStore } from '@/lib/session-store.ts';
import { usePlatformInfo } from '@/shared/api/get-platform-info.ts';
import { PlatformInfoForm } from '../components/platform-info-form.tsx';
import { SmsOutboxTable } from '../components/sms-outbox-table.tsx';

/**
 * 平台设置 (administrators, loginRoleType M). Others see the 403 result; the server refuses their
 * calls anyway, so this only spares them a page of errors.
 */
export function PlatformSettingsPage() {
  const isAdmin = useSessionStore((state) => state.isAdmin);
  if (!isAdmin) return <Result status="403" title="无权限访问" subTitle="平台设置仅限管理员使用" />;
  return (
    <div className="ks-page">
      <Card title={<h1 className="ks-page-title">平台设置</h1>}>
        <Tabs
          items={[
            { key: 'info', label: '平台信息', children: <PlatformInfoPane /> },
            { key: 'outbox', label: '短信发件箱', children: <SmsOutboxTable /> },
          ]}
        />
      </Card>
    </div>
  );
}

function PlatformInfoPane() {
  const { data: info, isPending, isError } = usePlatformInfo();
  if (isPending) return <Skeleton active />;
  if (isError) return <Alert type="warning" showIcon title="平台信息加载失败，请稍后刷新重试" />;
  // Keyed by revision: a reload after a conflict, or a save, refills the form with the stored values.
  return <PlatformInfoForm key={info.revision} info={info} />;
}
