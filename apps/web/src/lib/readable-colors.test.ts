import { THEME_COLORS } from '@ks/contract/shell';
import { describe, expect, it } from 'vitest';
import { contrastRatio, readableColor, readableTokens } from './readable-colors.ts';

describe('readableColor', () => {
  it.each(THEME_COLORS)('darkens the theme preset %s until text in it reads on white (≥ 5.3:1)', (color) => {
    expect(contrastRatio(readableColor(color), '#ffffff')).toBeGreaterThanOrEqual(5.3);
  });

  it('keeps a colour that already reads, and leaves what is not #rrggbb alone', () => {
    expect(readableColor('#722ed1')).toBe('#722ed1');
    expect(readableColor('red')).toBe('red');
  });

  it('gives antd’s primary, error, success and warning colours and its greys AA contrast on white', () => {
    const tokens = readableTokens();
    expect(contrastRatio('#1677ff', '#ffffff')).toBeLessThan(4.5);
    const { colorSuccessBg, colorWarningBg, colorErrorBg } = tokens;
    for (const color of [
      tokens.colorPrimary,
      tokens.colorLink,
      tokens.colorLinkHover,
      tokens.colorLinkActive,
      tokens.colorTextDescription,
      tokens.colorTextPlaceholder,
    ]) {
      expect(contrastRatio(color, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    }
    // Status text on its own ground, as in a tag or an alert.
    expect(contrastRatio(tokens.colorSuccess, colorSuccessBg)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(tokens.colorWarning, colorWarningBg)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(tokens.colorError, colorErrorBg)).toBeGreaterThanOrEqual(4.5);
  });
});
