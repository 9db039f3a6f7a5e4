import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper.ts';

const getApp = useTestApp();

describe('health probes', () => {
  it('answers live and ready without a session', async () => {
    const app = getApp();
    const live = await app.inject({ method: 'GET', url: '/ks/health/live' });
    expect({ status: live.statusCode, body: live.json() }).toEqual({ status: 200, body: { status: 'ok' } });
    const ready = await app.inject({ method: 'GET', url: '/ks/health/ready' });
    expect({ status: ready.statusCode, body: ready.json() }).toEqual({ status: 200, body: { status: 'ok' } });
  });

  it('answers 503 on ready while the instance drains, and stays live', async () => {
    const app = getApp();
    app.lifecycle.draining = true;
    try {
      const ready = await app.inject({ method: 'GET', url: '/ks/health/ready' });
      expect({ status: ready.statusCode, body: ready.json() }).toEqual({
        status: 503,
        body: { status: 'unavailable', reason: 'draining' },
      });
      const live = await app.inject({ method: 'GET', url: '/ks/health/live' });
      expect(live.statusCode).toBe(200);
    } finally {
      app.lifecycle.draining = false;
    }
  });
});
