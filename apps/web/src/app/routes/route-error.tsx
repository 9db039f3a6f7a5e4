import { CloseCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import { Button, theme } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate, useRouteError } from 'react-router';
import { ChunkLoadError } from '@/lib/chunk-load.ts';
import { reloadPage } from '@/lib/navigation.ts';

/**
 * Laid out like antd's Result (app/styles.css). Result itself carries its 403/404/500
 * illustrations: about 10 KB gzip that every first page, /login included, loaded for this
 * boundary (bench/results/login-bundle.md). Plain markup also needs no chunk of its own, so it
 * still shows when the network is what failed.
 */
function ErrorResult({
  icon,
  title,
  subTitle,
  extra,
}: {
  icon: ReactNode;
  title: string;
  subTitle: string;
  extra: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <div className="ks-route-error">
      <div className="ks-route-error-icon">{icon}</div>
      <div className="ks-route-error-title" style={{ color: token.colorTextHeading }}>
        {title}
      </div>
      <div className="ks-route-error-subtitle" style={{ color: token.colorTextDescription }}>
        {subTitle}
      </div>
      <div className="ks-route-error-extra">{extra}</div>
    </div>
  );
}

/** Error boundary of a page region: a crashed page must not take the whole shell with it. */
export function RouteError() {
  const navigate = useNavigate();
  const error = useRouteError();
  const { token } = theme.useToken();
  if (error instanceof ChunkLoadError) {
    return (
      <ErrorResult
        icon={<ExclamationCircleFilled style={{ color: token.colorWarning }} />}
        title={error.message}
        subTitle="网络不稳定，页面资源未能加载，请刷新页面重试"
        extra={
          <Button type="primary" onClick={reloadPage}>
            刷新页面
          </Button>
        }
      />
    );
  }
  return (
    <ErrorResult
      icon={<CloseCircleFilled style={{ color: token.colorError }} />}
      title="页面出错了"
      subTitle="请刷新页面重试，如仍有问题请联系管理员"
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          返回首页
        </Button>
      }
    />
  );
}
