import {
  SMS_PROVIDER_LABELS,
  SMS_PURPOSE_LABELS,
  type SmsOutboxEntry,
  type SmsPurpose,
} from '@ks/contract/session';
import { Alert, Table, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { TABLE_PAGE_SIZE_DEFAULT, TABLE_PAGE_SIZES } from '@/lib/constants.ts';
import { type OutboxQuery, useSmsOutbox } from '../api/find-sms-outbox.ts';

const COLUMNS: TableColumnsType<SmsOutboxEntry> = [
  { title: '手机号', dataIndex: 'phone', width: 140 },
  {
    title: '用途',
    dataIndex: 'purpose',
    width: 110,
    render: (purpose: SmsPurpose) => SMS_PURPOSE_LABELS[purpose],
  },
  { title: '内容', dataIndex: 'text' },
  {
    title: '通道',
    dataIndex: 'provider',
    width: 140,
    render: (provider: string) => SMS_PROVIDER_LABELS[provider] ?? provider,
  },
  {
    title: '时间',
    dataIndex: 'createdAt',
    width: 180,
    render: (createdAt: string) => dayjs(createdAt).format('YYYY-MM-DD HH:mm:ss'),
  },
];

/** 短信发件箱: what the local SMS provider recorded instead of sending, for administrators to relay. */
export function SmsOutboxTable() {
  const [query, setQuery] = useState<OutboxQuery>({ curPage: 1, pageSize: TABLE_PAGE_SIZE_DEFAULT });
  const { data, isFetching } = useSmsOutbox(query);

  return (
    <div className="ks-sms-outbox">
      <Alert
        type="warning"
        showIcon
        title="本地短信通道不会把短信发送到手机"
        description="当前部署使用本地短信通道：验证码、激活链接等短信不会真正发出，只记录在下面的发件箱中。需要时请由管理员把内容转告给本人。"
      />
      <Table<SmsOutboxEntry>
        rowKey="id"
        columns={COLUMNS}
        dataSource={data?.records}
        loading={isFetching}
        pagination={{
          current: query.curPage,
          pageSize: query.pageSize,
          total: data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: TABLE_PAGE_SIZES.map(String),
          showTotal: (total) => `共 ${total} 条`,
          onChange: (curPage, pageSize) =>
            // A new page size starts again from the first page.
            setQuery({ curPage: pageSize === query.pageSize ? curPage : 1, pageSize }),
        }}
      />
    </div>
  );
}
