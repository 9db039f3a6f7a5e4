import type { ExampleGreeting } from '@ks/contract';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { findUserName } from './repository.ts';

/** The example's one rule: a greeting names the user it is for. */
export class GreetingService {
  constructor(private readonly db: Db) {}

  async greet(userId: string): Promise<ExampleGreeting> {
    const name = await findUserName(this.db, userId);
    if (name === null) throw notFound('用户不存在');
    return { text: `你好，${name}` };
  }
}
