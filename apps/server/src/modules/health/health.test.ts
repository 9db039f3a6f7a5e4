import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper.ts';

const getApp = useTestApp();

describe('health probes', () => {
  it('answers live and ready without a session', async () => {
    const app = getApp();
    const live = await app.inject({ method: 'GET', url: '/ks/health/live' });
    expect({ status: live.statusCode, body: live.json() }).toMatchObject({
      status: 200,
      body: { code: 200, data: { status: 'ok' } },
    });
    const ready = await app.inject({ method: 'GET', url: '/ks/health/ready' });
    expect({ status: ready.statusCode, body: ready.json() }).toMatchObject({
      status: 200,
      body: { code: 200, data: { status: 'ok' } },
    });
  });

  it('answers 503 on ready while the instance drains, and stays live', async () => {
    const app = getApp();
    app.lifecycle.draining = true;
    try {
      const ready = await app.inject({ method: 'GET', url: '/ks/health/ready' });
      expect({ status: ready.statusCode, body: ready.json() }).toMatchObject({
        status: 503,
        body: { code: 500, data: { status: 'unavailable', reason: 'draining' }, message: '服务暂不可用' },
      });
      const live = await app.inject({ method: 'GET', url: '/ks/health/live' });
      expect(live.statusCode).toBe(200);
    } finally {
      app.lifecycle.draining = false;
    }
  });
});
