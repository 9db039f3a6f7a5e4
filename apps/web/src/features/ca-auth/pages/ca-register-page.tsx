import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, List, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { useSessionStore } from '@/lib/session-store.ts';
import { PageLink } from '@/shared/navigation/page-navigation.tsx';
import { caKeys, caRegister, caUnbind, useCaCertificates } from '../api/ca-auth-api.ts';
import { CertificateForm } from '../components/certificate-form.tsx';

/**
 * /caRegister: binds a certificate to an account proven by its password login (the session); a
 * visitor without one is sent to log in and brought back here.
 */
export function CaRegisterPage() {
  const signedIn = useSessionStore((state) => Boolean(state.token && state.userInfo));
  const certificates = useCaCertificates(signedIn);
  const queryClient = useQueryClient();
  const [bound, setBound] = useState<string | null>(null);

  return (
    <Card style={{ maxWidth: 640, margin: '40px auto' }}>
      <Typography.Title level={3}>CA注册</Typography.Title>
      {signedIn ? (
        <>
          <Typography.Paragraph>为当前账号绑定数字证书，绑定后即可使用证书登录。</Typography.Paragraph>
          {bound ? <Alert type="success" showIcon style={{ marginBottom: 16 }} message={bound} /> : null}
          <CertificateForm
            submitText="绑定证书"
            onSigned={async (signer) => {
              const certificate = await caRegister(signer);
              setBound(`证书绑定成功：${certificate.subject}`);
              await queryClient.invalidateQueries({ queryKey: caKeys.certificates });
            }}
          />
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            已绑定的证书
          </Typography.Title>
          <List
            dataSource={certificates.data ?? []}
            loading={certificates.isPending}
            locale={{ emptyText: '暂无绑定的证书' }}
            renderItem={(certificate) => (
              <List.Item
                actions={[
                  <Popconfirm
                    key="unbind"
                    title="确定解绑该证书吗？解绑后不能再用它登录。"
                    okText="解绑"
                    cancelText="取消"
                    onConfirm={async () => {
                      await caUnbind({ id: certificate.id, version: certificate.version });
                      setBound(null);
                      await queryClient.invalidateQueries({ queryKey: caKeys.certificates });
                    }}
                  >
                    <Button type="link" danger>
                      解绑
                    </Button>
                  </Popconfirm>,
                ]}
              >
                <List.Item.Meta
                  title={`${certificate.subject}（${certificate.algorithm}）`}
                  description={`颁发者：${certificate.issuer}；有效期至 ${certificate.notAfter.slice(0, 10)}`}
                />
                {certificate.warning ? <Alert type="warning" showIcon message={certificate.warning} /> : null}
              </List.Item>
            )}
          />
        </>
      ) : (
        <Alert
          type="info"
          showIcon
          message="请先使用账号密码登录，再绑定证书"
          description={
            <PageLink to={`/login?redirect=${encodeURIComponent('/caRegister')}`}>去登录</PageLink>
          }
        />
      )}
    </Card>
  );
}
