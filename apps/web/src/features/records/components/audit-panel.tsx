import { AUDIT_WAY_LABELS } from '@ks/contract/node-definition';
import type { AuditRound, AuditStepView } from '@ks/contract/records';
import { AUDIT_INSTANCE_STATUS_LABELS } from '@ks/contract/workflow';
import { Card, Empty, Table, Tabs, Tag, Typography } from 'antd';
import { formatTime } from '@/lib/format-time.ts';
import { readableColor } from '@/lib/readable-colors.ts';
import type { FormDetails } from '../api/types.ts';

const RESULT_TAGS: Record<string, { text: string; color: string }> = {
  pass: { text: '通过', color: 'success' },
  reject: { text: '退回', color: 'error' },
  skipped: { text: '无需审核', color: 'default' },
  '': { text: '待审核', color: 'processing' },
};

/** 第一次 … 第十次, then digits: how the rounds of a record's submissions are named. */
const ORDINALS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];
const roundLabel = (index: number) => `第${ORDINALS[index] ?? index + 1}次提交`;

/**
 * The record's audit flow: each level's step with reviewer, result, advice and time. A record
 * submitted more than once shows each submission as a tab (第一次提交, 第二次提交, …), the latest
 * selected, so the advice of a returned round stays readable after the record is resubmitted.
 */
export function AuditPanel({ audit }: { audit: FormDetails['audit'] }) {
  if (!audit || audit.levels.length === 0) return null;
  const { earlierRounds } = audit;
  return (
    <Card size="small" title="审核流程" style={{ marginTop: 12 }}>
      {audit.steps.length === 0 && earlierRounds.length === 0 ? (
        <Empty description="尚未提交审核" />
      ) : earlierRounds.length === 0 ? (
        <StepsTable steps={audit.steps} />
      ) : (
        <Tabs
          defaultActiveKey={String(earlierRounds.length)}
          items={[
            ...earlierRounds.map((round, index) => ({
              key: String(index),
              label: roundLabel(index),
              children: <EarlierRound round={round} />,
            })),
            {
              key: String(earlierRounds.length),
              label: roundLabel(earlierRounds.length),
              children: <StepsTable steps={audit.steps} />,
            },
          ]}
        />
      )}
    </Card>
  );
}

function EarlierRound({ round }: { round: AuditRound }) {
  return (
    <>
      <Typography.Paragraph type="secondary">
        {formatTime(round.startedAt)} 提交 · {AUDIT_INSTANCE_STATUS_LABELS[round.status]}
      </Typography.Paragraph>
      <StepsTable steps={round.steps} />
    </>
  );
}

function StepsTable({ steps }: { steps: AuditStepView[] }) {
  return (
    <Table
      size="small"
      pagination={false}
      rowKey={(step) => `${step.level}-${step.reviewerName}-${step.actedAt ?? ''}`}
      dataSource={steps}
      columns={[
        {
          title: '审核级别',
          dataIndex: 'name',
          render: (name: string, step) => `${step.level}. ${name}`,
        },
        {
          title: '审核方式',
          dataIndex: 'way',
          render: (way: keyof typeof AUDIT_WAY_LABELS) => AUDIT_WAY_LABELS[way],
        },
        { title: '审核人', dataIndex: 'reviewerName' },
        {
          title: '审核结果',
          dataIndex: 'result',
          render: (result: string) => {
            const tag = RESULT_TAGS[result] ?? { text: result, color: 'default' };
            return <Tag color={readableColor(tag.color)}>{tag.text}</Tag>;
          },
        },
        { title: '审核意见', dataIndex: 'advice' },
        { title: '审核时间', dataIndex: 'actedAt', render: (time: string | null) => formatTime(time) },
      ]}
    />
  );
}
