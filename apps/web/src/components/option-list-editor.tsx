import { type FormOption, optionValueProblem } from '@ks/contract/form-schema';
import { Button, Checkbox, Input, Space } from 'antd';

type Props = {
  value?: FormOption[];
  onChange?: (options: FormOption[]) => void;
  /** Cascades and value ranges nest options through children. */
  nested?: boolean;
  /** Accessible name of the list, so two editors on one page stay apart. */
  label?: string;
  /** Offer the 停用 (isDisabled) flag; filter lists have none. */
  canDisable?: boolean;
};

const replaceAt = <T,>(list: T[], index: number, next: T) => list.map((one, i) => (i === index ? next : one));

/**
 * Edits an option list (label, value, children, isDisabled) as a controlled
 * antd form control: static lists of form items, dictionaries and value-range trees.
 */
export function OptionListEditor({
  value = [],
  onChange,
  nested = false,
  label = '选项',
  canDisable = true,
}: Props) {
  const emit = (next: FormOption[]) => onChange?.(next);
  return (
    <fieldset aria-label={label} className="ks-option-list" style={{ border: 0, margin: 0, padding: 0 }}>
      {value.map((option, index) => (
        // Options are edited in place; their position is their identity while editing.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above.
        <div key={index} style={{ marginBottom: 8 }}>
          <Space wrap>
            <Input
              aria-label={`${label}${index + 1}名称`}
              placeholder="名称"
              value={option.label}
              onChange={(event) => emit(replaceAt(value, index, { ...option, label: event.target.value }))}
            />
            <Input
              aria-label={`${label}${index + 1}值`}
              placeholder="值"
              value={option.value}
              onChange={(event) => emit(replaceAt(value, index, { ...option, value: event.target.value }))}
            />
            {canDisable ? (
              <Checkbox
                checked={option.isDisabled === true}
                onChange={(event) =>
                  emit(replaceAt(value, index, { ...option, isDisabled: event.target.checked || undefined }))
                }
              >
                停用
              </Checkbox>
            ) : null}
            {nested ? (
              <Button
                size="small"
                onClick={() =>
                  emit(
                    replaceAt(value, index, {
                      ...option,
                      children: [...(option.children ?? []), { label: '', value: '' }],
                    }),
                  )
                }
              >
                添加下级
              </Button>
            ) : null}
            <Button size="small" danger onClick={() => emit(value.filter((_, i) => i !== index))}>
              删除
            </Button>
          </Space>
          {nested && option.children?.length ? (
            <div style={{ marginLeft: 24, marginTop: 8 }}>
              <OptionListEditor
                nested
                canDisable={canDisable}
                label={`${label}${index + 1}的下级`}
                value={option.children}
                onChange={(children) =>
                  emit(
                    replaceAt(value, index, {
                      ...option,
                      children: children.length ? children : undefined,
                    }),
                  )
                }
              />
            </div>
          ) : null}
        </div>
      ))}
      <Button size="small" type="dashed" onClick={() => emit([...value, { label: '', value: '' }])}>
        添加{label}
      </Button>
    </fieldset>
  );
}

/** Empty labels or values anywhere in the tree, duplicate values on one level and unstorable values. */
export function optionListProblem(options: readonly FormOption[]): string | null {
  const seen = new Set<string>();
  for (const option of options) {
    if (!option.label.trim() || !option.value.trim()) return '选项的名称和值不能为空';
    if (seen.has(option.value)) return `选项值“${option.value}”重复`;
    const problem = optionValueProblem(option.value);
    if (problem) return problem;
    seen.add(option.value);
    const below = option.children ? optionListProblem(option.children) : null;
    if (below) return below;
  }
  return null;
}
