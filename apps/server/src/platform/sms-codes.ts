import type { SmsPurpose } from '@ks/contract';
import type { Db } from '../db/client.ts';

/**
 * The SMS verification codes and texts other modules use (account registration and password
 * reset): the sms module's service implements it, app.ts hands it over, and the account module
 * imports no other module for it.
 */
export interface SmsCodes {
  /** Sends a fresh code to a phone (limited per phone per minute and per day). */
  sendCode(phone: string, purpose: SmsPurpose): Promise<void>;
  /** Sends a text to a phone (the activation link, the reset notice). */
  sendText(phone: string, purpose: SmsPurpose, text: string): Promise<void>;
  /** Checks a code and counts the attempt; answers the code's id for `consumeCode`. */
  checkCode(phone: string, purpose: SmsPurpose, code: string): Promise<string>;
  /** Uses a checked code up, inside the transaction of the action it guards. */
  consumeCode(tx: Db, codeId: string): Promise<void>;
}
