import { CARD_WIDTHS, type CardStyle } from '@ks/contract/node-definition';
import { Button, Card, Input, InputNumber, Radio, Select, Space } from 'antd';

type FieldOption = { value: string; label: string };

const FONT_STYLES: { value: CardStyle['titleFontStyle']; label: string }[] = [
  { value: 'normal', label: '常规' },
  { value: 'bold', label: '加粗' },
  { value: 'italic', label: '斜体' },
];

export const emptyCardStyle = (): CardStyle => ({
  titleKey: '',
  titleFontSize: 16,
  titleFontStyle: 'bold',
  width: '100%',
  contents: [],
});

/**
 * Edits a card style (titleKey, titleFontSize, titleFontStyle, width,
 * contents). With `fields` the keys are picked from a node's fields; without (a style template) typed.
 */
export function CardStyleEditor({
  value,
  onChange,
  fields,
}: {
  value: CardStyle;
  onChange: (style: CardStyle) => void;
  fields?: FieldOption[];
}) {
  const keyInput = (label: string, key: string, set: (key: string) => void) =>
    fields ? (
      <Select
        aria-label={label}
        style={{ minWidth: 180 }}
        value={key || undefined}
        placeholder="请选择字段"
        options={fields}
        onChange={set}
      />
    ) : (
      <Input
        aria-label={label}
        style={{ width: 180 }}
        value={key}
        onChange={(event) => set(event.target.value)}
      />
    );
  const setContent = (index: number, patch: Partial<CardStyle['contents'][number]>) =>
    onChange({
      ...value,
      contents: value.contents.map((content, i) => (i === index ? { ...content, ...patch } : content)),
    });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <span>标题字段</span>
        {keyInput('标题字段', value.titleKey, (titleKey) => onChange({ ...value, titleKey }))}
        <span>标题字号</span>
        <InputNumber
          aria-label="标题字号"
          min={10}
          max={40}
          value={value.titleFontSize}
          onChange={(size) => onChange({ ...value, titleFontSize: size ?? 16 })}
        />
        <span>标题样式</span>
        <Select
          aria-label="标题样式"
          style={{ width: 100 }}
          value={value.titleFontStyle}
          options={FONT_STYLES}
          onChange={(titleFontStyle) => onChange({ ...value, titleFontStyle })}
        />
      </Space>
      <Space>
        <span>卡片宽度</span>
        <Radio.Group
          aria-label="卡片宽度"
          value={value.width}
          options={CARD_WIDTHS.map((width) => ({ value: width, label: width }))}
          onChange={(event) => onChange({ ...value, width: event.target.value })}
        />
      </Space>
      {value.contents.map((content, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: contents are edited in place, by position.
        <Space key={index} wrap>
          <span>内容{index + 1}</span>
          {keyInput(`内容${index + 1}字段`, content.contentKey, (contentKey) =>
            setContent(index, { contentKey }),
          )}
          <InputNumber
            aria-label={`内容${index + 1}字号`}
            min={10}
            max={40}
            value={content.fontSize}
            onChange={(fontSize) => setContent(index, { fontSize: fontSize ?? 14 })}
          />
          <Input
            aria-label={`内容${index + 1}颜色`}
            placeholder="颜色，如 #666"
            style={{ width: 120 }}
            value={content.color}
            onChange={(event) => setContent(index, { color: event.target.value })}
          />
          <Input
            aria-label={`内容${index + 1}样式`}
            placeholder="样式"
            style={{ width: 160 }}
            value={content.style}
            onChange={(event) => setContent(index, { style: event.target.value })}
          />
          <Button
            size="small"
            danger
            onClick={() => onChange({ ...value, contents: value.contents.filter((_, i) => i !== index) })}
          >
            删除
          </Button>
        </Space>
      ))}
      <Button
        type="dashed"
        size="small"
        onClick={() =>
          onChange({
            ...value,
            contents: [...value.contents, { contentKey: '', fontSize: 14, color: '', style: '' }],
          })
        }
      >
        添加内容
      </Button>
    </Space>
  );
}

/** Parses `style` text ("font-weight: bold; margin: 0") into a React style object. */
function styleOf(text: string): Record<string, string> {
  const style: Record<string, string> = {};
  for (const declaration of text.split(';')) {
    const [property, ...rest] = declaration.split(':');
    if (!property?.trim() || rest.length === 0) continue;
    const name = property.trim().replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
    style[name] = rest.join(':').trim();
  }
  return style;
}

/**
 * How a card of this style looks: field names stand where the record's values will be (no sample
 * data is invented), `labelOf` naming each key.
 */
export function CardStylePreview({
  style,
  labelOf = (key) => key,
}: {
  style: CardStyle;
  labelOf?: (key: string) => string;
}) {
  return (
    <section style={{ display: 'flex', flexWrap: 'wrap' }} aria-label="卡片预览">
      <div style={{ width: style.width, padding: 8, boxSizing: 'border-box' }}>
        <Card size="small">
          <div
            style={{
              fontSize: style.titleFontSize,
              fontWeight: style.titleFontStyle === 'bold' ? 700 : 400,
              fontStyle: style.titleFontStyle === 'italic' ? 'italic' : 'normal',
            }}
          >
            {style.titleKey ? `【${labelOf(style.titleKey)}】` : '（未选择标题字段）'}
          </div>
          {style.contents.map((content, index) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: a preview of the list as edited.
              key={index}
              style={{
                fontSize: content.fontSize,
                color: content.color || undefined,
                ...styleOf(content.style),
              }}
            >
              {content.contentKey ? `【${labelOf(content.contentKey)}】` : '（未选择内容字段）'}
            </div>
          ))}
        </Card>
      </div>
    </section>
  );
}
