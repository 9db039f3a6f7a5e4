import { AuditOrgsCard } from '@/features/authority/components/audit-orgs-card.tsx';
import { type FormPreviewProps, NodeSetupPage } from '@/features/builder/pages/node-setup-page.tsx';
import { SchemaForm } from '@/features/records/components/schema-form/schema-form.tsx';
import { useSessionStore } from '@/lib/session-store.ts';

/**
 * The node-configuration workspace under each of its paths, each opening its own tab.
 * The builder's live form preview is the records area's one form renderer.
 */
const renderFormPreview = ({ items, groups, loadOptions }: FormPreviewProps) => (
  <SchemaForm items={items} groups={groups} loadOptions={loadOptions} />
);

/** /system/setUpList: the whole workspace, from the form design. */
export const SetUpListRoute = () => (
  <NodeSetupPage title="节点配置" initialTab="form" renderFormPreview={renderFormPreview} />
);
/** /system/setTypeCard: the card style. */
export const SetTypeCardRoute = () => (
  <NodeSetupPage title="卡片样式设置" initialTab="card" renderFormPreview={renderFormPreview} />
);
/** /system/echartsSetting: the charts. */
export const EchartsSettingRoute = () => (
  <NodeSetupPage title="图表设置" initialTab="charts" renderFormPreview={renderFormPreview} />
);
/** /system/auditLevel: the audit levels. */
export const AuditLevelRoute = () => (
  <NodeSetupPage title="审核级别" initialTab="audit" renderFormPreview={renderFormPreview} />
);
/**
 * /system/auditWay: the audit levels' ways, with the reviewer organisations they use. Developers
 * configure the levels; administrators keep the organisations only (the node workspace's calls
 * are the developers').
 */
export function AuditWayRoute() {
  const isDev = useSessionStore((state) => state.isDev);
  if (!isDev) return <AuditOrgsCard />;
  return (
    <NodeSetupPage
      title="审核方式"
      initialTab="audit"
      renderFormPreview={renderFormPreview}
      below={<AuditOrgsCard />}
    />
  );
}
