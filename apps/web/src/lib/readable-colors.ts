/**
 * Colours that text can be written in (WCAG 2.1 AA, 4.5:1). antd's default palette puts its
 * primary blue (#1677ff, 4.1:1), error red, success green, warning gold and several preset tag
 * colours below that on white; axe-core counted every link, primary button, danger action and
 * status tag of a list page. These tokens darken them, and any colour a person picks as theme.
 * (antd's preset tag palettes, e.g. color="green", do not take token overrides here: pages use
 * the status colours success/warning/error, which follow these tokens.)
 */

/** Relative luminance of a #rrggbb colour (WCAG 2.1). */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((value) =>
    value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(foreground: string, background: string): number {
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * Against white, 5.3:1: antd writes the primary colour on its own light tints too (the selected
 * menu item, a tag's 10 % background), which cost up to 0.8 of the ratio.
 */
const TEXT_ON_WHITE = 5.3;

/** `hex` (#rrggbb), darkened in small steps until text in it reads on white and its light tints. */
export function readableColor(hex: string): string {
  if (!/^#[0-9a-f]{6}$/i.test(hex)) return hex;
  let channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16));
  let color = hex.toLowerCase();
  while (contrastRatio(color, '#ffffff') < TEXT_ON_WHITE) {
    channels = channels.map((value) => Math.floor(value * 0.94));
    color = `#${channels.map((value) => value.toString(16).padStart(2, '0')).join('')}`;
  }
  return color;
}

/** `hex` (#rrggbb) with each channel scaled by `factor` (< 1 darkens). */
function shade(hex: string, factor: number): string {
  if (!/^#[0-9a-f]{6}$/i.test(hex)) return hex;
  const channels = [1, 3, 5].map((start) =>
    Math.floor(Number.parseInt(hex.slice(start, start + 2), 16) * factor),
  );
  return `#${channels.map((value) => value.toString(16).padStart(2, '0')).join('')}`;
}

/** antd's default primary colour, the theme colour of a user who never chose one. */
const ANTD_PRIMARY = '#1677ff';

/** Light-mode tokens with text colours of at least 4.5:1, under `primary` as the theme colour. */
export function readableTokens(primary: string = ANTD_PRIMARY) {
  const readablePrimary = readableColor(primary);
  return {
    colorPrimary: readablePrimary,
    colorInfo: readablePrimary,
    colorLink: readablePrimary,
    // antd lightens a hovered or pressed link (#5ea2eb: 2.7:1, under a pointer left over a link
    // after a click): darker instead, so a link stays readable whatever the pointer does.
    colorLinkHover: shade(readablePrimary, 0.8),
    colorLinkActive: shade(readablePrimary, 0.7),
    colorError: readableColor('#ff4d4f'),
    colorSuccess: readableColor('#52c41a'),
    colorWarning: readableColor('#faad14'),
    // antd derives the grounds of these from the (now dark) seeds, which gives a grey-green ground
    // under success text (2.7:1): keep antd's own pale grounds and borders.
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorWarningBg: '#fffbe6',
    colorWarningBorder: '#ffe58f',
    colorErrorBg: '#fff2f0',
    colorErrorBorder: '#ffccc7',
    // antd's 0.45 and 0.25 black (#8c8c8c 3.4:1, #bfbfbf 1.8:1): descriptions, counters, placeholders.
    colorTextDescription: '#666666',
    colorTextTertiary: '#666666',
    colorTextPlaceholder: '#707070',
  };
}
