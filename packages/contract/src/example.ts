import { z } from 'zod';
import { envelopeOf } from './envelope.ts';

/**
 * The example module (apps/server/src/modules/example): the smallest module wired as the business
 * modules are, kept so that the way to add one is shown by running code.
 */
export const ExampleGreetingSchema = z.object({ text: z.string() });
export type ExampleGreeting = z.infer<typeof ExampleGreetingSchema>;
export const ExampleGreetingEnvelopeSchema = envelopeOf(ExampleGreetingSchema);
