import { BID_MESSAGES } from '@ks/contract/bid-detection';
import { Form, Input } from 'antd';
import { EnterpriseSelect } from '../../../shared/enterprise-select.tsx';

/** The form values the bidder fields fill. */
export interface BidderValues {
  bidderUserId?: string;
  bidderName?: string;
}

/** The bidder part of an attach body: the chosen enterprise account, else the typed name. */
export const bidderOf = (values: BidderValues) => ({
  bidderUserId: values.bidderUserId,
  bidderName: values.bidderName?.trim() ?? '',
});

/**
 * An administrator's choice of a bid's bidder, in the upload dialogs of bid documents and cost-file
 * bids (decision 0052): 投标企业 is the shared EnterpriseSelect (GET /ks/basic/enterprises)
 * and sends the account; only when none is chosen 投标人名称 is asked, for the server's exact match.
 * Rendered inside the dialog's Form.
 */
export function BidderFields({ extra, nameMaxLength }: { extra: string; nameMaxLength: number }) {
  return (
    <>
      <Form.Item name="bidderUserId" label="投标企业" extra={extra}>
        <EnterpriseSelect allowClear />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(before, after) => before.bidderUserId !== after.bidderUserId}>
        {({ getFieldValue }) =>
          !getFieldValue('bidderUserId') && (
            <Form.Item
              name="bidderName"
              label="投标人名称"
              rules={[{ required: true, whitespace: true, message: BID_MESSAGES.bidderRequired }]}
            >
              <Input maxLength={nameMaxLength} />
            </Form.Item>
          )
        }
      </Form.Item>
    </>
  );
}
