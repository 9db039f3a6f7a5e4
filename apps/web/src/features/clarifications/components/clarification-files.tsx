import type { ClarificationFile } from '@ks/contract/clarifications';
import { Button, List, Upload } from 'antd';
import { useState } from 'react';
import { getFeedback } from '@/lib/feedback.ts';
import { uploadFile } from '@/shared/files/api/upload-file.ts';
import { downloadFile } from '@/shared/files/get-file-blob.ts';
import { uploadErrorMessage } from '@/shared/files/upload-error.ts';

/** Where clarification uploads go (the trading system's node, as the five-in-one's). */
const TARGET = { gnCoding: 'JYGL_WWYT', systemCoding: 'JYGL' };

/** A file in the draft: one already attached (with its address) or one just uploaded. */
export type DraftFile = { id: string; fileName: string; url: string | null };

/** The attachments of a clarification, for download (its readers) or editing (the drafter's dialog). */
export function ClarificationFiles({
  files,
  onChange,
}: {
  files: readonly (ClarificationFile | DraftFile)[];
  /** Set when editing: uploads are added through the platform's upload, removals are local until saved. */
  onChange?: (files: DraftFile[]) => void;
}) {
  const [uploading, setUploading] = useState(false);
  const add = async (file: File) => {
    if (!onChange) return;
    setUploading(true);
    try {
      const uploaded = await uploadFile(file, TARGET);
      onChange([...files, { id: uploaded.fileId, fileName: file.name, url: null }]);
    } catch (error) {
      getFeedback().showDialog('warning', uploadErrorMessage(error));
    } finally {
      setUploading(false);
    }
  };
  return (
    <List<ClarificationFile | DraftFile>
      size="small"
      header={
        onChange ? (
          <Upload
            showUploadList={false}
            accept=".pdf,.doc,.docx,.xls,.xlsx,.jpg,.jpeg,.png,.zip"
            beforeUpload={(file) => {
              void add(file);
              return false;
            }}
          >
            <Button loading={uploading}>上传附件</Button>
          </Upload>
        ) : undefined
      }
      dataSource={[...files]}
      locale={{ emptyText: '暂无附件' }}
      renderItem={(file) => (
        <List.Item
          actions={[
            ...(file.url
              ? [
                  <Button
                    key="download"
                    type="link"
                    onClick={() => void downloadFile(file.url as string, file.fileName)}
                  >
                    下载
                  </Button>,
                ]
              : []),
            ...(onChange
              ? [
                  <Button
                    key="remove"
                    type="link"
                    danger
                    onClick={() => onChange(files.filter((item) => item.id !== file.id))}
                  >
                    移除
                  </Button>,
                ]
              : []),
          ]}
        >
          {file.fileName}
        </List.Item>
      )}
    />
  );
}
