import { BID_MESSAGES } from '@ks/contract/bid-detection';
import { Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useBidderEnterprises } from '../api/bids.ts';

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
 * bids (decision 0052): 投标企业 searches the registered enterprises (GET /ks/basic/enterprises)
 * and sends the account; only when none is chosen 投标人名称 is asked, for the server's exact match.
 * Rendered inside the dialog's Form.
 */
export function BidderFields({ extra, nameMaxLength }: { extra: string; nameMaxLength: number }) {
  const [keyword, setKeyword] = useState('');
  const enterprises = useBidderEnterprises(keyword);
  return (
    <>
      <Form.Item name="bidderUserId" label="投标企业" extra={extra}>
        <Select
          allowClear
          showSearch={{ filterOption: false, onSearch: setKeyword }}
          placeholder="输入企业名称或统一社会信用代码搜索"
          loading={enterprises.isFetching}
          notFoundContent="未找到已注册的企业"
          options={(enterprises.data?.records ?? []).map((e) => ({
            value: e.userId,
            label: e.creditCode ? `${e.enterpriseName}（${e.creditCode}）` : e.enterpriseName,
          }))}
        />
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
