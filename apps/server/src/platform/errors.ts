import { ERROR_CODES, ERROR_MESSAGES, type ErrorCode } from '@ks/contract';

const HTTP_STATUS: Partial<Record<ErrorCode, number>> = {
  [ERROR_CODES.BAD_REQUEST]: 400,
  [ERROR_CODES.FORBIDDEN]: 403,
  [ERROR_CODES.NOT_FOUND]: 404,
  [ERROR_CODES.CONFLICT]: 409,
  [ERROR_CODES.TOO_MANY_REQUESTS]: 429,
  [ERROR_CODES.INTERNAL]: 500,
  [ERROR_CODES.TOKEN_INVALID]: 401,
  [ERROR_CODES.TOKEN_EXPIRED]: 401,
  [ERROR_CODES.SESSION_ENDED]: 401,
  [ERROR_CODES.CAPTCHA_REQUIRED]: 400,
  [ERROR_CODES.ACCOUNT_LOCKED]: 423,
  [ERROR_CODES.LOGIN_PAYLOAD_INVALID]: 400,
};

/** The one error a service throws: an error code of the catalogue and the Chinese text a person reads. */
export class AppError extends Error {
  readonly httpStatus: number;

  constructor(
    readonly code: ErrorCode,
    message: string = ERROR_MESSAGES[code],
    readonly data: unknown = null,
  ) {
    super(message);
    this.httpStatus = HTTP_STATUS[code] ?? 400;
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(ERROR_CODES.BAD_REQUEST, message, fields ?? null);
export const forbidden = (message?: string) => new AppError(ERROR_CODES.FORBIDDEN, message);
export const notFound = (message?: string) => new AppError(ERROR_CODES.NOT_FOUND, message);
export const conflict = (message?: string) => new AppError(ERROR_CODES.CONFLICT, message);
