import { type Project, type Section, TRADING_ACTION_LABELS, type TradingAction } from '@ks/contract/trading';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Empty,
  Form,
  Input,
  Modal,
  Space,
  Spin,
  Tabs,
  Timeline,
} from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatTime } from '@/lib/format-time.ts';
import { ProjectTenderDocuments } from '../../tender-files/components/section-documents.tsx';
// The one page that shows other features' components: the project's tabs (decisions 0076, 0077;
// .dependency-cruiser.cjs).
import { PrequalificationNotices } from '../../trade-notices/components/prequalification-notices.tsx';
import { useProject, useReviewProject, useSubmitProject, useUpdatePrincipal } from '../api/trading-api.ts';
import { placeServerErrors } from '../components/field-errors.ts';
import { formatAmount, SideTag, StateTag } from '../components/labels.tsx';
import { ProjectForm } from '../components/project-form.tsx';
import { SectionFiles } from '../components/section-files.tsx';
import { VenueBookings } from '../components/venue-bookings.tsx';

const TABS = [
  { key: 'xmxx', label: '项目信息' },
  { key: 'cdyy', label: '场地预约' },
  { key: 'zsgg', label: '资格预审公告' },
  { key: 'zswj', label: '资格预审文件' },
  { key: 'zjcq', label: '专家抽取' },
] as const;

/** The tabs whose business arrives with later issues: an honest empty state until then. */
const NOT_YET: Record<string, string> = {
  zswj: '资格预审文件尚未开放，目前暂无文件',
  zjcq: '专家抽取将在专家抽取功能上线后在此办理，目前暂无抽取记录',
};

/**
 * 五位一体详情 (?id=&tab=): the project's five tabs. The buttons are the server's `actions` for the
 * caller; the page never decides who may do what.
 */
export function FiveInOneDetailPage() {
  const [params, setParams] = useSearchParams();
  const id = params.get('id') ?? '';
  const tab = TABS.some((item) => item.key === params.get('tab')) ? (params.get('tab') as string) : 'xmxx';
  const project = useProject(id);

  if (id === '') return <Empty description="未指定项目" />;
  if (project.isLoading) return <Spin />;
  if (!project.data) return <Empty description="项目不存在或您无权查看" />;
  const data = project.data;

  return (
    <Card
      title={
        <Space>
          {data.name}
          <StateTag state={data.state} />
        </Space>
      }
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ id, tab: key })}
        items={TABS.map((item) => ({
          key: item.key,
          label: item.label,
          children:
            item.key === 'xmxx' ? (
              <ProjectInfo project={data} />
            ) : item.key === 'cdyy' ? (
              <VenueBookings projectId={data.id} />
            ) : item.key === 'zsgg' ? (
              <PrequalificationNotices projectId={data.id} />
            ) : item.key === 'zswj' ? (
              <ProjectTenderDocuments sections={data.sections} kind="prequal" />
            ) : (
              <Empty description={NOT_YET[item.key]} />
            ),
        }))}
      />
    </Card>
  );
}

