import { Spin } from 'antd';

export function PageLoading() {
  return (
    <div className="ks-page-loading">
      <Spin size="large" aria-label="加载中" />
    </div>
  );
}
