import { Button, Progress, Space, Typography } from 'antd';
import { phaseLabel, type UploadingItem } from './use-uploads.ts';

/** Files on their way up; large ones with a progress bar and a cancel button. */
export function UploadingList({
  items,
  onCancel,
}: {
  items: UploadingItem[];
  onCancel: (uid: string) => void;
}) {
  if (items.length === 0) return null;
  return (
    <div>
      {items.map((item) => (
        <div key={item.uid} data-testid="uploading-item" style={{ marginTop: 8 }}>
          <Space>
            <Typography.Text>{item.name}</Typography.Text>
            {item.isChunked && (
              <Typography.Text type="secondary">
                {item.isCancelling ? '正在取消…' : phaseLabel(item.phase)}
              </Typography.Text>
            )}
            {item.isChunked && !item.isCancelling && (
              <Button size="small" danger onClick={() => onCancel(item.uid)}>
                取消上传
              </Button>
            )}
          </Space>
          {item.isChunked && (
            <Progress
              percent={item.percent}
              size="small"
              status={item.isCancelling ? 'exception' : 'active'}
            />
          )}
        </div>
      ))}
    </div>
  );
}
