import { constants, publicEncrypt, randomBytes } from 'node:crypto';

/**
 * The server's public key and a function sealing a field with it, as the browser seals the login
 * and registration passwords (one nonce per form).
 */
export async function sealer(baseUrl: string): Promise<{ keyId: string; seal: (value: string) => string }> {
  const keyResponse = await fetch(`${baseUrl}/ks/common/public-key`);
  const { keyId, publicKey } = ((await keyResponse.json()) as { data: { keyId: string; publicKey: string } })
    .data;
  const nonce = randomBytes(16).toString('hex');
  const seal = (value: string) =>
    publicEncrypt(
      { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(JSON.stringify({ v: value, n: nonce, t: Date.now() })),
    ).toString('base64');
  return { keyId, seal };
}

/** Logs in through the HTTP API with sealed fields, as the browser does; returns the token. */
export async function loginWithApi(baseUrl: string, account: string, password: string): Promise<string> {
  const { keyId, seal } = await sealer(baseUrl);
  const response = await fetch(`${baseUrl}/ks/common/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ logValue: seal(account), passWord: seal(password), keyId }),
  });
  const body = (await response.json()) as { code: number; data: { token: string }; message: string };
  if (body.code !== 200) throw new Error(`API login failed: ${body.message}`);
  return body.data.token;
}