function ProjectInfo({ project }: { project: Project }) {
  const [dialog, setDialog] = useState<TradingAction | null>(null);
  const submit = useSubmitProject();
  const review = useReviewProject();
  const may = (action: TradingAction) => project.actions.includes(action);
  const ref = { id: project.id, version: project.version };

  const run = (action: TradingAction) => {
    if (action === 'submit')
      Modal.confirm({
        title: '提交审核',
        content: '提交后交易中心将进行审核，审核期间不能修改。确定提交吗？',
        onOk: () => submit.mutateAsync(ref).catch(() => undefined),
      });
    else if (action === 'approve')
      Modal.confirm({
        title: '审核通过',
        content: '确定审核通过该项目吗？',
        onOk: () => review.mutateAsync({ ...ref, decision: 'approve', reason: '' }).catch(() => undefined),
      });
    else setDialog(action);
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      {project.state === 'returned' && project.returnReason && (
        <Alert type="error" showIcon message={`退回原因：${project.returnReason}`} />
      )}
      {project.side === 'supervisor' && (
        <Alert type="info" showIcon message="您以监督身份查看本项目，不能办理" />
      )}
      <Space wrap>
        {project.actions.map((action) => (
          <Button
            key={action}
            type={action === 'approve' || action === 'submit' ? 'primary' : 'default'}
            danger={action === 'return'}
            onClick={() => run(action)}
          >
            {TRADING_ACTION_LABELS[action]}
          </Button>
        ))}
      </Space>
      <Descriptions bordered size="small" column={2}>
        <Descriptions.Item label="项目编号">{project.code}</Descriptions.Item>
        <Descriptions.Item label="我的身份">
          <SideTag side={project.side} />
        </Descriptions.Item>
        <Descriptions.Item label="招标人">{project.tendereeName}</Descriptions.Item>
        <Descriptions.Item label="招标代理">{project.agentName ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="项目负责人">{project.principal}</Descriptions.Item>
        <Descriptions.Item label="负责人电话">{project.principalPhone}</Descriptions.Item>
        <Descriptions.Item label="提交时间">{formatTime(project.submittedAt) || '—'}</Descriptions.Item>
        <Descriptions.Item label="审核时间">{formatTime(project.decidedAt) || '—'}</Descriptions.Item>
      </Descriptions>
      {project.sections.map((section) => (
        <SectionCard key={section.id} section={section} editable={may('edit')} />
      ))}
      <Card size="small" title="办理记录">
        {project.history.length === 0 ? (
          <Empty description="暂无记录" />
        ) : (
          <Timeline
            items={project.history.map((entry) => ({
              children: `${formatTime(entry.at)} ${entry.actorName} ${entry.action}${entry.reason ? `：${entry.reason}` : ''}`,
            }))}
          />
        )}
      </Card>
      {dialog === 'edit' && (
        <ProjectForm project={project} onCancel={() => setDialog(null)} onSaved={() => setDialog(null)} />
      )}
      {dialog === 'return' && <ReturnDialog project={project} onClose={() => setDialog(null)} />}
      {dialog === 'updatePrincipal' && <PrincipalDialog project={project} onClose={() => setDialog(null)} />}
    </Space>
  );
}

function SectionCard({ section, editable }: { section: Section; editable: boolean }) {
  return (
    <Card size="small" title={`${section.code} ${section.name}`}>
      <Descriptions size="small" column={3}>
        <Descriptions.Item label="标段类型">{section.type}</Descriptions.Item>
        <Descriptions.Item label="估算金额">{formatAmount(section.estimatePrice)}</Descriptions.Item>
        <Descriptions.Item label="最高投标限价">
          {section.controlPrice === null ? section.controlPriceNote : formatAmount(section.controlPrice)}
        </Descriptions.Item>
        <Descriptions.Item label="评标办法">{section.evaluationMethod}</Descriptions.Item>
        <Descriptions.Item label="公告发布时间">{section.noticeAt}</Descriptions.Item>
        <Descriptions.Item label="文件发售">{`${section.saleStartAt} 至 ${section.saleEndAt}`}</Descriptions.Item>
        <Descriptions.Item label="投标截止时间">{section.bidDeadlineAt}</Descriptions.Item>
        <Descriptions.Item label="开标时间">{section.openingAt}</Descriptions.Item>
        <Descriptions.Item label="资格要求" span={3}>
          {section.qualification}
        </Descriptions.Item>
      </Descriptions>
      <SectionFiles sectionId={section.id} editable={editable} />
    </Card>
  );
}

function ReturnDialog({ project, onClose }: { project: Project; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const review = useReviewProject();
  return (
    <Modal
      open
      title="退回"
      okText="退回"
      okButtonProps={{ danger: true }}
      confirmLoading={review.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={async ({ reason }) => {
          try {
            await review.mutateAsync({
              id: project.id,
              version: project.version,
              decision: 'return',
              reason: reason ?? '',
            });
            onClose();
          } catch (error) {
            placeServerErrors(form, error);
          }
        }}
      >
        <Form.Item name="reason" label="退回原因">
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function PrincipalDialog({ project, onClose }: { project: Project; onClose: () => void }) {
  const [form] = Form.useForm<{ principal: string; principalPhone: string; reason: string }>();
  const update = useUpdatePrincipal();
  return (
    <Modal
      open
      title="变更负责人"
      okText="确定"
      confirmLoading={update.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ principal: project.principal, principalPhone: project.principalPhone, reason: '' }}
        onFinish={async (values) => {
          try {
            await update.mutateAsync({ id: project.id, version: project.version, ...values });
            onClose();
          } catch (error) {
            placeServerErrors(form, error);
          }
        }}
      >
        <Form.Item name="principal" label="项目负责人">
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="principalPhone" label="负责人电话">
          <Input maxLength={11} />
        </Form.Item>
        <Form.Item name="reason" label="变更原因">
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
