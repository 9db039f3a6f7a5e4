import type { SectionFile } from '@ks/contract/trading';
import { Button, List, Upload } from 'antd';
import { useState } from 'react';
import { getFeedback } from '@/lib/feedback.ts';
import { uploadFile } from '@/shared/files/api/upload-file.ts';
import { downloadFile } from '@/shared/files/get-file-blob.ts';
import { uploadErrorMessage } from '@/shared/files/upload-error.ts';
import { useSectionFiles, useSetSectionFiles } from '../api/trading-api.ts';

/** Where the five-in-one uploads go (the shell's 五位一体 node). */
const TARGET = { gnCoding: 'JYGL_WWYT', systemCoding: 'JYGL' };

/**
 * A section's attachments. `editable` is the server's `edit` button for the project: then files
 * are uploaded through the platform's upload and the section's list is saved
 * (/ks/xmrc/v1/bd/attachments); otherwise they are only listed.
 */
export function SectionFiles({ sectionId, editable }: { sectionId: string; editable: boolean }) {
  const files = useSectionFiles(sectionId);
  const setFiles = useSetSectionFiles();
  const [uploading, setUploading] = useState(false);
  const current = files.data ?? [];

  const saveList = (fileIds: string[]) => setFiles.mutateAsync({ sectionId, fileIds });

  const add = async (file: File) => {
    setUploading(true);
    try {
      const uploaded = await uploadFile(file, TARGET);
      // A refused save is told by the HTTP client's dialog.
      await saveList([...current.map((item) => item.id), uploaded.fileId]).catch(() => undefined);
    } catch (error) {
      getFeedback().showDialog('warning', uploadErrorMessage(error));
    } finally {
      setUploading(false);
    }
  };

  return (
    <List<SectionFile>
      size="small"
      header={
        editable && (
          <Upload
            showUploadList={false}
            accept=".pdf,.jpg,.jpeg,.png"
            beforeUpload={(file) => {
              void add(file);
              return false;
            }}
          >
            <Button loading={uploading}>上传附件</Button>
          </Upload>
        )
      }
      loading={files.isLoading}
      dataSource={current}
      locale={{ emptyText: '暂无附件' }}
      renderItem={(file) => (
        <List.Item
          actions={[
            <Button key="download" type="link" onClick={() => void downloadFile(file.url, file.fileName)}>
              下载
            </Button>,
            ...(editable
              ? [
                  <Button
                    key="remove"
                    type="link"
                    danger
                    onClick={() =>
                      void saveList(
                        current.filter((item) => item.id !== file.id).map((item) => item.id),
                      ).catch(() => undefined)
                    }
                  >
                    删除
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
