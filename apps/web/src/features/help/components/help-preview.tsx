import type { HelpGroup } from '@ks/contract/help';
import { Card, Empty, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useHelpFile } from '../api/get-help-file.ts';

/** An object URL for a blob, revoked when the blob changes or the view goes. */
function useObjectUrl(blob: Blob | undefined) {
  const [url, setUrl] = useState('');
  useEffect(() => {
    if (!blob) return;
    const created = URL.createObjectURL(blob);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [blob]);
  return url;
}

function FilePreview({ node }: { node: HelpGroup }) {
  const { data, isError } = useHelpFile(node.filePath);
  const url = useObjectUrl(data);
  if (isError) return <Empty description="文件加载失败" />;
  if (!url) return <Skeleton active />;
  if (node.fileType === 'video') {
    return (
      // biome-ignore lint/a11y/useMediaCaption: help videos are uploaded without caption tracks
      <video
        className="ks-help-video"
        src={url}
        controls
        controlsList="nodownload"
        title={`帮助视频：${node.fileName}`}
      />
    );
  }
  return <iframe className="ks-help-pdf" src={url} title={`帮助文档：${node.fileName}`} />;
}

/** The right side of the help panel: PDF frame, video player, Q&A cards, or 暂无数据. */
export function HelpPreview({ node }: { node: HelpGroup | null }) {
  if (!node) return <Empty description="暂无数据" />;
  if (node.nodeType === 'file') return <FilePreview key={node.id} node={node} />;
  if (node.qaList.length === 0) return <Empty description="暂无数据" />;
  return (
    <div className="ks-help-qa">
      {node.qaList.map((qa) => (
        <Card key={`${node.id}-${qa.question}`} size="small" title={`问：${qa.question}`}>
          答：{qa.answer}
        </Card>
      ))}
    </div>
  );
}
