import type { IdentityCheck } from '@ks/contract';
import { IDENTITY_CHECK_PROVIDER_LABELS } from '@ks/contract';
import { badRequest } from '../../platform/errors.ts';

/** A WeChat identity as WeChat names it: openid per app, unionid across the 开放平台 account. */
export interface WechatIdentity {
  openid: string;
  unionid: string | null;
}

/** WeChat QR login (decision 0079): where the QR page is, and who scanned given the callback's code. */
export interface WechatLogin {
  readonly name: 'local' | 'wechat';
  /** The address that shows the QR code for one attempt (its state comes back with the code). */
  qrUrl(state: string): string;
  /** Trades the code WeChat hands the callback for the identity that scanned. */
  exchange(code: string): Promise<WechatIdentity>;
}

/** Does the HTTP call; tests hand in a recorded answer instead of the network. */
export type Fetch = (
  url: string,
  init?: { signal?: AbortSignal },
) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

const QRCONNECT = 'https://open.weixin.qq.com/connect/qrconnect';
const ACCESS_TOKEN = 'https://api.weixin.qq.com/sns/oauth2/access_token';

/**
 * WeChat's website QR login (微信开放平台 网站应用 微信登录): the browser opens qrconnect with the
 * app id, the callback address and the state; after the scan WeChat sends the browser to the
 * callback with `code` and `state`, and the server trades the code at sns/oauth2/access_token for
 * the access token, openid and (if the app is on an 开放平台 account) unionid. The access token is
 * not kept: the login needs the identity only.
 */
export class WechatOpenPlatformLogin implements WechatLogin {
  readonly name = 'wechat' as const;

  constructor(
    private readonly appId: string,
    private readonly appSecret: string,
    private readonly callbackUrl: string,
    private readonly fetcher: Fetch = fetch,
  ) {}

  qrUrl(state: string): string {
    const query = new URLSearchParams({
      appid: this.appId,
      redirect_uri: this.callbackUrl,
      response_type: 'code',
      scope: 'snsapi_login',
      state,
    });
    return `${QRCONNECT}?${query.toString()}#wechat_redirect`;
  }

  accessTokenUrl(code: string): string {
    const query = new URLSearchParams({
      appid: this.appId,
      secret: this.appSecret,
      code,
      grant_type: 'authorization_code',
    });
    return `${ACCESS_TOKEN}?${query.toString()}`;
  }

  async exchange(code: string): Promise<WechatIdentity> {
    const response = await this.fetcher(this.accessTokenUrl(code), { signal: AbortSignal.timeout(10000) });
    if (!response.ok) throw new Error(`WeChat access_token answered HTTP ${response.status}`);
    return parseAccessTokenAnswer(await response.json());
  }
}

/**
 * Reads sns/oauth2/access_token's answer: `{access_token, expires_in, refresh_token, openid, scope,
 * unionid}` on success, `{errcode, errmsg}` on failure (40029: invalid code — used or expired).
 */
export function parseAccessTokenAnswer(answer: unknown): WechatIdentity {
  const body = (answer ?? {}) as Record<string, unknown>;
  if (typeof body.errcode === 'number' && body.errcode !== 0) {
    if (body.errcode === 40029 || body.errcode === 40163) throw badRequest('微信授权已失效，请重新扫码');
    throw new Error(`WeChat access_token refused: ${body.errcode} ${String(body.errmsg ?? '')}`);
  }
  if (typeof body.openid !== 'string' || body.openid === '') {
    throw new Error('WeChat access_token answered without openid');
  }
  return { openid: body.openid, unionid: typeof body.unionid === 'string' ? body.unionid : null };
}

/**
 * The local stand-in: it is not WeChat and says so (its label and the QR page). Its QR page lets a
 * developer "scan" as an identity of their choice, which comes back as the code.
 */
export class LocalWechatLogin implements WechatLogin {
  readonly name = 'local' as const;

  constructor(private readonly publicUrl: string) {}

  qrUrl(state: string): string {
    return `${this.publicUrl}/login?wechatLocalState=${encodeURIComponent(state)}`;
  }

  async exchange(code: string): Promise<WechatIdentity> {
    return { openid: `local-${code}`, unionid: null };
  }
}

/** The authority's check that a name and an identity number, or an enterprise and a credit code, belong together. */
export interface IdentityChecker {
  readonly name: IdentityCheck['provider'];
  checkPerson(name: string, idNumber: string): Promise<{ matched: boolean; message: string }>;
  checkEnterprise(enterpriseName: string, creditCode: string): Promise<{ matched: boolean; message: string }>;
}

/**
 * The local checker asks no authority: a number that passed its check character is answered as
 * matched, and the answer says that only the number's form was checked.
 */
export class LocalIdentityChecker implements IdentityChecker {
  readonly name = 'local' as const;

  async checkPerson() {
    return { matched: true, message: `身份证号码校验通过；${IDENTITY_CHECK_PROVIDER_LABELS.local}` };
  }

  async checkEnterprise() {
    return { matched: true, message: `统一社会信用代码校验通过；${IDENTITY_CHECK_PROVIDER_LABELS.local}` };
  }
}
