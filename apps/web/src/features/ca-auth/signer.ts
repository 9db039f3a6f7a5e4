/**
 * Who signs a CA challenge (decision 0080). In production a holder's key sits on a USB key that
 * only the CA vendor's browser plug-in can use; such an adapter implements CertificateSigner and is
 * not part of this build. The LOCAL signer here says that it is one: it signs with a private key
 * file the holder picks: PKCS#8 PEM RSA (PKCS#1 v1.5 with SHA-256, through WebCrypto), or an SM2
 * key as 64 hex digits (SM2 with SM3, DER signature, through sm-crypto, loaded only then).
 */

export interface SignedChallenge {
  /** The certificate, PEM (or base64 DER). */
  certificate: string;
  /** Base64 signature of the challenge text (UTF-8). */
  signature: string;
}

export interface CertificateSigner {
  /** Shown on the page, so nobody mistakes a local signer for the vendor's plug-in. */
  readonly name: string;
  readonly local: boolean;
  sign(challenge: string): Promise<SignedChallenge>;
}

export const SIGNER_MESSAGES = {
  certificateUnreadable: '证书文件无法读取，请选择 PEM 或 DER 格式的证书',
  keyUnreadable:
    '私钥无法读取：本地签名仅支持 PKCS#8 PEM 格式的 RSA 私钥（国密SM2证书请使用CA厂商的证书助手）',
} as const;

/** A refusal of the signer itself, for the form field it concerns. */
export class SignerError extends Error {
  constructor(
    readonly field: 'certificate' | 'privateKey',
    message: string,
  ) {
    super(message);
    this.name = 'SignerError';
  }
}

const toBase64 = (bytes: ArrayBuffer | Uint8Array) => {
  let binary = '';
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary);
};

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** A chosen file's bytes (FileReader: what every browser the platform serves has). */
const bytesOf = (file: Blob) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
  });

async function readCertificate(file: Blob): Promise<string> {
  const bytes = await bytesOf(file);
  const text = new TextDecoder().decode(bytes);
  const pem = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/.exec(text)?.[0];
  if (pem) return pem;
  // DER starts with a SEQUENCE (0x30).
  if (bytes[0] === 0x30 && bytes.length > 100) return toBase64(bytes);
  throw new SignerError('certificate', SIGNER_MESSAGES.certificateUnreadable);
}

type Signing = (challenge: string) => Promise<string>;

const SM2_KEY = /^(?:[0-9a-fA-F]{2}){32}$/;

/** SM2 with SM3 (user id 1234567812345678), DER, as the server verifies it; hex in, base64 out. */
async function sm2Signing(privateKeyHex: string): Promise<Signing> {
  const module = await import('sm-crypto');
  const { sm2 } = 'default' in module ? (module.default as typeof module) : module;
  return async (challenge) => {
    const hex = sm2.doSignature(challenge, privateKeyHex, { der: true, hash: true });
    return toBase64(Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16)));
  };
}

async function signingOf(file: Blob): Promise<Signing> {
  const text = new TextDecoder().decode(await bytesOf(file)).trim();
  if (SM2_KEY.test(text)) return sm2Signing(text);
  const key = await importKey(text);
  return async (challenge) =>
    toBase64(await crypto.subtle.sign('RSASSA-PKCS1-v1_5', key, new TextEncoder().encode(challenge)));
}

async function importKey(text: string): Promise<CryptoKey> {
  const body = /-----BEGIN PRIVATE KEY-----([\s\S]+?)-----END PRIVATE KEY-----/.exec(text)?.[1];
  if (!body) throw new SignerError('privateKey', SIGNER_MESSAGES.keyUnreadable);
  try {
    return await crypto.subtle.importKey(
      'pkcs8',
      fromBase64(body.replace(/\s+/g, '')),
      { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
      false,
      ['sign'],
    );
  } catch {
    throw new SignerError('privateKey', SIGNER_MESSAGES.keyUnreadable);
  }
}

/** The local signer: a certificate file and its private key file, chosen by the holder. */
export function localSigner(certificate: Blob, privateKey: Blob): CertificateSigner {
  return {
    name: '本地签名器（测试用，使用您选择的私钥文件签名）',
    local: true,
    async sign(challenge) {
      const [pem, signing] = await Promise.all([readCertificate(certificate), signingOf(privateKey)]);
      return { certificate: pem, signature: await signing(challenge) };
    },
  };
}
