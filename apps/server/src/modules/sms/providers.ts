import type { SmsPurpose } from '@ks/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { smsOutbox } from '../../db/schema/identity.ts';

export interface SmsMessage {
  phone: string;
  purpose: SmsPurpose;
  text: string;
}

/** Where text messages go. The platform never shows a message as delivered that a provider did not take. */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

/**
 * The default provider: delivers nothing, records each message in the outbox that administrators
 * read at 系统短信发件箱. It says so at start-up so nobody mistakes it for a gateway.
 */
export class LocalSmsProvider implements SmsProvider {
  readonly name = 'local';

  constructor(
    private readonly db: Db,
    log: FastifyBaseLogger,
  ) {
    log.warn(
      'SMS provider is LOCAL: messages are NOT delivered to phones; administrators read them in the SMS outbox',
    );
  }

  async send(message: SmsMessage): Promise<void> {
    await this.db.insert(smsOutbox).values({ ...message, provider: this.name });
  }
}

/**
 * A real SMS gateway over HTTP: POST `{phone, text, purpose}` as JSON with a Bearer token, any 2xx
 * is accepted. Gateways with other dialects get an adapter of their own beside this one.
 */
export class HttpSmsProvider implements SmsProvider {
  readonly name = 'http';

  constructor(
    private readonly url: string,
    private readonly token: string | undefined,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    const response = await fetch(this.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      body: JSON.stringify(message),
      signal: AbortSignal.timeout(10000),
    });
    if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
  }
}
