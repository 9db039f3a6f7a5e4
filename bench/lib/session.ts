import { constants, publicEncrypt, randomBytes } from 'node:crypto';

interface Envelope<T> {
  code: number;
  data: T;
  message: string;
}

async function call<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, init);
  const body = (await response.json()) as Envelope<T>;
  if (!response.ok || body.code !== 200) {
    throw new Error(`${init?.method ?? 'GET'} ${url}: HTTP ${response.status}, ${JSON.stringify(body)}`);
  }
  return body.data;
}

/** RSA-OAEP (SHA-256) of `{v, n, t}`, base64: the sealed-field format of the login protocol. */
function seal(publicKey: string, value: string, nonce: string): string {
  const plain = Buffer.from(JSON.stringify({ v: value, n: nonce, t: Date.now() }));
  return publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    plain,
  ).toString('base64');
}

/** Logs in through the real protocol (public key, sealed fields) and returns the bearer token. */
export async function login(baseUrl: string, account: string, password: string): Promise<string> {
  const { keyId, publicKey } = await call<{ keyId: string; publicKey: string }>(
    `${baseUrl}/ks/common/public-key`,
  );
  const nonce = randomBytes(16).toString('hex');
  const { token } = await call<{ token: string }>(`${baseUrl}/ks/common/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      logValue: seal(publicKey, account, nonce),
      passWord: seal(publicKey, password, nonce),
      keyId,
    }),
  });
  return token;
}

/** One authenticated GET whose envelope must say code 200: proves the bench measures answers. */
export async function getAuthenticated<T>(baseUrl: string, path: string, token: string): Promise<T> {
  return call<T>(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
}
