import { afterEach, describe, expect, it, vi } from 'vitest';
import { PUSH_ERROR_LIMIT } from '@/lib/constants.ts';
import { mockFetch } from '@/test/fetch-mock.ts';
import { NO_STREAM_SUPPORT_NOTE, openPushChannel, type PushEvent, parseSseChunk } from './push-client.ts';

const URL_KEY = 'GET /ks/message/v1/subscribe';

/** An SSE answer whose body is the given frames, then the end of the stream. */
const sseAnswer = (text: string) =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(text));
        controller.close();
      },
    }),
    { status: 200, headers: { 'Content-Type': 'text/event-stream' } },
  );

afterEach(() => vi.useRealTimers());

describe('parseSseChunk', () => {
  it('splits events, keeps ids, event names and retry, skips comment lines, returns the unfinished rest', () => {
    const { events, rest } = parseSseChunk(
      'retry: 500\n\n: ping\n\nid: 7\ndata: {"msgId":7}\n\nevent: todo\ndata: {"todoCount":2}\n\nid: 8\ndata: {"ms',
    );
    expect(events).toEqual([
      { id: null, event: 'message', data: '', retry: 500 },
      { id: '7', event: 'message', data: '{"msgId":7}' },
      { id: null, event: 'todo', data: '{"todoCount":2}' },
    ]);
    expect(rest).toBe('id: 8\ndata: {"ms');
  });
});

describe('openPushChannel', () => {
  it(`closes for good after more than ${PUSH_ERROR_LIMIT} errors in a row`, async () => {
    vi.useFakeTimers();
    const fetchMock = mockFetch({ [URL_KEY]: () => Promise.reject(new TypeError('network down')) });
    const onGiveUp = vi.fn();
    const channel = openPushChannel({
      url: '/ks/message/v1/subscribe',
      getToken: () => 't',
      onEvent: vi.fn(),
      onGiveUp,
      retryMs: 10,
    });
    await vi.advanceTimersByTimeAsync(1000);
    // The first attempt and three retries fail: the fourth error is more than three, and it stops.
    expect(fetchMock).toHaveBeenCalledTimes(PUSH_ERROR_LIMIT + 1);
    expect(channel.errorCount).toBe(PUSH_ERROR_LIMIT + 1);
    expect(onGiveUp).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchMock).toHaveBeenCalledTimes(PUSH_ERROR_LIMIT + 1);
  });

  it('counts error answers too, and keeps trying while at most three errors happened', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const fetchMock = mockFetch({
      [URL_KEY]: () => {
        calls += 1;
        return calls <= PUSH_ERROR_LIMIT
          ? { status: 502, body: {} }
          : sseAnswer('id: 1\ndata: {"msgId":1}\n\n');
      },
    });
    const onEvent = vi.fn();
    const channel = openPushChannel({
      url: '/ks/message/v1/subscribe',
      getToken: () => 't',
      onEvent,
      retryMs: 10,
    });
    await vi.advanceTimersByTimeAsync(35);
    expect(fetchMock.mock.calls.length).toBeGreaterThanOrEqual(PUSH_ERROR_LIMIT + 1);
    expect(onEvent).toHaveBeenCalledWith({ id: '1', event: 'message', data: '{"msgId":1}' });
    channel.close();
  });

  it('sends the Bearer header, and Last-Event-ID of the last event when it reconnects', async () => {
    vi.useFakeTimers();
    const seen: Record<string, string>[] = [];
    mockFetch({
      [URL_KEY]: ({ init }) => {
        seen.push(init.headers as Record<string, string>);
        return sseAnswer(seen.length === 1 ? 'retry: 10\n\nid: 41\ndata: {"msgId":41}\n\n' : ': ping\n\n');
      },
    });
    const events: PushEvent[] = [];
    const channel = openPushChannel({
      url: '/ks/message/v1/subscribe',
      getToken: () => 'token-1',
      onEvent: (event) => events.push(event),
    });
    await vi.advanceTimersByTimeAsync(50);
    channel.close();
    expect(seen[0]).toMatchObject({ Authorization: 'Bearer token-1' });
    expect(seen[0]?.['Last-Event-ID']).toBeUndefined();
    expect(seen[1]).toMatchObject({ Authorization: 'Bearer token-1', 'Last-Event-ID': '41' });
    expect(events.map((e) => e.id)).toEqual(['41']);
  });

  it('only notes on the console when the browser cannot read streams, and makes no call', () => {
    const fetchMock = mockFetch({});
    vi.stubGlobal('ReadableStream', undefined);
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const channel = openPushChannel({
      url: '/ks/message/v1/subscribe',
      getToken: () => 't',
      onEvent: vi.fn(),
    });
    expect(info).toHaveBeenCalledWith(NO_STREAM_SUPPORT_NOTE);
    expect(fetchMock).not.toHaveBeenCalled();
    channel.close();
  });
});
