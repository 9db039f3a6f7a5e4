import type { ExampleGreeting } from '@ks/contract';
import type { Db } from '../../db/client.ts';
import { GreetingService } from './service.ts';

/** What other modules may read of the example module (the lint lets them import this file only). */
export const greetingOf = (db: Db, userId: string): Promise<ExampleGreeting> =>
  new GreetingService(db).greet(userId);
