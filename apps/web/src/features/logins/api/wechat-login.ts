import type { LoginResult } from '@ks/contract/session';
import { http } from '@/lib/http.ts';

export type WechatQrCode = {
  state: string;
  qrUrl: string;
  provider: 'local' | 'wechat';
  providerLabel: string;
  expiresAt: string;
};

export type WechatScanStatus = {
  status: 'waiting' | 'unbound' | 'signedIn' | 'expired';
  message: string;
  login: LoginResult | null;
};

/** GET /ks/common/wechat/qr-code: a new QR login attempt. */
export const getWechatQrCode = () => http.get<WechatQrCode>('/ks/common/wechat/qr-code', { isToken: false });

/** POST /ks/common/wechat/scan-status: what the poll learns (polled quietly; a refusal ends the poll). */
export const getScanStatus = (state: string) =>
  http.post<WechatScanStatus>('/ks/common/wechat/scan-status', { state }, { isToken: false, quiet: true });

/** POST /ks/common/wechat/local-scan: the local provider's "scan" as a chosen identity. */
export const localScan = (body: { state: string; identity: string }) =>
  http.post<null>('/ks/common/wechat/local-scan', body, { isToken: false, quietCodes: [400] });

/** POST /ks/common/wechat/bind: the first scan binds the identity to the account the SMS code proves. */
export const bindWechat = (body: { state: string; phone: string; smsCode: string }) =>
  http.post<LoginResult>('/ks/common/wechat/bind', body, { isToken: false, quietCodes: [400] });

/**
 * POST /ks/common/wechat/bind-session: after a password login, binds the attempt's identity to the
 * new session's account. Quiet: the login has succeeded and the page moves on either way.
 */
export const bindWechatSession = (state: string) =>
  http.post<null>('/ks/common/wechat/bind-session', { state }, { quiet: true });
