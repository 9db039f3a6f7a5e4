import { Transfer } from 'antd';
import type { FieldProps } from './types.ts';

/** transfer (both ways) and transfer-1 (one way: chosen items are removed one by one on the right). */
export function TransferField(props: FieldProps) {
  const { item, value, onChange, isDisabled, options } = props;
  return (
    <Transfer
      dataSource={options.map((option) => ({
        key: option.value,
        title: option.label,
        disabled: option.isDisabled,
      }))}
      targetKeys={Array.isArray(value) ? value : []}
      onChange={(keys) => onChange?.(keys.length ? keys.map(String) : null)}
      render={(record) => record.title ?? ''}
      titles={['待选', '已选']}
      oneWay={item.type === 'transfer-1'}
      showSearch
      disabled={isDisabled}
    />
  );
}
