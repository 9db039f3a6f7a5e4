import type { LoginResult } from '@ks/contract/session';
import { Alert, Button, Form, Input, QRCode, Space, Spin, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useSessionStore } from '@/lib/session-store.ts';
import {
  bindWechat,
  getScanStatus,
  getWechatQrCode,
  localScan,
  type WechatQrCode,
  type WechatScanStatus,
} from '../api/wechat-login.ts';
import { LoginCodeField } from './login-code-field.tsx';
import { MethodPrompt } from './method-prompt.tsx';
import { PhoneInput } from './phone-input.tsx';
import { reportLoginError } from './report-login-error.ts';

type Props = {
  onLogin: (result: LoginResult) => Promise<void>;
  /** The attempt WeChat's callback came back with (?wechatState=), and what went wrong (?wechatError=). */
  resumeState?: string | null;
  callbackError?: string | null;
  pollMs?: number;
  /** Binds a first scan by a password login instead (the login box switches to the password form). */
  onBindByPassword?: (state: string) => void;
};

/**
 * 微信扫码登录 (decision 0079): shows the QR code (WeChat's own page, or the local stand-in's),
 * polls scan-status, binds a first scan to the account whose phone the SMS code proves, and enters
 * the session once signed in.
 */
export function WechatLoginPanel({
  onLogin,
  resumeState,
  callbackError,
  pollMs = 2000,
  onBindByPassword,
}: Props) {
  const [qr, setQr] = useState<WechatQrCode | null>(null);
  const [state, setState] = useState<string | null>(resumeState ?? null);
  const [scan, setScan] = useState<WechatScanStatus | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);

  const refresh = useCallback(async () => {
    setScan(null);
    setLoadFailed(false);
    try {
      const next = await getWechatQrCode();
      setQr(next);
      setState(next.state);
    } catch {
      setLoadFailed(true);
    }
  }, []);

  useEffect(() => {
    if (!resumeState) void refresh();
  }, [resumeState, refresh]);

  const status = scan?.status ?? 'waiting';
  useEffect(() => {
    if (!state || status !== 'waiting') return;
    let stopped = false;
    const timer = setInterval(async () => {
      try {
        const answer = await getScanStatus(state);
        if (stopped) return;
        setScan(answer);
        if (answer.status === 'signedIn' && answer.login) {
          stopped = true;
          await onLogin(answer.login);
        }
      } catch (error) {
        // A refused poll (a disabled account) is told like any login failure; the poll stops.
        stopped = true;
        clearInterval(timer);
        const message = error instanceof Error ? error.message : '';
        if (message) useSessionStore.getState().setLoginPrompt(message);
        setScan({ status: 'expired', message: '二维码已失效，请刷新', login: null });
      }
    }, pollMs);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [state, status, pollMs, onLogin]);

  return (
    <section className="ks-wechat-login" aria-label="微信扫码登录">
      <MethodPrompt />
      {callbackError ? <Alert type="error" showIcon title={callbackError} /> : null}
      {loadFailed ? (
        <Alert
          type="error"
          showIcon
          title="二维码获取失败"
          action={<Button onClick={() => void refresh()}>重试</Button>}
        />
      ) : null}
      {status === 'unbound' && state ? (
        <>
          <BindForm state={state} onLogin={onLogin} />
          {onBindByPassword ? (
            <Button type="link" block onClick={() => onBindByPassword(state)}>
              使用账号密码登录后绑定
            </Button>
          ) : null}
        </>
      ) : status === 'expired' ? (
        <Space orientation="vertical" align="center" style={{ width: '100%' }}>
          <Typography.Text type="secondary">{scan?.message ?? '二维码已失效，请刷新'}</Typography.Text>
          <Button onClick={() => void refresh()}>刷新二维码</Button>
        </Space>
      ) : qr ? (
        <QrView qr={qr} />
      ) : state ? (
        <Typography.Paragraph>已扫码，正在确认……</Typography.Paragraph>
      ) : loadFailed ? null : (
        <Spin />
      )}
    </section>
  );
}

function QrView({ qr }: { qr: WechatQrCode }) {
  return (
    <Space orientation="vertical" align="center" style={{ width: '100%' }}>
      {qr.provider === 'local' ? (
        <>
          <Alert type="warning" showIcon title={qr.providerLabel} />
          <QRCode value={qr.qrUrl} aria-label="登录二维码" />
          <Typography.Link href={qr.qrUrl} target="_blank" rel="noopener">
            打开本地模拟扫码页
          </Typography.Link>
        </>
      ) : (
        <>
          <Typography.Text>请前往微信开放平台页面扫码，扫码后将自动返回</Typography.Text>
          <Button type="primary" href={qr.qrUrl}>
            打开微信扫码页
          </Button>
        </>
      )}
      <Typography.Text type="secondary">请使用微信扫描二维码</Typography.Text>
    </Space>
  );
}

type BindValues = { phone: string; smsCode: string };

/** The first scan of an identity: the account's phone and its login code bind it. */
function BindForm({ state, onLogin }: { state: string; onLogin: (result: LoginResult) => Promise<void> }) {
  const [form] = Form.useForm<BindValues>();
  const [isPending, setPending] = useState(false);
  const onFinish = async (values: BindValues) => {
    useSessionStore.getState().setLoginPrompt(null);
    setPending(true);
    try {
      await onLogin(await bindWechat({ state, phone: values.phone.trim(), smsCode: values.smsCode.trim() }));
    } catch (error) {
      setPending(false);
      reportLoginError(form, error);
    }
  };
  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={onFinish} aria-label="绑定微信">
      <Alert type="info" showIcon title="该微信尚未绑定账号，请验证账号绑定的手机号后绑定" />
      <PhoneInput />
      <LoginCodeField />
      <Button type="primary" htmlType="submit" block loading={isPending}>
        绑定并登录
      </Button>
    </Form>
  );
}

type ScanValues = { identity: string };

/**
 * The local provider's scan page (what its QR code opens): not WeChat, and it says so. A developer
 * picks the identity that "scans"; the page that shows the QR code then goes on by itself.
 */
export function LocalScanPanel({ state }: { state: string }) {
  const [form] = Form.useForm<ScanValues>();
  const [done, setDone] = useState(false);
  const [isPending, setPending] = useState(false);
  const onFinish = async (values: ScanValues) => {
    setPending(true);
    try {
      await localScan({ state, identity: values.identity.trim() });
      setDone(true);
    } catch (error) {
      reportLoginError(form, error);
    } finally {
      setPending(false);
    }
  };
  if (done) return <Alert type="success" showIcon title="已扫码，请回到显示二维码的页面继续" />;
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={onFinish}
      aria-label="本地模拟扫码"
      initialValues={{ identity: 'dev1' }}
    >
      <MethodPrompt />
      <Alert type="warning" showIcon title="本地模拟扫码（非真实微信，仅供开发测试）" />
      <Form.Item
        label="模拟微信身份"
        name="identity"
        rules={[
          { required: true, whitespace: true, message: '请输入模拟身份' },
          { pattern: /^[A-Za-z0-9_-]{2,40}$/, message: '模拟身份须为2到40位字母、数字、下划线或短横线' },
        ]}
      >
        <Input maxLength={40} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={isPending}>
        确认扫码
      </Button>
    </Form>
  );
}
