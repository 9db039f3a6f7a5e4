import { constants, privateDecrypt, webcrypto } from 'node:crypto';
import { SealedFieldSchema } from '@ks/contract/session';
import { describe, expect, it } from 'vitest';
import { makeKeyPair } from '@/test/factories.ts';
import { createNonce, encryptWithForge, encryptWithSubtle, sealFields } from './crypto.ts';

const { publicKey, privateKey } = makeKeyPair();
const publicKeyInfo = { keyId: 'login-1', publicKey, algorithm: 'RSA-OAEP-256' as const };

/** What the server does (apps/server sealed-fields): RSA-OAEP with SHA-256 for hash and MGF1. */
const decrypt = (cipherText: string) =>
  privateDecrypt(
    { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(cipherText, 'base64'),
  ).toString('utf8');

describe('crypto', () => {
  it('Web Crypto ciphertext decrypts with node:crypto', async () => {
    const cipher = await encryptWithSubtle(webcrypto.subtle as SubtleCrypto, publicKey, '密码Abc123');
    expect(decrypt(cipher)).toBe('密码Abc123');
  });

  it('node-forge ciphertext (plain-HTTP fallback) decrypts with node:crypto', async () => {
    const cipher = await encryptWithForge(publicKey, '密码Abc123');
    expect(decrypt(cipher)).toBe('密码Abc123');
  });

  it('makes a 32-character hex nonce from the random source', () => {
    const nonce = createNonce();
    expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(createNonce()).not.toBe(nonce);
  });

  it.each([
    ['Web Crypto', webcrypto.subtle as SubtleCrypto],
    ['node-forge', null],
  ])('seals every field with one nonce and the current time (%s)', async (_name, subtle) => {
    const before = Date.now();
    const sealed = await sealFields({ logValue: 'admin', passWord: 'Secret123' }, publicKeyInfo, subtle);
    const logValue = SealedFieldSchema.parse(JSON.parse(decrypt(sealed.logValue)));
    const passWord = SealedFieldSchema.parse(JSON.parse(decrypt(sealed.passWord)));
    expect(logValue.v).toBe('admin');
    expect(passWord.v).toBe('Secret123');
    expect(logValue.n).toMatch(/^[0-9a-f]{32}$/);
    expect(passWord.n).toBe(logValue.n);
    expect(logValue.t).toBeGreaterThanOrEqual(before);
    expect(logValue.t).toBeLessThanOrEqual(Date.now());
  });
});
