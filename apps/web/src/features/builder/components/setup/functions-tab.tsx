import {
  isReservedFunction,
  NODE_FUNCTIONS,
  type NodeDefinition,
  type NodeFunction,
} from '@ks/contract/node-definition';
import { Card, Checkbox, Spin } from 'antd';
import { useButtonChoices } from '../../api/find-choices.ts';

const isNodeFunction = (code: string): code is NodeFunction =>
  (NODE_FUNCTIONS as readonly string[]).includes(code);

/** 功能按钮: which functions (buttons) the node offers, picked from the button dictionary. */
export function FunctionsTab({
  definition,
  onChange,
}: {
  definition: NodeDefinition;
  onChange: (definition: NodeDefinition) => void;
}) {
  const { data: buttons = [], isLoading } = useButtonChoices();
  const offered = buttons.filter((button) => isNodeFunction(button.code));
  return (
    <Card size="small" title="功能按钮">
      {isLoading ? <Spin /> : null}
      <Checkbox.Group
        aria-label="功能按钮"
        value={definition.functions}
        options={offered.map((button) =>
          // Reserved buttons stay visible, so the dictionary reads as the spec lists it, but cannot be
          // ticked (a ticked one saved earlier can still be unticked).
          isReservedFunction(button.code)
            ? {
                value: button.code,
                label: `${button.name}（暂未开放）`,
                disabled: !definition.functions.includes(button.code as NodeFunction),
              }
            : { value: button.code, label: button.name },
        )}
        onChange={(values) =>
          onChange({
            ...definition,
            // Kept in the dictionary's order, whatever order they were ticked in.
            functions: offered
              .map((button) => button.code)
              .filter(
                (code): code is NodeFunction => isNodeFunction(code) && (values as string[]).includes(code),
              ),
          })
        }
      />
      <p style={{ marginTop: 12 }}>谁可以使用这些功能，在“权限设置”中按角色和审核机构配置。</p>
    </Card>
  );
}
