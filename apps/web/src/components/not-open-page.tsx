import { Result } from 'antd';

/** Honest placeholder for a registered page whose feature has not shipped yet. */
export function NotOpenPage({ title }: { title?: string }) {
  return (
    <Result
      className="ks-not-open"
      status="info"
      title={title ? <h1 className="ks-page-title">{title}</h1> : undefined}
      subTitle="此页面尚未开放"
    />
  );
}
