import {
  type HelpScopeQuery,
  NO_TEMPLATE_MESSAGE,
  TEMPLATE_SLOT_LABELS,
  type TemplateSlot,
} from '@ks/contract/help';
import { Button } from 'antd';
import { useState } from 'react';
import { getFeedback } from '@/lib/feedback.ts';
import { fileHttp } from '@/lib/http.ts';
import { getExampleTemplate } from '../api/get-example-template.ts';

/** Downloads a node's template (or example); '暂无模板！' when the node has none. */
export function TemplateDownloadButton({
  scope,
  slot = 'template',
}: {
  scope: HelpScopeQuery;
  slot?: TemplateSlot;
}) {
  const [isLoading, setIsLoading] = useState(false);
  const onClick = async () => {
    setIsLoading(true);
    try {
      const found = (await getExampleTemplate(scope))[slot];
      if (!found) {
        getFeedback().warnMessage(NO_TEMPLATE_MESSAGE);
        return;
      }
      const blob = await fileHttp.get(found.filePath);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = found.fileName;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch {
      // The HTTP client has shown what went wrong.
    } finally {
      setIsLoading(false);
    }
  };
  return (
    <Button loading={isLoading} onClick={onClick}>
      下载{TEMPLATE_SLOT_LABELS[slot]}
    </Button>
  );
}
