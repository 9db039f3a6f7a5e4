import { PUSH_ERROR_LIMIT } from '@/lib/constants.ts';

/** One server-sent event as the stream delivers it. */
export type PushEvent = { id: string | null; event: string; data: string };

export type PushChannelOptions = {
  url: string;
  /** Read on every (re)connect, so a refreshed token is used. */
  getToken: () => string | null;
  onEvent: (event: PushEvent) => void;
  /** Called once when the channel gives up after more than PUSH_ERROR_LIMIT errors in a row. */
  onGiveUp?: () => void;
  /** Reconnection delay until the server's `retry:` field says otherwise. */
  retryMs?: number;
};

export type PushChannel = { close: () => void; readonly errorCount: number };

export const NO_STREAM_SUPPORT_NOTE = '当前浏览器不支持服务器推送，通知将不会实时显示';

/** Whether this browser can read a fetch response as a stream (what the channel needs). */
export function hasStreamSupport(): boolean {
  return (
    typeof fetch === 'function' &&
    typeof ReadableStream === 'function' &&
    typeof TextDecoder === 'function' &&
    typeof Response === 'function' &&
    'body' in Response.prototype
  );
}

/** Splits SSE text into events; returns the events and the unfinished rest. */
export function parseSseChunk(buffer: string): { events: (PushEvent & { retry?: number })[]; rest: string } {
  const events: (PushEvent & { retry?: number })[] = [];
  const normalised = buffer.replace(/\r\n?/g, '\n');
  const blocks = normalised.split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    const event: PushEvent & { retry?: number } = { id: null, event: 'message', data: '' };
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'data') data.push(value);
      else if (field === 'event') event.event = value;
      else if (field === 'id') event.id = value;
      else if (field === 'retry' && /^\d+$/.test(value)) event.retry = Number(value);
    }
    event.data = data.join('\n');
    if (data.length > 0 || event.retry !== undefined) events.push(event);
  }
  return { events, rest };
}

/**
 * The push channel, over fetch because the browser's EventSource cannot send the
 * Bearer header. Reconnects with Last-Event-ID so the server replays what was missed. Each failed
 * connection (network error, error answer, dropped stream) counts; after more than
 * PUSH_ERROR_LIMIT in a row the channel closes for good. A connection that opens resets the count,
 * so a server restart now and then does not end it.
 */
export function openPushChannel(options: PushChannelOptions): PushChannel {
  let errorCount = 0;
  let isClosed = false;
  let lastEventId: string | null = null;
  let retryMs = options.retryMs ?? 3000;
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const close = () => {
    isClosed = true;
    controller?.abort();
    if (timer) clearTimeout(timer);
  };

  if (!hasStreamSupport()) {
    console.info(NO_STREAM_SUPPORT_NOTE);
    return { close, errorCount: 0 };
  }

  const onError = () => {
    if (isClosed) return;
    errorCount += 1;
    if (errorCount > PUSH_ERROR_LIMIT) {
      close();
      options.onGiveUp?.();
      return;
    }
    timer = setTimeout(connect, retryMs);
  };

  async function connect() {
    if (isClosed) return;
    controller = new AbortController();
    const headers: Record<string, string> = { Accept: 'text/event-stream' };
    const token = options.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    if (lastEventId) headers['Last-Event-ID'] = lastEventId;
    try {
      const response = await fetch(options.url, {
        headers,
        signal: controller.signal,
        credentials: 'include',
        cache: 'no-store',
      });
      const type = response.headers.get('Content-Type') ?? '';
      if (!response.ok || !response.body || !type.includes('text/event-stream')) {
        await response.body?.cancel().catch(() => {});
        onError();
        return;
      }
      errorCount = 0;
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        const parsed = parseSseChunk(buffer);
        buffer = parsed.rest;
        for (const event of parsed.events) {
          if (event.retry !== undefined) retryMs = event.retry;
          if (event.id !== null) lastEventId = event.id;
          if (event.data !== '') options.onEvent(event);
        }
      }
      // The server ended the stream (restart, deploy): reconnect, counting it like any failure.
      onError();
    } catch {
      onError();
    }
  }

  void connect();
  return {
    close,
    get errorCount() {
      return errorCount;
    },
  };
}
