import { AUDIT_WAY_LABELS } from '@ks/contract/node-definition';
import { Card, Empty, Table, Tag } from 'antd';
import { formatTime } from '@/lib/format-time.ts';
import type { FormDetails } from '../api/types.ts';

const RESULT_TAGS: Record<string, { text: string; color: string }> = {
  pass: { text: '通过', color: 'success' },
  reject: { text: '退回', color: 'error' },
  '': { text: '待审核', color: 'processing' },
};

/** The record's audit flow: each level's step with reviewer, result, advice and time. */
export function AuditPanel({ audit }: { audit: FormDetails['audit'] }) {
  if (!audit || audit.levels.length === 0) return null;
  return (
    <Card size="small" title="审核流程" style={{ marginTop: 12 }}>
      {audit.steps.length === 0 ? (
        <Empty description="尚未提交审核" />
      ) : (
        <Table
          size="small"
          pagination={false}
          rowKey={(step) => `${step.level}-${step.reviewerName}-${step.actedAt ?? ''}`}
          dataSource={audit.steps}
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
                return <Tag color={tag.color}>{tag.text}</Tag>;
              },
            },
            { title: '审核意见', dataIndex: 'advice' },
            { title: '审核时间', dataIndex: 'actedAt', render: (time: string | null) => formatTime(time) },
          ]}
        />
      )}
    </Card>
  );
}
