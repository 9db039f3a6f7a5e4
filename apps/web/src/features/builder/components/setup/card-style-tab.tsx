import type { NodeDefinition } from '@ks/contract/node-definition';
import { Button, Card, Empty, Select, Space } from 'antd';
import { CardStyleEditor, CardStylePreview, emptyCardStyle } from '@/components/card-style-editor.tsx';
import { useStyleTemplateChoices } from '../../api/find-choices.ts';
import { fieldOptionsOf, labelOfField } from './field-options.ts';

/** 卡片样式 (also /system/setTypeCard): how the card list shows a record; a style template may be applied. */
export function CardStyleTab({
  definition,
  onChange,
}: {
  definition: NodeDefinition;
  onChange: (definition: NodeDefinition) => void;
}) {
  const { data: templates = [] } = useStyleTemplateChoices();
  const style = definition.list.cardStyle;
  const setStyle = (cardStyle: NodeDefinition['list']['cardStyle']) =>
    onChange({ ...definition, list: { ...definition.list, cardStyle } });
  const fields = fieldOptionsOf(definition.form.items);

  return (
    <Card
      size="small"
      title="卡片样式"
      extra={
        <Space>
          <Select
            aria-label="应用样式模板"
            style={{ minWidth: 200 }}
            placeholder="应用样式模板"
            value={null}
            options={templates.map((template) => ({ value: template.id, label: template.name }))}
            notFoundContent="还没有样式模板"
            onChange={(id: string) => {
              const template = templates.find((one) => one.id === id);
              if (template)
                setStyle({ ...template.style, contents: template.style.contents.map((c) => ({ ...c })) });
            }}
          />
          {style ? (
            <Button danger onClick={() => setStyle(null)}>
              清除卡片样式
            </Button>
          ) : null}
        </Space>
      }
    >
      {style ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <CardStyleEditor value={style} onChange={setStyle} fields={fields} />
          <CardStylePreview style={style} labelOf={labelOfField(definition.form.items)} />
        </Space>
      ) : (
        <Empty description="未设置卡片样式">
          <Button type="primary" onClick={() => setStyle(emptyCardStyle())}>
            设置卡片样式
          </Button>
        </Empty>
      )}
      {definition.list.view !== 'card' ? (
        <p>提示：列表设置中选择“卡片”展示方式后，列表页按此样式展示。</p>
      ) : null}
    </Card>
  );
}
