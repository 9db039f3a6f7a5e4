/**
 * Business constants under their wire names. The contract is their one definition; the web app
 * imports them from here. Subpath imports keep zod (used by the contract's schemas) out of the
 * initial chunk.
 */
export * from '@ks/contract/constants';
export { ERROR_CODES, ERROR_MESSAGES, SESSION_CODES } from '@ks/contract/errors';

/** Pages where messages go to the login prompt instead of a dialog. */
export const LOGIN_PATHS = ['/', '/login'] as const;

/** Default text of a failed call without a server message. */
export const DEFAULT_FAILURE_MESSAGE = '请求失败，请联系管理员！';
export const TIMEOUT_MESSAGE = '请求超时';

/** Seconds before another SMS code may be asked for (the server refuses faster requests with 429). */
export const SMS_CODE_COUNTDOWN_SECONDS = 60;

/** Paths features link to; the router registers them (app/route-table.ts). */
export const LOGIN_PATH = '/login';
export const REGISTER_PATH = '/register';
/** 信用公示 inside the shell (/credit/creditPublicList). */
export const CREDIT_PUBLIC_LIST_PATH = '/credit/creditPublicList';
/** The same list for visitors without a session, in the public-service variant's portal frame. */
export const CREDIT_PUBLICITY_PATH = '/credit-publicity';
export const ACTIVATE_PATH = '/activate';
export const FORGET_PASSWORD_PATH = '/forgetPassword';
export const USER_CENTER_PATH = '/userCenter/uCenter';
export const PLATFORM_SETTINGS_PATH = '/system/platformSettings';
export const MY_ATTACHMENTS_PATH = '/userCenter/myAttachments';
/** Not a page the wire names: the administrators' background-job page (decision 0018). */
export const JOBS_PATH = '/system/jobs';
/** Not a page the wire names: the centre's holidays and adjusted working days (decision 0074). */
export const WORK_CALENDAR_PATH = '/system/workCalendar';
