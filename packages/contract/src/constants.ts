/** Business constants and limits of the specification, under the spec's names. */

/** HTTP timeout of the main client. */
export const HTTP_TIMEOUT = 300000;
/** Request timeout of the shell client and the file client. */
export const SHELL_HTTP_TIMEOUT = 60000;
export const FILE_HTTP_TIMEOUT = 60000;
/** Where a logged-in user lands once menus have loaded. */
export const HOME_URL = '/system/pageConfig';
export const SYSTEM_TITLE_MIN = 1;
export const SYSTEM_TITLE_MAX = 8;
/** The push channel closes after more than this many errors. */
export const PUSH_ERROR_LIMIT = 3;
/** Upload chunk size, and the size from which uploads are chunked and show progress. */
export const UPLOAD_CHUNK_SIZE = 5242880;
export const FILE_NAME_MAX = 64;
export const DEFAULT_UPLOAD_COUNT = 3;
export const CANCEL_UPLOAD_WAIT_MS = 3000;
export const IMAGE_EXTENSIONS = ['jpg', 'png', 'jpeg', 'jpe', 'webp'] as const;
export const DETAIL_LIST_IMAGE_EXTENSIONS = [...IMAGE_EXTENSIONS, 'bmp'] as const;
export const DATE_PICKER_STEP_MINUTES = 15;
export const FORM_DATE_PICKER_STEP_MINUTES = 30;
export const DATE_INPUT_MAX_LENGTH = 10;
export const DATE_INPUT_DISPLAY_LENGTH = 16;
export const EDITOR_HEIGHT = 350;
export const DETAIL_EDITOR_HEIGHT = 450;
export const DETAIL_EDITOR_PLACEHOLDER = '请填写内容';
export const EDITOR_UPLOAD_TIMEOUT = 5000;
export const EDITOR_MAX_IMAGE_SIZE = 1048576000;
export const ASIDE_WIDTH_MIN = 200;
export const ASIDE_WIDTH_DEFAULT = 240;
export const THEME_DRAWER_WIDTH = 380;
export const LOG_DRAWER_WIDTH = 300;
export const MESSAGE_BADGE_MAX = 999;
export const TODO_BADGE_MAX = 99;
export const TODO_PAGE_SIZE = 6;
export const TABLE_PAGE_SIZES = [10, 20, 30, 50] as const;
export const TABLE_PAGE_SIZE_DEFAULT = 10;
/** Width ≤ 1280 → 24 columns, 1280–1536 → 12, else the schema's own; with the fixed-detail setting 1536 and 0. */
export const LAYOUT_BREAKPOINTS = { narrow: 1280, medium: 1536 } as const;
export const FIXED_DETAIL_BREAKPOINTS = { narrow: 1536, medium: 0 } as const;
export const SEARCH_BAR_TOP_FIELDS = 3;
export const SEARCH_BAR_COL = 8;
export const SEARCH_BAR_EXPANDED_COL = 6;
export const PICKER_THROTTLE_MS = 1000;
export const FILTER_ANIMATION_MS = 500;
export const REASON_TRUNCATE = 16;
export const RATING_LABELS = ['不满意', '一般般', '还可以', '完美', '非常完美'] as const;
export const PRODUCT_SURVEY_QUESTIONS = 5;
export const SERVICE_SURVEY_QUESTIONS = 10;
export const THEME_COLOR_PRESETS_COUNT = 11;
/** Multi-value joins on the wire: date range by comma, cascader by slash, multi-select by semicolon. */
export const MULTI_VALUE_JOINS = { daterange: ',', cascader: '/', multiSelect: ';' } as const;
export const SELECT_TYPE_FILTERS = [
  'select',
  'filter-select',
  'select-filter',
  'select-link',
  'select-edit',
  'auditFlow',
] as const;
/** Delay between the session-expired dialog and the redirect to /login. */
export const SESSION_REDIRECT_DELAY_MS = 500;
/** A lazily loaded page chunk that has not arrived after this long fails with a chunk-load error. */
export const CHUNK_LOAD_TIMEOUT = 120000;
/** Action buttons re-enable this long after a click. */
export const BUTTON_REENABLE_MS = 1000;
