import { Card, Result, Tabs } from 'antd';
import { useSessionStore } from '@/lib/session-store.ts';
import { PublishNoticeForm } from '../components/publish-notice-form.tsx';
import { PublishedNoticeTable } from '../components/published-notice-table.tsx';

/**
 * 通知配置 (/system/jumpNoticeCfg, administrators): publish a notice, follow its receipts, withdraw
 * it. Others see the 403 result; the server refuses their calls anyway.
 */
export function NoticeConfigPage() {
  const isAdmin = useSessionStore((state) => state.isAdmin);
  if (!isAdmin) return <Result status="403" title="无权限访问" subTitle="通知配置仅限管理员使用" />;
  return (
    <div className="ks-page">
      <Card title={<h1 className="ks-page-title">通知配置</h1>}>
        <Tabs
          items={[
            { key: 'publish', label: '发布通知', children: <PublishNoticeForm /> },
            { key: 'published', label: '已发布通知', children: <PublishedNoticeTable /> },
          ]}
        />
      </Card>
    </div>
  );
}
