import type { TradeNotice, TradeNoticeVersion } from '@ks/contract/trade-notices';
import { Button, Empty, Modal, Spin, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useProjectNotices } from '../api/notices-api.ts';

type Row = TradeNoticeVersion & { notice: TradeNotice };

/** Every published version, notice by notice, the original first (the server's order). */
const rowsOf = (notices: readonly TradeNotice[]): Row[] =>
  notices.flatMap((notice) => notice.versions.map((version) => ({ ...version, notice })));

const versionLabel = (row: Row) => (row.version === 1 ? '原公告' : `第${row.version - 1}次变更`);

/**
 * 资格预审公告 of the five-in-one page (decision 0076): the project's published prequalification
 * notices with every version, as the server answers the caller; a click shows the notice's text.
 */
export function PrequalificationNotices({ projectId }: { projectId: string }) {
  const notices = useProjectNotices(projectId, 'prequalification');
  const [open, setOpen] = useState<Row | null>(null);
  if (notices.isLoading) return <Spin />;
  if (!notices.data) return <Empty description="资格预审公告加载失败，请稍后重试" />;
  const rows = rowsOf(notices.data);
  if (rows.length === 0) return <Empty description="暂无资格预审公告" />;
  return (
    <>
      <Table<Row>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={rows}
        columns={[
          {
            title: '公告标题',
            key: 'title',
            render: (_, row) => (
              <Button type="link" style={{ padding: 0 }} onClick={() => setOpen(row)}>
                {row.title}
              </Button>
            ),
          },
          {
            title: '标段',
            key: 'section',
            render: (_, row) => `${row.notice.sectionCode} ${row.notice.sectionName}`,
          },
          {
            title: '版本',
            key: 'version',
            render: (_, row) => <Tag color={row.version === 1 ? 'blue' : 'orange'}>{versionLabel(row)}</Tag>,
          },
          { title: '发布时间', dataIndex: 'publishedAt' },
        ]}
      />
      <Modal
        open={open !== null}
        title={open?.title}
        footer={null}
        onCancel={() => setOpen(null)}
        width={720}
      >
        {open && (
          <>
            <Typography.Paragraph type="secondary">
              {versionLabel(open)} · 发布时间 {open.publishedAt}
            </Typography.Paragraph>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{open.body}</Typography.Paragraph>
          </>
        )}
      </Modal>
    </>
  );
}
