import {
  BID_DOCUMENT_STATE_LABELS,
  type BidDocumentState,
  type BidDocumentStateValue,
} from '@ks/contract/bid-detection';
import { Space, Tag, Typography } from 'antd';

const STATE_COLORS: Record<BidDocumentStateValue, string> = {
  pending: 'default',
  parsing: 'processing',
  scanned: 'warning',
  failed: 'error',
  checked: 'success',
};

/** A bid document's detection state, with the reason when it could not be read (scanned, broken). */
export function BidStateTag({ document }: { document: Pick<BidDocumentState, 'state' | 'errorMessage'> }) {
  return (
    <Space orientation="vertical" size={0}>
      <Tag color={STATE_COLORS[document.state]}>{BID_DOCUMENT_STATE_LABELS[document.state]}</Tag>
      {document.errorMessage && <Typography.Text type="danger">{document.errorMessage}</Typography.Text>}
    </Space>
  );
}
