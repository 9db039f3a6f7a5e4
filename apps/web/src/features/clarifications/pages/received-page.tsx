import type { ReceivedClarification } from '@ks/contract/clarifications';
import { App, Button, Card, Table, Typography } from 'antd';
import { useReceipt, useReceived } from '../api/clarify-api.ts';
import { ClarificationFiles } from '../components/clarification-files.tsx';
import { chinaTime } from '../components/labels.tsx';

/**
 * 收到的澄清 (/clarify/received): the clarifications delivered to the caller's account (a bidder who
 * downloaded the documents), each with 确认收到 while the server offers it. Only its own.
 */
export function ReceivedPage() {
  const received = useReceived();
  const receipt = useReceipt();
  const { message } = App.useApp();
  return (
    <Card title="收到的澄清">
      <Table<ReceivedClarification>
        rowKey="id"
        loading={received.isPending}
        dataSource={received.data ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: '暂无收到的澄清文件。下载招标文件后，招标人发出的澄清会送达这里' }}
        expandable={{
          expandedRowRender: (row) => (
            <>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{row.content}</Typography.Paragraph>
              {row.files.length > 0 ? <ClarificationFiles files={row.files} /> : null}
            </>
          ),
        }}
        columns={[
          { title: '项目', dataIndex: 'projectName' },
          { title: '标段', key: 'section', render: (_, r) => `${r.sectionCode} ${r.sectionName}` },
          { title: '澄清标题', dataIndex: 'title' },
          { title: '投标截止时间', dataIndex: 'bidDeadlineAt' },
          { title: '送达时间', key: 'deliveredAt', render: (_, r) => chinaTime(r.deliveredAt) },
          {
            title: '确认收到',
            key: 'receivedAt',
            render: (_, r) =>
              r.actions.includes('receive') ? (
                <Button
                  type="primary"
                  size="small"
                  loading={receipt.isPending && receipt.variables === r.id}
                  onClick={() => receipt.mutate(r.id, { onSuccess: () => message.success('已确认收到') })}
                >
                  确认收到
                </Button>
              ) : (
                chinaTime(r.receivedAt)
              ),
          },
        ]}
      />
    </Card>
  );
}
