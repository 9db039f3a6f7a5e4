import { EMPTY_STATE_LABELS, EMPTY_TEXT, type EmptyStateCode } from '@ks/contract/files';
import { Empty } from 'antd';

/** The generic empty message: '暂无数据' unless the caller says otherwise. */
export function EmptyMessage({ text = EMPTY_TEXT }: { text?: string }) {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} />;
}

/**
 * The not-started / no-data placeholder: state -1 = the process has not started,
 * -2 = no data or not submitted; both prefixed with the current area's title.
 */
export function EmptyState({
  state,
  area,
}: {
  state: EmptyStateCode | -1 | -2;
  area: { id: string; title: string };
}) {
  const text = EMPTY_STATE_LABELS[String(state) as EmptyStateCode];
  return (
    <div data-area-id={area.id}>
      <Empty description={`${area.title}${text}`} />
    </div>
  );
}
