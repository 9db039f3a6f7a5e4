import type { MarketEnterprise } from '@ks/contract/market';
import { Select, type SelectProps } from 'antd';
import { useState } from 'react';
import { useEnterpriseOptions } from './api/find-enterprise-options.ts';

type Option = { value: string; label: string };

/** How an enterprise reads in the select: its registered name and, when known, its credit code. */
export const enterpriseLabel = (enterprise: Pick<MarketEnterprise, 'enterpriseName' | 'creditCode'>) =>
  enterprise.creditCode
    ? `${enterprise.enterpriseName}（${enterprise.creditCode}）`
    : enterprise.enterpriseName;

export type EnterpriseSelectProps = Omit<
  SelectProps<string, Option>,
  'options' | 'showSearch' | 'loading' | 'notFoundContent' | 'mode'
> & {
  /** Offer enabled accounts only (where the server asks for a live one). */
  onlyEnabled?: boolean;
};

/**
 * An administrator's choice of a registered enterprise (a bid's bidder, decision 0052; the
 * enterprise a record is entered for, decision 0060): searches GET /ks/basic/enterprises by name or
 * credit code; the value is the enterprise account's user id, the owner of its records. Used as the
 * control of a Form.Item, which gives it its value, id and onChange.
 */
export function EnterpriseSelect({ onlyEnabled = false, ...props }: EnterpriseSelectProps) {
  const [keyword, setKeyword] = useState('');
  const enterprises = useEnterpriseOptions(keyword, onlyEnabled);
  return (
    <Select<string, Option>
      placeholder="输入企业名称或统一社会信用代码搜索"
      {...props}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={enterprises.isFetching}
      notFoundContent="未找到已注册的企业"
      options={(enterprises.data?.records ?? []).map((enterprise) => ({
        value: enterprise.userId,
        label: enterpriseLabel(enterprise),
      }))}
    />
  );
}
