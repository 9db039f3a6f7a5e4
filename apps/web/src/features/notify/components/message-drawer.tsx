import { MESSAGE_CATEGORY_LABELS, MESSAGE_READ_STATE_LABELS, MESSAGE_READ_STATES } from '@ks/contract/notify';
import { Badge, Button, Drawer, Empty, List, Segmented, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { formatTime } from '@/lib/format-time.ts';
import { downloadAttachment } from '../api/download-attachment.ts';
import { useMessages } from '../api/find-messages.ts';
import { useReadMessages } from '../api/read-messages.ts';

const PAGE_SIZE = 10;
type ReadState = (typeof MESSAGE_READ_STATES)[number];

/** The message centre: the caller's messages newest first; opening one marks it read. */
export function MessageDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [readState, setReadState] = useState<ReadState>('all');
  const [curPage, setCurPage] = useState(1);
  const { data, isFetching } = useMessages({ readState, curPage, pageSize: PAGE_SIZE }, open);
  const read = useReadMessages();
  return (
    <Drawer
      title="消息中心"
      open={open}
      onClose={onClose}
      size={420}
      extra={
        <Button size="small" onClick={() => read.mutate(undefined)} loading={read.isPending}>
          全部已读
        </Button>
      }
    >
      <Segmented<ReadState>
        block
        value={readState}
        options={MESSAGE_READ_STATES.map((value) => ({ value, label: MESSAGE_READ_STATE_LABELS[value] }))}
        onChange={(value) => {
          setReadState(value);
          setCurPage(1);
        }}
      />
      <List
        loading={isFetching}
        dataSource={data?.records ?? []}
        locale={{ emptyText: <Empty description="暂无消息" /> }}
        rowKey="msgId"
        pagination={
          (data?.total ?? 0) > PAGE_SIZE
            ? {
                current: curPage,
                pageSize: PAGE_SIZE,
                total: data?.total ?? 0,
                size: 'small',
                onChange: setCurPage,
              }
            : false
        }
        renderItem={(item) => (
          <List.Item
            onClick={() => !item.readAt && read.mutate([item.msgId])}
            style={{ cursor: item.readAt ? 'default' : 'pointer' }}
          >
            <List.Item.Meta
              title={
                <Space>
                  <Badge status={item.readAt ? 'default' : 'processing'} />
                  <Tag>{MESSAGE_CATEGORY_LABELS[item.category]}</Tag>
                  <span>{item.title || item.messages.slice(0, 20)}</span>
                </Space>
              }
              description={
                <>
                  <Typography.Paragraph ellipsis={{ rows: 3 }} style={{ marginBottom: 4 }}>
                    {item.messages}
                  </Typography.Paragraph>
                  {item.attachment && (
                    <Button
                      type="link"
                      size="small"
                      onClick={(event) => {
                        event.stopPropagation();
                        downloadAttachment(item.attachment, item.fileName).catch(() => {});
                      }}
                    >
                      {item.fileName}
                    </Button>
                  )}
                  <Typography.Text type="secondary">{formatTime(item.createdAt)}</Typography.Text>
                </>
              }
            />
          </List.Item>
        )}
      />
    </Drawer>
  );
}
