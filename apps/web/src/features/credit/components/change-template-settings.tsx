import {
  CHANGE_TEMPLATE_FORMATS,
  CHANGE_TEMPLATE_MAX_BYTES,
  CHANGE_TEMPLATE_MESSAGES,
} from '@ks/contract/record-changes';
import { Button, Descriptions, Popconfirm, Skeleton, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { getFeedback } from '@/lib/feedback.ts';
import { formatTime } from '@/lib/format-time.ts';
import {
  downloadChangeTemplate,
  useChangeTemplate,
  useResetChangeTemplate,
  useUploadChangeTemplate,
} from '../api/credit-api.ts';

const ACCEPT = CHANGE_TEMPLATE_FORMATS.map((format) => `.${format}`).join(',');
const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 100) / 100} MB`;

/** The browser's first check of a chosen file; the server checks name, size and content again. */
export function templateFileProblem(file: { name: string; size: number }): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(CHANGE_TEMPLATE_FORMATS as readonly string[]).includes(extension))
    return CHANGE_TEMPLATE_MESSAGES.format;
  if (file.size > CHANGE_TEMPLATE_MAX_BYTES) return CHANGE_TEMPLATE_MESSAGES.size;
  return null;
}

/**
 * 变更说明模板 (administrators, decision 0054): the document requesters download in the change
 * dialog. An uploaded .docx replaces the generated one until an administrator goes back to it.
 */
export function ChangeTemplateSettings() {
  const { data, isPending } = useChangeTemplate();
  const upload = useUploadChangeTemplate();
  const reset = useResetChangeTemplate();
  const [downloading, setDownloading] = useState(false);
  if (isPending) return <Skeleton active />;
  if (!data) return null;
  const uploaded = data.source === 'uploaded';
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%', maxWidth: 640 }}>
      <Typography.Paragraph type="secondary">
        申请人在信息变更对话框中下载的《变更说明》。可上传本地区的 Word 模板（.docx，不超过 5
        MB），上传后替换当前模板；恢复后重新使用系统生成的模板。
      </Typography.Paragraph>
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label="当前模板">
          {uploaded ? `管理员上传：${data.fileName}` : '系统生成'}
        </Descriptions.Item>
        {uploaded && data.size !== null ? (
          <Descriptions.Item label="文件大小">{megabytes(data.size)}</Descriptions.Item>
        ) : null}
        <Descriptions.Item label="版本">
          {data.templateVersion > 0 ? `第${data.templateVersion}版` : '初始'}
        </Descriptions.Item>
        {data.updatedAt ? (
          <Descriptions.Item label="最近修改">
            {formatTime(data.updatedAt)} {data.updatedBy}
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      <Space wrap>
        <Upload
          accept={ACCEPT}
          showUploadList={false}
          beforeUpload={(file) => {
            const problem = templateFileProblem(file);
            if (problem) getFeedback().warnMessage(problem);
            else upload.mutate(file, { onSuccess: () => getFeedback().successMessage('上传成功') });
            // The mutation sends the file; antd's own request never runs.
            return false;
          }}
        >
          <Button type="primary" loading={upload.isPending}>
            上传模板
          </Button>
        </Upload>
        <Button
          loading={downloading}
          onClick={async () => {
            setDownloading(true);
            try {
              await downloadChangeTemplate();
            } finally {
              setDownloading(false);
            }
          }}
        >
          下载当前模板
        </Button>
        {uploaded ? (
          <Popconfirm
            title="恢复使用系统生成的模板？"
            onConfirm={() => reset.mutateAsync().then(() => getFeedback().successMessage('操作成功'))}
          >
            <Button danger loading={reset.isPending}>
              恢复系统模板
            </Button>
          </Popconfirm>
        ) : null}
      </Space>
    </Space>
  );
}
