import type { FormOption } from '@ks/contract/form-schema';
import { Cascader } from 'antd';
import { useMemo } from 'react';
import { CASCADER_LEVELS, trimLevels } from './options.ts';
import type { FieldProps } from './types.ts';
import { useGuardedOpen } from './use-guarded-open.ts';

type CascaderOption = { label: string; value: string; disabled?: boolean; children?: CascaderOption[] };

const toCascaderOptions = (options: readonly FormOption[]): CascaderOption[] =>
  options.map((option) => ({
    label: option.label,
    value: option.value,
    disabled: option.isDisabled,
    ...(option.children?.length ? { children: toCascaderOptions(option.children) } : {}),
  }));

/** cascader (every level) and cascader-1/2/3 (one, two or three levels shown); the value is the path. */
export function CascaderField(props: FieldProps) {
  const { item, id, value, onChange, isDisabled, options, canOpen } = props;
  const { open, onOpenChange } = useGuardedOpen(canOpen);
  const levels = CASCADER_LEVELS[item.type];
  const shown = useMemo(
    () => toCascaderOptions(levels ? trimLevels(options, levels) : options),
    [options, levels],
  );
  return (
    <Cascader
      id={id}
      open={open}
      onOpenChange={onOpenChange}
      value={Array.isArray(value) ? value : undefined}
      onChange={(path) => onChange?.(path?.length ? path.map(String) : null)}
      options={shown}
      showSearch
      allowClear
      placeholder={item.prompt || `请选择${item.name}`}
      disabled={isDisabled}
      style={{ width: '100%' }}
    />
  );
}
