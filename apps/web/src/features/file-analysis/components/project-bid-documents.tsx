import type { BidDocumentState } from '@ks/contract/bid-detection';
import { Table } from 'antd';
import { Link } from 'react-router';
import { useBidDocuments } from '../api/bids.ts';
import { BidStateTag } from './bid-state-tag.tsx';

/**
 * A project's bid documents and their detection state, under its cost files on /fileAnalysis/index
 * (decision 0052); the results, the requirements and the publicity are on the detail page. The
 * server answers an enterprise its own document only.
 */
export function ProjectBidDocuments({ xmId }: { xmId: string }) {
  const list = useBidDocuments(xmId);
  return (
    <Table<BidDocumentState>
      size="small"
      rowKey="documentId"
      title={() => '投标文件'}
      loading={list.isPending}
      dataSource={list.data?.documents ?? []}
      pagination={false}
      locale={{ emptyText: '尚未上传投标文件' }}
      columns={[
        { title: '投标人', dataIndex: 'bidderName', key: 'bidderName' },
        { title: '文件名', dataIndex: 'fileName', key: 'fileName' },
        { title: '检测状态', key: 'state', render: (_, document) => <BidStateTag document={document} /> },
        { title: '章节问题', dataIndex: 'directoryFindings', key: 'directoryFindings', align: 'right' },
        { title: '业绩问题', dataIndex: 'achievementFindings', key: 'achievementFindings', align: 'right' },
        {
          title: '客观分',
          dataIndex: 'score',
          key: 'score',
          align: 'right',
          render: (v: string | null) => v ?? '—',
        },
        {
          title: '操作',
          key: 'actions',
          render: () => <Link to={`/fileAnalysis/deatil?xmId=${xmId}`}>检测结果</Link>,
        },
      ]}
    />
  );
}
