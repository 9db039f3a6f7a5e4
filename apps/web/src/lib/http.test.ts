import { beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, mockFetch, ok } from '@/test/fetch-mock.ts';
import { HTTP_TIMEOUT, SESSION_CODES, SESSION_REDIRECT_DELAY_MS, SHELL_HTTP_TIMEOUT } from './constants.ts';
import { setFeedback } from './feedback.ts';
import { ApiError, fileHttp, http, shellHttp } from './http.ts';
import { setNavigator } from './navigation.ts';
import { useSessionStore } from './session-store.ts';

const feedback = { warnMessage: vi.fn(), successMessage: vi.fn(), showDialog: vi.fn() };
const navigate = vi.fn();
let currentPath = '/system/pageConfig';

beforeEach(() => {
  feedback.warnMessage = vi.fn();
  feedback.showDialog = vi.fn();
  navigate.mockReset();
  currentPath = '/system/pageConfig';
  setFeedback(feedback);
  setNavigator({ navigate, getPath: () => currentPath });
  useSessionStore.getState().setToken('token-1', '2099-01-01T00:00:00Z');
});

/** A fetch that never answers, but honours the abort signal like the real one. */
const hangingFetch = () =>
  vi.fn(
    (_input: RequestInfo | URL, init: RequestInit = {}) =>
      new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  );

const headersOf = (fetchMock: ReturnType<typeof mockFetch>, call = 0) =>
  (fetchMock.mock.calls[call]?.[1]?.headers ?? {}) as Record<string, string>;

describe('headers', () => {
  it('sends Accept JSON and the Bearer token', async () => {
    const fetchMock = mockFetch({ 'GET /ks/x': ok({ a: 1 }) });
    await expect(http.get('/ks/x')).resolves.toEqual({ a: 1 });
    expect(headersOf(fetchMock)).toMatchObject({
      Accept: 'application/json',
      Authorization: 'Bearer token-1',
    });
  });

  it('omits the Authorization header when the call says isToken: false', async () => {
    const fetchMock = mockFetch({ 'GET /ks/x': ok(null) });
    await http.get('/ks/x', { isToken: false });
    expect(headersOf(fetchMock).Authorization).toBeUndefined();
  });

  it('sends JSON bodies and query parameters', async () => {
    const fetchMock = mockFetch({
      'POST /ks/y': ({ url, body }) => ok({ q: url.searchParams.get('q'), body }),
    });
    await expect(
      http.post('/ks/y', { name: '张三' }, { query: { q: 'a b', skip: undefined } }),
    ).resolves.toEqual({
      q: 'a b',
      body: { name: '张三' },
    });
    expect(headersOf(fetchMock)['Content-Type']).toBe('application/json');
  });
});

describe('timeouts', () => {
  it('warns 请求超时 when the main client passes HTTP_TIMEOUT', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', hangingFetch());
    const call = http.get('/ks/slow').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(HTTP_TIMEOUT - 1);
    expect(feedback.warnMessage).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const error = await call;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('timeout');
    expect(feedback.warnMessage).toHaveBeenCalledWith('请求超时');
    expect(feedback.showDialog).not.toHaveBeenCalled();
  });

  it('gives the shell client SHELL_HTTP_TIMEOUT', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', hangingFetch());
    const call = shellHttp.get('/ks/slow').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(SHELL_HTTP_TIMEOUT);
    expect(await call).toBeInstanceOf(ApiError);
    expect(feedback.warnMessage).toHaveBeenCalledWith('请求超时');
  });
});

