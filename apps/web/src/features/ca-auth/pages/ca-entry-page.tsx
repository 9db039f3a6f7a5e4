import { Card, Space, Typography } from 'antd';
import { PageLink } from '@/shared/navigation/page-navigation.tsx';

/** /caLogin: what CA login is, and the two ways on (sign in, or bind a certificate first). */
export function CaEntryPage() {
  return (
    <Card style={{ maxWidth: 560, margin: '40px auto' }}>
      <Typography.Title level={3}>CA登录</Typography.Title>
      <Typography.Paragraph>
        使用数字证书（CA证书）登录：系统会生成一次性登录挑战，由您的证书私钥签名后提交，服务器验证证书与签名后完成登录。
        支持 RSA 与国密 SM2 证书。首次使用前，请先用账号密码登录并绑定证书。
      </Typography.Paragraph>
      <Space size="large">
        <PageLink to="/caLoginPage">证书登录</PageLink>
        <PageLink to="/caRegister">证书注册（绑定证书）</PageLink>
        <PageLink to="/login">账号密码登录</PageLink>
      </Space>
    </Card>
  );
}
