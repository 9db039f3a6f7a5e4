import { render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers.tsx';
import { useSessionStore } from '@/lib/session-store.ts';
import { mockFetch } from '@/test/fetch-mock.ts';
import { closePushSession } from '../lib/push-session.ts';
import { PushChannelStarter } from './push-channel-starter.tsx';

/** An SSE answer that stays open until the request is aborted, as the server's stream does. */
function openStream(signals: AbortSignal[]) {
  return ({ init }: { init: RequestInit }) => {
    if (init.signal) signals.push(init.signal);
    return new Response(new ReadableStream<Uint8Array>({ start() {} }), {
      status: 200,
      headers: { 'Content-Type': 'text/event-stream' },
    });
  };
}

afterEach(() => closePushSession());

describe('PushChannelStarter', () => {
  it('keeps one stream while the component unmounts and mounts again, and closes it on logout', async () => {
    const signals: AbortSignal[] = [];
    const fetchMock = mockFetch({ 'GET /ks/message/v1/subscribe': openStream(signals) });
    useSessionStore.getState().setToken('token-1', '2099-01-01T00:00:00Z');

    const first = render(
      <AppProviders>
        <PushChannelStarter />
      </AppProviders>,
    );
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    // A route change that replaces the layout (the not-found page, a route error) unmounts it.
    first.unmount();
    render(
      <AppProviders>
        <PushChannelStarter />
      </AppProviders>,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(signals[0]?.aborted).toBe(false);

    useSessionStore.getState().clearSession();
    await waitFor(() => expect(signals[0]?.aborted).toBe(true));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('opens a new stream for the next session in the tab', async () => {
    const signals: AbortSignal[] = [];
    const fetchMock = mockFetch({ 'GET /ks/message/v1/subscribe': openStream(signals) });
    useSessionStore.getState().setToken('token-1', '2099-01-01T00:00:00Z');
    const view = render(
      <AppProviders>
        <PushChannelStarter />
      </AppProviders>,
    );
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    useSessionStore.getState().setToken('token-2', '2099-01-01T00:00:00Z');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(signals[0]?.aborted).toBe(true);
    expect(signals[1]?.aborted).toBe(false);
    view.unmount();
  });
});