describe('session codes', () => {
  it.each([10000, 10001, 10017])(
    'shows one dialog for concurrent %i failures, then clears the session and goes to /login after 500 ms',
    async (code) => {
      vi.useFakeTimers();
      mockFetch({
        'GET /ks/a': failure(401, code, '登录已过期，请重新登录'),
        'GET /ks/b': failure(401, code, '登录已过期，请重新登录'),
        'GET /ks/c': failure(401, code, '登录已过期，请重新登录'),
      });
      const results = await Promise.allSettled([
        http.get('/ks/a'),
        http.get('/ks/b'),
        shellHttp.get('/ks/c'),
      ]);
      expect(results.every((result) => result.status === 'rejected')).toBe(true);
      expect(feedback.showDialog).toHaveBeenCalledTimes(1);
      expect(feedback.showDialog).toHaveBeenCalledWith('warning', '登录已过期，请重新登录');

      await vi.advanceTimersByTimeAsync(SESSION_REDIRECT_DELAY_MS - 1);
      expect(navigate).not.toHaveBeenCalled();
      expect(useSessionStore.getState().token).toBe('token-1');

      await vi.advanceTimersByTimeAsync(1);
      expect(navigate).toHaveBeenCalledTimes(1);
      expect(navigate).toHaveBeenCalledWith('/login');
      expect(useSessionStore.getState().token).toBeNull();
      expect(sessionStorage.getItem('ks-session')).not.toContain('token-1');
    },
  );

  it('ends the session from a quiet call too, unless the call names the session codes itself', async () => {
    vi.useFakeTimers();
    mockFetch({ 'POST /ks/common/common/logHistory': failure(401, 10001, '登录已过期，请重新登录') });
    await expect(http.post('/ks/common/common/logHistory', {}, { quiet: true })).rejects.toMatchObject({
      code: 10001,
    });
    expect(feedback.showDialog).toHaveBeenCalledWith('warning', '登录已过期，请重新登录');
    await vi.advanceTimersByTimeAsync(SESSION_REDIRECT_DELAY_MS);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('leaves an ended session to a call that names the session codes (logout ends it itself)', async () => {
    vi.useFakeTimers();
    mockFetch({ 'GET /ks/common/logout': failure(401, 10000, '未登录') });
    await expect(
      http.get('/ks/common/logout', { quiet: true, quietCodes: SESSION_CODES }),
    ).rejects.toMatchObject({ code: 10000 });
    await vi.advanceTimersByTimeAsync(SESSION_REDIRECT_DELAY_MS);
    expect(feedback.showDialog).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('rejects with the code so callers can react', async () => {
    vi.useFakeTimers();
    mockFetch({ 'GET /ks/a': failure(401, 10000, '未登录') });
    await expect(http.get('/ks/a')).rejects.toMatchObject({ code: 10000, message: '未登录', status: 401 });
    await vi.advanceTimersByTimeAsync(SESSION_REDIRECT_DELAY_MS);
  });
});

describe('failure dialogs', () => {
  it('shows nothing for HTTP 502', async () => {
    mockFetch({ 'GET /ks/x': { status: 502, body: undefined, headers: { 'Content-Type': 'text/html' } } });
    await expect(http.get('/ks/x')).rejects.toBeInstanceOf(ApiError);
    expect(feedback.showDialog).not.toHaveBeenCalled();
    expect(feedback.warnMessage).not.toHaveBeenCalled();
  });

  it('shows an error dialog (type 1) with the server message for a 5xx answer', async () => {
    mockFetch({ 'GET /ks/x': failure(500, 500, '数据库连接失败') });
    await expect(http.get('/ks/x')).rejects.toMatchObject({ code: 500 });
    expect(feedback.showDialog).toHaveBeenCalledWith('error', '数据库连接失败');
  });

  it.each([
    [400, 400, '请输入企业名称'],
    [403, 403, '无权限访问'],
    [409, 409, '数据已被他人修改，请刷新后重试'],
  ])('shows a warning dialog (type 2) for HTTP %i', async (status, code, message) => {
    mockFetch({ 'GET /ks/x': failure(status, code, message, { name: message }) });
    await expect(http.get('/ks/x')).rejects.toMatchObject({ code, message, data: { name: message } });
    expect(feedback.showDialog).toHaveBeenCalledWith('warning', message);
  });

  it('shows the server message for an error code on HTTP 200', async () => {
    mockFetch({ 'GET /ks/x': failure(200, 409, '记录已变更') });
    await expect(http.get('/ks/x')).rejects.toMatchObject({ code: 409 });
    expect(feedback.showDialog).toHaveBeenCalledWith('warning', '记录已变更');
  });

  it('falls back to 请求失败，请联系管理员！ for an HTTP failure without a body', async () => {
    mockFetch({ 'GET /ks/x': { status: 503, body: undefined, headers: { 'Content-Type': 'text/plain' } } });
    await expect(http.get('/ks/x')).rejects.toMatchObject({ kind: 'http', status: 503 });
    expect(feedback.showDialog).toHaveBeenCalledWith('error', '请求失败，请联系管理员！');
  });

  it('tells a network failure with the default message', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(http.get('/ks/x')).rejects.toMatchObject({ kind: 'network' });
    expect(feedback.showDialog).toHaveBeenCalledWith('warning', '请求失败，请联系管理员！');
  });

  it('keeps quiet about codes the caller handles itself', async () => {
    mockFetch({ 'POST /ks/common/login': failure(400, 10022, '登录请求已失效') });
    await expect(http.post('/ks/common/login', {}, { quietCodes: [10022] })).rejects.toMatchObject({
      code: 10022,
    });
    expect(feedback.showDialog).not.toHaveBeenCalled();
  });
});

describe('login prompt', () => {
  it.each(['/', '/login'])('on %s puts the message in the login prompt instead of a dialog', async (path) => {
    currentPath = path;
    mockFetch({ 'POST /ks/common/login': failure(400, 400, '账号或密码错误') });
    await expect(http.post('/ks/common/login', {})).rejects.toMatchObject({ code: 400 });
    expect(useSessionStore.getState().loginPrompt).toBe('账号或密码错误');
    expect(feedback.showDialog).not.toHaveBeenCalled();
  });
});

describe('file client', () => {
  it('answers the file as a blob', async () => {
    mockFetch({
      'GET /ks/file': () =>
        new Response('PDF-BYTES', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
    });
    const blob = await fileHttp.get('/ks/file');
    expect(blob.type).toBe('application/pdf');
    expect(await blob.text()).toBe('PDF-BYTES');
  });

  it('applies the same rules to a JSON error answer', async () => {
    mockFetch({ 'GET /ks/file': failure(404, 404, '文件不存在') });
    await expect(fileHttp.get('/ks/file')).rejects.toMatchObject({ code: 404 });
    expect(feedback.showDialog).toHaveBeenCalledWith('warning', '文件不存在');
  });
});
