import { Button, Result } from 'antd';
import { useNavigate, useRouteError } from 'react-router';
import { ChunkLoadError } from '@/lib/chunk-load.ts';
import { reloadPage } from '@/lib/navigation.ts';

/** Error boundary of a page region: a crashed page must not take the whole shell with it. */
export function RouteError() {
  const navigate = useNavigate();
  const error = useRouteError();
  if (error instanceof ChunkLoadError) {
    return (
      <Result
        status="warning"
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
    <Result
      status="error"
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
