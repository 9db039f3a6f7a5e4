import { App, Card, Typography } from 'antd';
import { PageLink, usePageNavigation } from '@/shared/navigation/page-navigation.tsx';
import { caLogin } from '../api/ca-auth-api.ts';
import { CertificateForm } from '../components/certificate-form.tsx';

/** /caLoginPage: sign in with a bound certificate and its private key. */
export function CaLoginPage() {
  const { go } = usePageNavigation();
  const { modal } = App.useApp();
  return (
    <Card style={{ maxWidth: 560, margin: '40px auto' }}>
      <Typography.Title level={3}>CA证书登录</Typography.Title>
      <CertificateForm
        submitText="证书登录"
        onSigned={async (signer) => {
          const { target, warning } = await caLogin(signer);
          if (warning) modal.warning({ title: '证书即将到期', content: warning });
          go(target);
        }}
      />
      <Typography.Paragraph style={{ marginTop: 16 }}>
        证书尚未绑定账号？<PageLink to="/caRegister">去绑定证书</PageLink>
      </Typography.Paragraph>
    </Card>
  );
}
