/**
 * The error catalogue shared by server and web.
 * The server answers `{code, data, message}`; the web client decides from `code` what a person sees.
 */
export const ERROR_CODES = {
  OK: 200,
  /** Bad input; `data` may carry a `{field: message}` map for the form. */
  BAD_REQUEST: 400,
  /** Logged in, but this role or user may not do this. */
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  /** Optimistic-lock conflict or a duplicate. */
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  /** No token, or a token the server does not know (never issued, logged out, refreshed away). */
  TOKEN_INVALID: 10000,
  /** The session existed but went unused longer than the idle limit. */
  TOKEN_EXPIRED: 10001,
  /** The session was ended elsewhere: a login on another device (single-session mode), a password change, or an administrator. */
  SESSION_ENDED: 10017,
  /** Login needs the image captcha (after failed attempts), or the captcha was wrong. */
  CAPTCHA_REQUIRED: 10020,
  /** Too many failed logins: the account is locked for a while. */
  ACCOUNT_LOCKED: 10021,
  /** The encrypted login payload is stale, replayed or undecryptable: fetch a new key and try again. */
  LOGIN_PAYLOAD_INVALID: 10022,
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** Codes after which the web client shows one dialog, waits 500 ms, clears the session and goes to /login. */
export const SESSION_CODES: readonly number[] = [
  ERROR_CODES.TOKEN_INVALID,
  ERROR_CODES.TOKEN_EXPIRED,
  ERROR_CODES.SESSION_ENDED,
];

export const ERROR_MESSAGES: Record<ErrorCode, string> = {
  200: '成功',
  400: '请求参数错误',
  403: '无权限访问',
  404: '数据不存在',
  409: '数据已被他人修改，请刷新后重试',
  429: '操作过于频繁，请稍后再试',
  500: '请求失败，请联系管理员！',
  10000: '未登录或登录已失效，请重新登录',
  10001: '登录已过期，请重新登录',
  10017: '您的账号已在其他地方登录或登录状态已被终止，请重新登录',
  10020: '请输入图形验证码',
  10021: '登录失败次数过多，账号已被临时锁定，请稍后再试',
  10022: '登录请求已失效，请刷新页面后重试',
};
