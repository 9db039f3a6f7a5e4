import { z } from 'zod';
import type { BusinessModule } from '../../engine/modules.ts';
import { defineJob } from '../../platform/jobs.ts';
import { exampleRoutes } from './routes.ts';
import { GreetingService } from './service.ts';

export const EXAMPLE_GREET_JOB = 'example.greet';

/**
 * The smallest module wired exactly as the business modules are (modules/index.ts lists those): its
 * engine registration defines its job through the seams, its routes build their service from the
 * host, its port is public.ts. It is not in the platform's list — the example.test.ts builds the
 * app with that list plus this one entry, which is all a new module adds besides its own folders
 * (and, with tables, its schema file and its generated migration).
 */
export const EXAMPLE_MODULE: BusinessModule = {
  name: 'example',
  register({ defineJob: define, db }) {
    define(defineJob({
      name: EXAMPLE_GREET_JOB,
      title: '示例：问候',
      payload: z.object({ userId: z.uuid() }),
      // Idempotent: it only reads.
      handle: async ({ userId }, { reportProgress }) => {
        const { text } = await new GreetingService(db).greet(userId);
        await reportProgress(100, text);
      },
    }));
  },
  async routes(app, { db }) {
    await app.register(exampleRoutes, { greetings: new GreetingService(db) });
  },
};
