import { functionName, type NodeDefinition } from '@ks/contract/node-definition';
import { Card, Checkbox, Spin } from 'antd';
import { useButtonChoices } from '../../api/find-choices.ts';

/**
 * 功能按钮: which functions (buttons) the node offers, picked from the button dictionary: the
 * built-in functions and the actions modules registered (decision 0030).
 */
export function FunctionsTab({
  definition,
  onChange,
}: {
  definition: NodeDefinition;
  onChange: (definition: NodeDefinition) => void;
}) {
  const { data: buttons = [], isLoading } = useButtonChoices();
  const known = new Set(buttons.map((button) => button.code));
  // A function the draft offers that no module registers any more (or not yet, like 发送) stays
  // visible, ticked, so it can be unticked; the server refuses a draft that keeps it.
  const unavailable = isLoading ? [] : definition.functions.filter((code) => !known.has(code));
  const options = [
    ...buttons.map((button) => ({ value: button.code, label: button.name })),
    ...unavailable.map((code) => ({ value: code, label: `${functionName(code)}（暂未开放）` })),
  ];
  return (
    <Card size="small" title="功能按钮">
      {isLoading ? <Spin /> : null}
      <Checkbox.Group
        aria-label="功能按钮"
        value={definition.functions}
        options={options}
        onChange={(values) =>
          onChange({
            ...definition,
            // Kept in the dictionary's order, whatever order they were ticked in; an unavailable
            // function cannot be ticked again once unticked.
            functions: buttons
              .map((button) => button.code)
              .filter((code) => (values as string[]).includes(code)),
          })
        }
      />
      <p style={{ marginTop: 12 }}>谁可以使用这些功能，在“权限设置”中按角色和审核机构配置。</p>
    </Card>
  );
}
