import {
  DEFAULT_THEME_CONFIG,
  type HeaderItem,
  type MenuNode,
  type Profile,
  type System,
} from '@ks/contract/shell';
import { ok } from './fetch-mock.ts';

/**
 * Answers to the calls the logged-in shell makes on every page (systems, header items, theme,
 * profile photo), so a page's test mocks only its own calls. Override any of them per test.
 */
export function shellCalls(
  options: {
    systems?: System[];
    menus?: Record<string, MenuNode[]>;
    headerItems?: HeaderItem[];
    profile?: Profile;
  } = {},
) {
  return {
    'POST /ks/menu/v1/menus/main-menus': ok(options.systems ?? []),
    'GET /ks/individual/menus': ({ url }: { url: URL }) =>
      ok(options.menus?.[url.searchParams.get('systemCoding') ?? ''] ?? []),
    'GET /ks/individual/header-items': ok(options.headerItems ?? []),
    'GET /ks/individual/theme': ok({ ...DEFAULT_THEME_CONFIG, version: 0 }),
    'GET /ks/individual/profile': ok(options.profile ?? { userName: '测试用户', photo: '', version: 1 }),
  };
}
