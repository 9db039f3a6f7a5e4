import type { PublicKey, SealedField } from '@ks/contract/session';

/** 16 random bytes as hex: the nonce shared by every field of one request. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function pemToDer(pem: string): Uint8Array<ArrayBuffer> {
  const base64 = pem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');
  const binary = atob(base64);
  const der = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) der[i] = binary.charCodeAt(i);
  return der;
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Web Crypto's `subtle` exists only in secure contexts (HTTPS, localhost). */
export function getSubtle(): SubtleCrypto | null {
  const subtle = globalThis.crypto?.subtle;
  return subtle && typeof subtle.importKey === 'function' ? subtle : null;
}

/** RSA-OAEP with SHA-256 for the hash and MGF1, through Web Crypto; answers base64. */
export async function encryptWithSubtle(subtle: SubtleCrypto, publicKeyPem: string, text: string) {
  const key = await subtle.importKey(
    'spki',
    pemToDer(publicKeyPem),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  const cipher = await subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(text));
  return bytesToBase64(new Uint8Array(cipher));
}

/**
 * The same OAEP encryption in plain JavaScript, for intranet deployments served over plain HTTP,
 * where `subtle` is missing. node-forge is loaded only then, so it never weighs on the login chunk.
 */
export async function encryptWithForge(publicKeyPem: string, text: string) {
  const { default: forge } = await import('node-forge');
  const key = forge.pki.publicKeyFromPem(publicKeyPem);
  const cipher = key.encrypt(forge.util.encodeUtf8(text), 'RSA-OAEP', {
    md: forge.md.sha256.create(),
    mgf1: { md: forge.md.sha256.create() },
  });
  return forge.util.encode64(cipher);
}

export function encryptText(publicKeyPem: string, text: string, subtle = getSubtle()) {
  return subtle ? encryptWithSubtle(subtle, publicKeyPem, text) : encryptWithForge(publicKeyPem, text);
}

/**
 * Seals each value as `{v, n, t}` with one nonce for the whole request and encrypts it with the
 * server's public key: the server refuses a nonce it has seen or a stale time, so a captured
 * login cannot be replayed.
 */
export async function sealFields<K extends string>(
  values: Record<K, string>,
  publicKey: PublicKey,
  subtle = getSubtle(),
): Promise<Record<K, string>> {
  const n = createNonce();
  const t = Date.now();
  const entries = await Promise.all(
    (Object.entries(values) as [K, string][]).map(async ([name, v]) => {
      const sealed: SealedField = { v, n, t };
      return [name, await encryptText(publicKey.publicKey, JSON.stringify(sealed), subtle)] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<K, string>;
}
