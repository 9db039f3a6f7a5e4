import { Switch } from 'antd';
import type { FieldProps } from './types.ts';

/**
 * switch, switch-1 (its children follow it: the form toggles them) and switch-2 (labelled 是/否).
 * The value is a boolean; a switch nobody touched is off.
 */
export function SwitchField({ item, id, value, onChange, isDisabled }: FieldProps) {
  const labels = item.type === 'switch-2' ? { checkedChildren: '是', unCheckedChildren: '否' } : {};
  return (
    <Switch
      id={id}
      checked={value === true}
      onChange={(checked) => onChange?.(checked)}
      disabled={isDisabled}
      {...labels}
    />
  );
}
