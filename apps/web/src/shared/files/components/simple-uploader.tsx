import { DEFAULT_UPLOAD_COUNT } from '@ks/contract/constants';
import {
  checkSimpleUpload,
  SIMPLE_UPLOAD_EXTENSIONS,
  UPLOAD_MESSAGES,
  type UploadedFile,
} from '@ks/contract/files';
import { App, Button, List, Space, Typography, Upload } from 'antd';
import { useCallback, useRef } from 'react';
import { useFilePreview } from '../../../shared/files/use-file-preview.tsx';
import { UploadingList } from './uploading-list.tsx';
import { useUploads } from './use-uploads.ts';

/**
 * The simple uploader: images or PDF only, at most 3 files
 * by default, with the hint that at least one attachment is required. Read-only viewers (e.g. an
 * administrator on a change record) get previews instead of the uploader.
 */
export function SimpleUploader({
  value,
  onChange,
  gnCoding,
  systemCoding,
  maxCount = DEFAULT_UPLOAD_COUNT,
  readOnly = false,
}: {
  value: UploadedFile[];
  onChange: (files: UploadedFile[]) => void;
  gnCoding: string;
  systemCoding: string;
  maxCount?: number;
  readOnly?: boolean;
}) {
  const { message } = App.useApp();
  const visible = value.filter((f) => f.fileOperationType !== 'del');
  // Uploads started together finish one by one: each adds to the list as it is by then, not to
  // the list of the render that started it (which would drop the files finished in between).
  const latest = useRef(value);
  latest.current = value;
  const onUploaded = useCallback(
    (file: UploadedFile) => {
      const next = [...latest.current, { ...file, fileOperationType: 'add' as const }];
      latest.current = next;
      onChange(next);
    },
    [onChange],
  );
  const uploads = useUploads(onUploaded);
  const { preview, viewImages, element } = useFilePreview();

  const beforeUpload = (file: File) => {
    const problem = checkSimpleUpload(file.name);
    if (problem) message.warning(problem);
    else if (visible.length + uploads.pendingCount() >= maxCount)
      message.warning(UPLOAD_MESSAGES.count(maxCount));
    else void uploads.start(file, { gnCoding, systemCoding });
    // Uploads go through our client (Bearer, messages, chunks), never antd's own request.
    return Upload.LIST_IGNORE;
  };

  const remove = (file: UploadedFile) =>
    onChange(value.map((f) => (f.fileId === file.fileId ? { ...f, fileOperationType: 'del' as const } : f)));

  return (
    <div>
      {!readOnly && (
        <Space direction="vertical" size={4}>
          <Upload
            accept={SIMPLE_UPLOAD_EXTENSIONS.map((e) => `.${e}`).join(',')}
            beforeUpload={beforeUpload}
            showUploadList={false}
            multiple
          >
            <Button disabled={visible.length >= maxCount}>上传附件</Button>
          </Upload>
          <Typography.Text type="secondary">
            {UPLOAD_MESSAGES.simpleHint}；支持 {SIMPLE_UPLOAD_EXTENSIONS.join('、')} 格式，最多{maxCount}个
          </Typography.Text>
        </Space>
      )}
      <UploadingList items={uploads.items} onCancel={uploads.cancel} />
      <List
        size="small"
        dataSource={visible}
        locale={{ emptyText: readOnly ? '暂无附件' : ' ' }}
        renderItem={(file) => (
          <List.Item
            actions={[
              <Button key="view" type="link" size="small" onClick={() => void preview(file)}>
                预览
              </Button>,
              ...(readOnly
                ? []
                : [
                    <Button key="del" type="link" size="small" danger onClick={() => remove(file)}>
                      删除
                    </Button>,
                  ]),
            ]}
          >
            {file.fileName}
          </List.Item>
        )}
      />
      {visible.length > 0 && (
        <Button size="small" onClick={() => void viewImages(visible)}>
          查看图片
        </Button>
      )}
      {element}
    </div>
  );
}
