import { ExampleGreetingEnvelopeSchema } from '@ks/contract';
import { describe, expect, it } from 'vitest';
import { createActor, unique, useTestApp } from '../../../test/helper.ts';
import { BUSINESS_MODULES } from '../index.ts';
import { EXAMPLE_GREET_JOB, EXAMPLE_MODULE } from './index.ts';
import { greetingOf } from './public.ts';

/**
 * A module is its own folders plus one entry in the list: the app built from the platform's list
 * with this one entry added serves the example's route, defines its job, and still has every
 * platform module's routes and jobs.
 */
const getApp = useTestApp({}, { modules: [...BUSINESS_MODULES, EXAMPLE_MODULE] });

describe('the example module, registered by its one entry', () => {
  it('serves its route to a session, in its contract, and refuses a call without one: 10000', async () => {
    const app = getApp();
    const userName = unique('企业');
    const user = await createActor(app, 'U', { userName });
    const answer = await app.inject({ method: 'GET', url: '/ks/example/greeting', headers: user.headers });
    expect(ExampleGreetingEnvelopeSchema.parse(answer.json()).data).toEqual({
      text: `你好，${userName}`,
    });
    expect((await app.inject({ method: 'GET', url: '/ks/example/greeting' })).json().code).toBe(10000);
  });

  it('defines its job through the seams beside the platform modules’ own', () => {
    const names = getApp()
      .jobs.types()
      .map((job) => job.name);
    expect(names).toContain(EXAMPLE_GREET_JOB);
    expect(names).toEqual(
      expect.arrayContaining(['credit.recompute-scores', 'file-analysis.parse-cost-file']),
    );
  });

  it('answers other modules through its port', async () => {
    const app = getApp();
    const userName = unique('管理员');
    const user = await createActor(app, 'M', { userName });
    expect(await greetingOf(app.db, user.id)).toEqual({ text: `你好，${userName}` });
  });
});
