import { ERROR_MESSAGES, type ErrorCode } from '@ks/contract/errors';
import {
  DEFAULT_FAILURE_MESSAGE,
  FILE_HTTP_TIMEOUT,
  HTTP_TIMEOUT,
  LOGIN_PATHS,
  SESSION_CODES,
  SESSION_REDIRECT_DELAY_MS,
  SHELL_HTTP_TIMEOUT,
  TIMEOUT_MESSAGE,
} from './constants.ts';
import { type DialogKind, getFeedback } from './feedback.ts';
import { getCurrentPath, navigateTo } from './navigation.ts';
import { endSession } from './session.ts';
import { getToken, useSessionStore } from './session-store.ts';

/** What went wrong: the server answered with an error code, the HTTP call failed, or it timed out. */
export type ApiErrorKind = 'api' | 'http' | 'network' | 'timeout';

/**
 * Every failed call rejects with this, after the client has shown what the specification asks for, so a
 * caller can still react to a specific code (e.g. 10020 shows the captcha).
 */
export class ApiError extends Error {
  readonly code: number;
  readonly data: unknown;
  readonly status: number;
  readonly kind: ApiErrorKind;

  constructor(init: { code: number; message: string; data?: unknown; status: number; kind: ApiErrorKind }) {
    super(init.message);
    this.name = 'ApiError';
    this.code = init.code;
    this.data = init.data ?? null;
    this.status = init.status;
    this.kind = init.kind;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  query?: Record<string, QueryValue>;
  /** Calls send the Bearer token unless they say `isToken: false`. */
  isToken?: boolean;
  /** Codes the caller handles itself: the call rejects without a dialog or prompt. */
  quietCodes?: readonly number[];
  /**
   * Shows no failure of its own: the caller shows it, or nothing (background counts, uploads). An
   * ended session still ends unless quietCodes names its codes.
   */
  quiet?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Envelope = { code: number; data: unknown; message?: string };

const isEnvelope = (value: unknown): value is Envelope =>
  typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number';

const isOnLoginPage = () => (LOGIN_PATHS as readonly string[]).includes(getCurrentPath());

/** On the login and root pages the message goes to the login prompt instead of a dialog. */
function report(message: string, kind: DialogKind) {
  if (isOnLoginPage()) useSessionStore.getState().setLoginPrompt(message);
  else getFeedback().showDialog(kind, message);
}

let isSessionEnding = false;

/**
 * Several calls usually fail together when a session ends: only the first shows a dialog, and one
 * timer clears the session and leaves for /login.
 */
function expireSession(message: string) {
  if (isSessionEnding) return;
  isSessionEnding = true;
  if (isOnLoginPage()) useSessionStore.getState().setLoginPrompt(message);
  else getFeedback().showDialog('warning', message);
  setTimeout(() => {
    endSession();
    isSessionEnding = false;
    navigateTo('/login');
  }, SESSION_REDIRECT_DELAY_MS);
}

function fail(
  init: { status: number; code: number; message?: string | null; data?: unknown; kind: ApiErrorKind },
  options: RequestOptions,
): ApiError {
  const catalogued = init.kind === 'api' ? ERROR_MESSAGES[init.code as ErrorCode] : undefined;
  const message = init.message || catalogued || DEFAULT_FAILURE_MESSAGE;
  const error = new ApiError({ ...init, message });
  if (options.quietCodes?.includes(init.code)) return error;
  // An ended session ends the same way whichever call found out, quiet ones too: a
  // background count or an upload must not leave the person in a shell whose token is dead.
  if (SESSION_CODES.includes(init.code)) {
    expireSession(message);
    return error;
  }
  if (options.quiet) return error;
  // A 502 means the gateway lost the server (usually a restart): saying so would only alarm people.
  if (init.status === 502) return error;
  report(message, init.status >= 500 ? 'error' : 'warning');
  return error;
}

function buildUrl(url: string, query?: Record<string, QueryValue>) {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  if (!search) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${search}`;
}

function buildInit(method: Method, body: unknown, options: RequestOptions, signal: AbortSignal): RequestInit {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = getToken();
  if (options.isToken !== false && token) headers.Authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData || body instanceof Blob) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  return { method, headers, body: payload, signal };
}

async function readJson(response: Response): Promise<unknown> {
  const type = response.headers.get('Content-Type') ?? '';
  if (!type.includes('json')) return null;
  try {
    return await response.json();
  } catch {
    return null;
  }
}

type Reader<R> = (response: Response, options: RequestOptions) => Promise<R>;

async function send<R>(
  method: Method,
  url: string,
  body: unknown,
  options: RequestOptions,
  timeout: number,
  read: Reader<R>,
): Promise<R> {
  const controller = new AbortController();
  let hasTimedOut = false;
  const timer = setTimeout(() => {
    hasTimedOut = true;
    controller.abort();
  }, timeout);
  const onCallerAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onCallerAbort);
  try {
    const response = await fetch(
      buildUrl(url, options.query),
      buildInit(method, body, options, controller.signal),
    );
    return await read(response, options);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (hasTimedOut) {
      if (!options.quiet) getFeedback().warnMessage(TIMEOUT_MESSAGE);
      throw new ApiError({ code: 0, status: 0, message: TIMEOUT_MESSAGE, kind: 'timeout' });
    }
    // The caller cancelled (e.g. TanStack Query dropped the query): nobody is waiting for a message.
    if (options.signal?.aborted) throw error;
    throw fail({ status: 0, code: 0, kind: 'network' }, options);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }
}

/** Reads `{code, data, message}`: code 200 on a 2xx answer is success; everything else is a failure. */
async function readEnvelope<T>(response: Response, options: RequestOptions): Promise<T> {
  const body = await readJson(response);
  if (isEnvelope(body)) {
    if (body.code === 200 && response.ok) return body.data as T;
    throw fail(
      { status: response.status, code: body.code, message: body.message, data: body.data, kind: 'api' },
      options,
    );
  }
  if (!response.ok) throw fail({ status: response.status, code: response.status, kind: 'http' }, options);
  // Some spec calls answer `{status, result}` instead of the envelope: hand them over untouched.
  return body as T;
}

/** A file answer is the blob itself; a JSON answer on that route is an error envelope. */
async function readBlob(response: Response, options: RequestOptions): Promise<Blob> {
  const type = response.headers.get('Content-Type') ?? '';
  if (response.ok && !type.includes('json')) return response.blob();
  await readEnvelope<unknown>(response, options);
  throw fail({ status: response.status, code: response.status, kind: 'http' }, options);
}

/** A file answer with the name the server gave it in Content-Disposition (RFC 6266 filename*). */
export type NamedBlob = { blob: Blob; fileName: string };

export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // a malformed escape falls back to the plain filename
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || fallback;
}

async function readNamedBlob(response: Response, options: RequestOptions): Promise<NamedBlob> {
  const blob = await readBlob(response, options);
  return { blob, fileName: fileNameOf(response.headers.get('Content-Disposition'), 'download') };
}

function createJsonClient(timeout: number) {
  const request = <T>(method: Method, url: string, body: unknown, options: RequestOptions = {}) =>
    send(method, url, body, options, timeout, readEnvelope<T>);
  return {
    get: <T>(url: string, options?: RequestOptions) => request<T>('GET', url, undefined, options),
    delete: <T>(url: string, options?: RequestOptions) => request<T>('DELETE', url, undefined, options),
    post: <T>(url: string, body?: unknown, options?: RequestOptions) =>
      request<T>('POST', url, body, options),
    put: <T>(url: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', url, body, options),
  };
}

/** Main client (300000 ms). */
export const http = createJsonClient(HTTP_TIMEOUT);

/** Shell client for platform chrome (footer, header, menus): 60000 ms. */
export const shellHttp = createJsonClient(SHELL_HTTP_TIMEOUT);

/** File client: 60000 ms, answers the file as a blob. */
export const fileHttp = {
  get: (url: string, options: RequestOptions = {}) =>
    send('GET', url, undefined, options, FILE_HTTP_TIMEOUT, readBlob),
  post: (url: string, body?: unknown, options: RequestOptions = {}) =>
    send('POST', url, body, options, FILE_HTTP_TIMEOUT, readBlob),
  /** Like get/post, keeping the server's file name (exports, templates). */
  getNamed: (url: string, options: RequestOptions = {}) =>
    send('GET', url, undefined, options, FILE_HTTP_TIMEOUT, readNamedBlob),
  postNamed: (url: string, body?: unknown, options: RequestOptions = {}) =>
    send('POST', url, body, options, FILE_HTTP_TIMEOUT, readNamedBlob),
};
