import { LOGIN_VARIANT_LABELS } from '@ks/contract/platform';
import { Button, Card, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { LOGIN_PATH } from '@/lib/constants.ts';
import { useDeployConfig } from '@/shared/api/get-deploy-config.ts';

/**
 * 业务办理 (/admin-business, public, decision 0079): the business-handling entry. The login box
 * itself is the deployment's variant at /login (LOGIN_VARIANT); this page says which one it is and
 * leads there and to the identity checks.
 */
export function AdminBusinessPage() {
  const deployConfig = useDeployConfig();
  const variant = deployConfig.data?.loginVariant;
  return (
    <div className="ks-page ks-public-page">
      <Card className="ks-public-card" title={<h1 className="ks-page-title">业务办理</h1>}>
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Paragraph>
            办理业务请先登录；首次办理的企业或个人可先完成身份认证。
          </Typography.Paragraph>
          {variant ? (
            <Typography.Paragraph type="secondary">
              本平台登录方式：{LOGIN_VARIANT_LABELS[variant]}
            </Typography.Paragraph>
          ) : null}
          <Link to={LOGIN_PATH}>
            <Button type="primary" block>
              登录办理业务
            </Button>
          </Link>
          <Link to="/auth">
            <Button block>身份认证</Button>
          </Link>
        </Space>
      </Card>
    </div>
  );
}
