import type { ClarificationReceipt } from '@ks/contract/clarifications';
import { Descriptions, Drawer, Table, Timeline, Typography } from 'antd';
import { PageLoading } from '@/components/page-loading.tsx';
import { useClarification } from '../api/clarify-api.ts';
import { ClarificationFiles } from './clarification-files.tsx';
import { ClarificationStateTag, chinaTime } from './labels.tsx';

/**
 * A clarification's text, its history and the receipt table (who it was delivered to, who
 * confirmed and when): the server answers it to the project's parties, the centre and supervisors.
 */
export function ClarificationDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const detail = useClarification(id);
  const clarification = detail.data;
  return (
    <Drawer open width={720} title={clarification?.title ?? '澄清文件'} onClose={onClose}>
      {!clarification ? (
        <PageLoading />
      ) : (
        <>
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label="项目">{clarification.projectName}</Descriptions.Item>
            <Descriptions.Item label="标段">
              {clarification.sectionCode} {clarification.sectionName}
            </Descriptions.Item>
            <Descriptions.Item label="状态">
              <ClarificationStateTag state={clarification.state} />
            </Descriptions.Item>
            <Descriptions.Item label="投标截止时间">{clarification.bidDeadlineAt || '—'}</Descriptions.Item>
            {clarification.newBidDeadlineAt ? (
              <Descriptions.Item label="顺延至">{clarification.newBidDeadlineAt}</Descriptions.Item>
            ) : null}
            <Descriptions.Item label="发送时间">{chinaTime(clarification.sentAt)}</Descriptions.Item>
            {clarification.returnReason ? (
              <Descriptions.Item label="退回理由" span={2}>
                {clarification.returnReason}
              </Descriptions.Item>
            ) : null}
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            澄清内容
          </Typography.Title>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>
            {clarification.content}
          </Typography.Paragraph>
          <Typography.Title level={5}>附件</Typography.Title>
          <ClarificationFiles files={clarification.files} />
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            送达与回执
          </Typography.Title>
          <Table<ClarificationReceipt>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={clarification.receipts}
            locale={{
              emptyText:
                clarification.state === 'sent'
                  ? '尚无送达记录'
                  : '澄清发送后，这里显示每家投标人的送达与确认收到情况',
            }}
            columns={[
              { title: '投标人', dataIndex: 'enterpriseName' },
              { title: '下载文件时间', key: 'downloadedAt', render: (_, r) => chinaTime(r.downloadedAt) },
              { title: '送达时间', key: 'deliveredAt', render: (_, r) => chinaTime(r.deliveredAt) },
              {
                title: '确认收到',
                key: 'receivedAt',
                render: (_, r) =>
                  r.receivedAt ? (
                    chinaTime(r.receivedAt)
                  ) : (
                    <Typography.Text type="warning">未确认</Typography.Text>
                  ),
              },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            办理记录
          </Typography.Title>
          <Timeline
            items={clarification.history.map((entry) => ({
              children: `${chinaTime(entry.at)} ${entry.actorName} ${entry.action}${entry.reason ? `：${entry.reason}` : ''}`,
            }))}
          />
        </>
      )}
    </Drawer>
  );
}
