import { type AnnexWithFiles, checkUploadRule, UPLOAD_MESSAGES, type UploadedFile } from '@ks/contract/files';
import { App, Button, Space, Table, Tag, Typography, Upload } from 'antd';
import { useCallback, useRef } from 'react';
import { useFilePreview } from '../../../shared/files/use-file-preview.tsx';
import { UploadingList } from './uploading-list.tsx';
import { useUploads } from './use-uploads.ts';

/**
 * The slot-based detail-list uploader: one row per annex
 * slot with its formats, size limit and required flag. A chosen file is checked (name ≤ 64, format,
 * size), uploaded and marked `add`; deleting marks `del` and hides it; the marks are applied when
 * the record is saved.
 */
export function AnnexUploader({
  annexes,
  onChange,
  gnCoding,
  systemCoding,
  dxCode,
  readOnly = false,
}: {
  annexes: AnnexWithFiles[];
  onChange: (annexes: AnnexWithFiles[]) => void;
  gnCoding: string;
  systemCoding: string;
  dxCode?: string;
  readOnly?: boolean;
}) {
  const { message } = App.useApp();
  // Uploads in several slots finish one by one: each adds to the slots as they are by then.
  const latest = useRef(annexes);
  latest.current = annexes;
  const onUploaded = useCallback(
    (file: UploadedFile, fileNo: string) => {
      const next = latest.current.map((a) =>
        a.annexNo === fileNo
          ? {
              ...a,
              fileList: [
                ...a.fileList,
                { ...file, annexNo: a.annexNo, annexName: a.annexName, fileOperationType: 'add' as const },
              ],
            }
          : a,
      );
      latest.current = next;
      onChange(next);
    },
    [onChange],
  );
  const uploads = useUploads(onUploaded);
  const { preview, element } = useFilePreview({ withBmp: true });

  const live = (annex: AnnexWithFiles) => annex.fileList.filter((f) => f.fileOperationType !== 'del');

  const beforeUpload = (annex: AnnexWithFiles) => (file: File) => {
    const problem = checkUploadRule(file, { formats: annex.annexFormat, maxMb: annex.annexSize });
    const pending = uploads.pendingCount(annex.annexNo);
    if (problem) message.warning(problem);
    else if (live(annex).length + pending >= annex.annexCount)
      message.warning(UPLOAD_MESSAGES.count(annex.annexCount));
    else void uploads.start(file, { gnCoding, systemCoding, fileNo: annex.annexNo, dxCode });
    return Upload.LIST_IGNORE;
  };

  const remove = (annex: AnnexWithFiles, file: UploadedFile) =>
    onChange(
      annexes.map((a) =>
        a.annexNo === annex.annexNo
          ? {
              ...a,
              fileList: a.fileList.map((f) =>
                f.fileId === file.fileId ? { ...f, fileOperationType: 'del' as const } : f,
              ),
            }
          : a,
      ),
    );

  return (
    <>
      <Table<AnnexWithFiles>
        rowKey="annexNo"
        pagination={false}
        dataSource={annexes}
        columns={[
          {
            title: '附件名称',
            dataIndex: 'annexName',
            width: 220,
            render: (name: string, annex) => (
              <Space>
                {annex.isRequired && <Typography.Text type="danger">*</Typography.Text>}
                {name}
              </Space>
            ),
          },
          {
            title: '格式 / 大小',
            width: 220,
            render: (_, annex) => (
              <Space direction="vertical" size={0}>
                <span>{annex.annexFormat.join('、')}</span>
                {annex.annexSize > 0 && (
                  <Typography.Text type="secondary">不超过{annex.annexSize}MB</Typography.Text>
                )}
              </Space>
            ),
          },
          {
            title: '文件',
            render: (_, annex) => (
              <Space direction="vertical" size={2}>
                {live(annex).map((file) => (
                  <Space key={file.fileId}>
                    <Button type="link" size="small" onClick={() => void preview(file)}>
                      {file.fileName}
                    </Button>
                    {file.fileOperationType === 'add' && <Tag color="blue">新增</Tag>}
                    {!readOnly && (
                      <Button type="link" size="small" danger onClick={() => remove(annex, file)}>
                        删除
                      </Button>
                    )}
                  </Space>
                ))}
                <UploadingList
                  items={uploads.items.filter((i) => i.fileNo === annex.annexNo)}
                  onCancel={uploads.cancel}
                />
              </Space>
            ),
          },
          ...(readOnly
            ? []
            : [
                {
                  title: '操作',
                  width: 120,
                  render: (_: unknown, annex: AnnexWithFiles) => (
                    <Upload
                      accept={annex.annexFormat.map((f) => `.${f}`).join(',')}
                      beforeUpload={beforeUpload(annex)}
                      showUploadList={false}
                    >
                      <Button size="small" aria-label={`上传${annex.annexName}`}>
                        上传
                      </Button>
                    </Upload>
                  ),
                },
              ]),
        ]}
      />
      {element}
    </>
  );
}
