import type { ThemeConfig as KsThemeConfig } from '@ks/contract/shell';
import { theme as antdTheme, type ThemeConfig } from 'antd';
import { readableColor, readableTokens } from '@/lib/readable-colors.ts';

/**
 * The spec's theme config as antd tokens. In dark mode the colour pickers are hidden,
 * so only the preset colour and the dark algorithm apply; the custom colours are light-mode ones.
 * In light mode the chosen colours are darkened where text is written in them (readable-colors.ts).
 */
export function themeTokensOf(config: KsThemeConfig): ThemeConfig {
  if (config.theme === 'dark') {
    return { algorithm: antdTheme.darkAlgorithm, token: { colorPrimary: config.themeColor } };
  }
  return {
    algorithm: antdTheme.defaultAlgorithm,
    token: readableTokens(config.themeColor),
    components: {
      Layout: { headerBg: config.navBgColor, headerColor: config.navTextColor, siderBg: config.asideBgColor },
      Menu: {
        itemBg: config.asideBgColor,
        subMenuItemBg: config.asideBgColor,
        itemColor: config.asideTextColor,
        itemSelectedColor: readableColor(config.asideActiveColor),
        itemHoverColor: readableColor(config.asideActiveColor),
      },
      Table: {
        colorBgContainer: config.tableBgColor,
        headerBg: config.tableBgColor,
        colorText: config.tableTextColor,
        headerColor: config.tableTextColor,
      },
      Card: { colorBgContainer: config.cardBgColor, colorText: config.cardTextColor },
    },
  };
}

/** Dark mode sets a dark attribute on the page (for CSS outside antd). */
export function applyThemeAttribute(theme: KsThemeConfig['theme']) {
  if (theme === 'dark') document.documentElement.setAttribute('data-theme', 'dark');
  else document.documentElement.removeAttribute('data-theme');
}
