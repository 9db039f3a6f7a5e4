import { describe, expect, it } from 'vitest';
import { type PushConnection, PushHub } from './push-hub.ts';

const stream = (userId: string, sessionId: string) => {
  const state = { ended: false };
  const connection: PushConnection = {
    userId,
    sessionId,
    write: () => !state.ended,
    end: () => {
      state.ended = true;
    },
  };
  return { connection, state };
};

describe('PushHub.endStreamsOfEnded', () => {
  it('ends the streams of checked sessions that are no longer live, and no others', () => {
    const hub = new PushHub(15000);
    const ended = stream('u1', 's-ended');
    const live = stream('u1', 's-live');
    hub.add(ended.connection);
    hub.add(live.connection);
    const checked = hub.sessionIds();
    // Opened while the sweep asked the database about `checked`: its session was never asked about.
    const opened = stream('u2', 's-new');
    hub.add(opened.connection);

    expect(hub.endStreamsOfEnded(checked, new Set(['s-live']))).toBe(1);
    expect(ended.state.ended).toBe(true);
    expect(live.state.ended).toBe(false);
    expect(opened.state.ended).toBe(false);
    expect(hub.sessionIds().sort()).toEqual(['s-live', 's-new']);
  });
});
