import { CheckOutlined } from '@ant-design/icons';
import {
  ASIDE_WIDTH_MAX,
  DEFAULT_THEME_CONFIG,
  THEME_COLOR_PRESETS,
  THEME_LABELS,
  THEMES,
  type ThemeConfig,
} from '@ks/contract/shell';
import { Button, ColorPicker, Drawer, Form, InputNumber, Radio, Space, Tooltip } from 'antd';
import { ASIDE_WIDTH_MIN, THEME_DRAWER_WIDTH } from '@/lib/constants.ts';
import { getFeedback } from '@/lib/feedback.ts';
import { useTheme } from '../api/get-theme.ts';
import { useUpdateTheme } from '../api/update-theme.ts';
import { useThemePanelStore } from '../lib/theme-store.ts';

type ColourKey = Exclude<keyof ThemeConfig, 'theme' | 'themeColor' | 'asideWidth'>;

const COLOUR_FIELDS: { key: ColourKey; label: string }[] = [
  { key: 'navBgColor', label: '导航背景色' },
  { key: 'navTextColor', label: '导航文字色' },
  { key: 'asideBgColor', label: '侧边栏背景色' },
  { key: 'asideTextColor', label: '侧边栏文字色' },
  { key: 'asideActiveColor', label: '侧边栏选中色' },
  { key: 'tableBgColor', label: '表格背景色' },
  { key: 'tableTextColor', label: '表格文字色' },
  { key: 'cardBgColor', label: '卡片背景色' },
  { key: 'cardTextColor', label: '卡片文字色' },
];

const isSame = (a: ThemeConfig, b: ThemeConfig) =>
  (Object.keys(DEFAULT_THEME_CONFIG) as (keyof ThemeConfig)[]).every((key) => a[key] === b[key]);

/**
 * Theme panel: light or dark, 11 colour presets, aside width (at least 200) and,
 * in light mode only, the colour pickers. The page previews every change; closing the panel saves
 * the result on the server, so the theme follows the user to another browser.
 */
export function ThemePanel() {
  const { isPanelOpen, draft, changeDraft, closePanel } = useThemePanelStore();
  const { data: saved } = useTheme();
  const updateTheme = useUpdateTheme();

  const onClose = () => {
    if (draft && saved && !isSame(draft, saved)) {
      updateTheme.mutate(
        { ...draft, version: saved.version },
        { onSuccess: () => getFeedback().successMessage('主题设置已保存') },
      );
    }
    closePanel();
  };

  return (
    <Drawer
      title="主题设置"
      open={isPanelOpen}
      onClose={onClose}
      size={THEME_DRAWER_WIDTH}
      destroyOnHidden
      className="ks-theme-panel"
    >
      {draft ? (
        <Form layout="vertical">
          <Form.Item label="主题模式">
            <Radio.Group
              value={draft.theme}
              optionType="button"
              onChange={(event) => changeDraft({ theme: event.target.value })}
              options={THEMES.map((theme) => ({ value: theme, label: THEME_LABELS[theme] }))}
            />
          </Form.Item>
          <Form.Item label="主题色">
            <Space wrap>
              {THEME_COLOR_PRESETS.map((preset) => (
                <Tooltip key={preset.color} title={preset.label}>
                  <Button
                    aria-label={preset.label}
                    aria-pressed={draft.themeColor === preset.color}
                    className="ks-theme-swatch"
                    style={{ background: preset.color }}
                    icon={
                      draft.themeColor === preset.color ? <CheckOutlined style={{ color: '#fff' }} /> : null
                    }
                    onClick={() => changeDraft({ themeColor: preset.color })}
                  />
                </Tooltip>
              ))}
            </Space>
          </Form.Item>
          <Form.Item
            label="侧边栏宽度"
            extra={`不小于${ASIDE_WIDTH_MIN}，默认${DEFAULT_THEME_CONFIG.asideWidth}`}
          >
            <InputNumber
              aria-label="侧边栏宽度"
              min={ASIDE_WIDTH_MIN}
              max={ASIDE_WIDTH_MAX}
              precision={0}
              value={draft.asideWidth}
              onChange={(value) => {
                if (typeof value === 'number' && value >= ASIDE_WIDTH_MIN) changeDraft({ asideWidth: value });
              }}
            />
          </Form.Item>
          {draft.theme === 'light'
            ? COLOUR_FIELDS.map((field) => (
                <Form.Item key={field.key} label={field.label}>
                  <ColorPicker
                    aria-label={field.label}
                    disabledAlpha
                    showText
                    value={draft[field.key]}
                    onChangeComplete={(colour) => changeDraft({ [field.key]: colour.toHexString() })}
                  />
                </Form.Item>
              ))
            : null}
          <Button onClick={() => changeDraft({ ...DEFAULT_THEME_CONFIG })}>恢复默认</Button>
        </Form>
      ) : null}
    </Drawer>
  );
}
