import { describe, expect, it } from 'vitest';
import { failure, mockFetch, ok, takeImpossibleAnswers } from './fetch-mock.ts';

describe('mockFetch checks mocked answers against the contract', () => {
  it('refuses a success answer the server could not send', async () => {
    mockFetch({ 'GET /ks/message/v1/unread-count': ok({ count: 'three' }) });
    await fetch('/ks/message/v1/unread-count');
    const impossible = takeImpossibleAnswers();
    expect(impossible).toHaveLength(1);
    expect(impossible[0]).toContain('GET /ks/message/v1/unread-count');
  });

  it('accepts an answer that matches, and leaves errors and unlisted calls alone', async () => {
    mockFetch({
      'GET /ks/message/v1/unread-count': ok(3),
      'POST /ks/monitor/save': failure(400, 400, '请填写名称'),
      'GET /ks/admin/sms/outbox': ok({ anything: true }),
    });
    await fetch('/ks/message/v1/unread-count');
    await fetch('/ks/monitor/save', { method: 'POST', body: '{}' });
    await fetch('/ks/admin/sms/outbox');
    expect(takeImpossibleAnswers()).toEqual([]);
  });

  it('matches calls with path parameters', async () => {
    mockFetch({ 'DELETE /ks/analyse/cost-files/f-1': ok({ deleted: true }) });
    await fetch('/ks/analyse/cost-files/f-1', { method: 'DELETE' });
    expect(takeImpossibleAnswers()).toEqual([expect.stringContaining('DELETE /ks/analyse/cost-files/f-1')]);
  });
});
