import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

/** Error boundary of a page region: a crashed page must not take the whole shell with it. */
export function RouteError() {
  const navigate = useNavigate();
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
