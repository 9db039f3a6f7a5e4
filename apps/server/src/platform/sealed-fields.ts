import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { ERROR_CODES, type PublicKey, SealedFieldSchema } from '@ks/contract';
import { eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rsaKeys, usedNonces } from '../db/schema/index.ts';
import { AppError } from './errors.ts';

/** How far the browser's clock may be from ours, and how long a nonce is remembered. */
const SEAL_WINDOW_MS = 5 * 60 * 1000;
const ACTIVE_KEY_ID = 'login-1';

type KeyPair = { keyId: string; publicKey: string; privateKey: string };

/**
 * Login and password fields travel sealed: RSA-OAEP (SHA-256) over `{v, n, t}`. The key pair lives in
 * the database so every instance decrypts what any instance's public key encrypted. Node refuses
 * PKCS#1 v1.5 decryption (CVE-2023-46809), hence OAEP.
 */
export class SealedFields {
  private cached: KeyPair | null = null;

  constructor(private readonly db: Db) {}

  async publicKey(): Promise<PublicKey> {
    const pair = await this.keyPair();
    return { keyId: pair.keyId, publicKey: pair.publicKey, algorithm: 'RSA-OAEP-256' };
  }

  /**
   * Decrypts every field of one request, checks they share one fresh nonce, and burns the nonce:
   * a captured request replayed later fails with 10022.
   */
  async open<K extends string>(keyId: string, fields: Record<K, string>): Promise<Record<K, string>> {
    const pair = await this.keyPair();
    if (keyId !== pair.keyId) throw stale();
    const opened = {} as Record<K, string>;
    let nonce: string | null = null;
    let sealedAt = 0;
    for (const [name, cipherText] of Object.entries(fields) as [K, string][]) {
      const sealed = decrypt(pair.privateKey, cipherText);
      if (nonce !== null && sealed.n !== nonce) throw stale();
      nonce = sealed.n;
      sealedAt = sealed.t;
      opened[name] = sealed.v;
    }
    if (nonce === null || Math.abs(Date.now() - sealedAt) > SEAL_WINDOW_MS) throw stale();
    await this.db.delete(usedNonces).where(lt(usedNonces.expiresAt, new Date()));
    const inserted = await this.db
      .insert(usedNonces)
      .values({ nonce, expiresAt: new Date(Date.now() + 2 * SEAL_WINDOW_MS) })
      .onConflictDoNothing()
      .returning({ nonce: usedNonces.nonce });
    if (inserted.length === 0) throw stale();
    return opened;
  }

  private async keyPair(): Promise<KeyPair> {
    if (this.cached) return this.cached;
    const [existing] = await this.db.select().from(rsaKeys).where(eq(rsaKeys.id, ACTIVE_KEY_ID));
    if (existing) {
      this.cached = { keyId: existing.id, publicKey: existing.publicKey, privateKey: existing.privateKey };
      return this.cached;
    }
    const generated = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    // Another instance may have stored its pair first: keep whichever won.
    await this.db
      .insert(rsaKeys)
      .values({ id: ACTIVE_KEY_ID, publicKey: generated.publicKey, privateKey: generated.privateKey })
      .onConflictDoNothing();
    this.cached = null;
    return this.keyPair();
  }
}

function decrypt(privateKey: string, cipherText: string) {
  try {
    const plain = privateDecrypt(
      { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(cipherText, 'base64'),
    );
    return SealedFieldSchema.parse(JSON.parse(plain.toString('utf8')));
  } catch {
    throw stale();
  }
}

const stale = () => new AppError(ERROR_CODES.LOGIN_PAYLOAD_INVALID);
