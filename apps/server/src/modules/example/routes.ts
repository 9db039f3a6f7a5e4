import { ExampleGreetingEnvelopeSchema } from '@ks/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import type { GreetingService } from './service.ts';

/** The example's one endpoint: who may call it, its contract, a handler that calls the service. */
export const exampleRoutes: FastifyPluginAsyncZod<{ greetings: GreetingService }> = async (
  app,
  { greetings },
) => {
  app.get(
    '/ks/example/greeting',
    {
      config: { access: 'session' },
      schema: {
        tags: ['example'],
        summary: 'A greeting for the caller',
        response: { 200: ExampleGreetingEnvelopeSchema },
      },
    },
    async (request) => ok(await greetings.greet(currentUser(request).id)),
  );
};
