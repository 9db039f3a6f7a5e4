import {
  type AnnexWithFiles,
  findMissingRequired,
  type RecordRef,
  UPLOAD_MESSAGES,
  type UploadedFile,
} from '@ks/contract/files';
import { App, Button, Card, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useSessionStore } from '@/lib/session-store.ts';
import { useAnnexes } from '../../../shared/files/api/get-annexes.ts';
import { useAttachments } from '../../../shared/files/api/get-attachments.ts';
import { useSaveAttachments } from '../../../shared/files/api/save-attachments.ts';
import { AnnexUploader } from '../../../shared/files/components/annex-uploader.tsx';
import { SimpleUploader } from '../../../shared/files/components/simple-uploader.tsx';
import { attachmentChanges, filesOfAnnexes } from '../../../shared/files/lib/attachment-changes.ts';

/** Demo node whose annex slots the server seeds (演示); the records runtime brings real nodes later. */
const DEMO_NODE = { systemCoding: 'demo', gnCoding: 'demo_attachments' };
const SIMPLE_NODE = { systemCoding: 'demo', gnCoding: 'demo_simple' };

/**
 * "我的附件" in the user centre: the user's own demo record with both uploaders, so uploads,
 * chunked uploads, previews and saving can be used before the records runtime exists.
 */
export function MyAttachmentsPage() {
  const userId = useSessionStore((s) => s.userInfo?.id ?? '');
  const ref: RecordRef = { ...DEMO_NODE, id: `user-${userId}` };
  const simpleRef: RecordRef = { ...SIMPLE_NODE, id: `user-${userId}` };
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="large">
      <AnnexCard recordRef={ref} />
      <SimpleCard recordRef={simpleRef} />
    </Space>
  );
}

function AnnexCard({ recordRef }: { recordRef: RecordRef }) {
  const { message } = App.useApp();
  const query = useAnnexes(recordRef);
  const save = useSaveAttachments();
  const [annexes, setAnnexes] = useState<AnnexWithFiles[]>([]);
  useEffect(() => {
    if (query.data) setAnnexes(query.data);
  }, [query.data]);

  const onSave = async () => {
    const missing = findMissingRequired(annexes);
    if (missing.length > 0) {
      message.warning(UPLOAD_MESSAGES.required(missing));
      return;
    }
    await save.mutateAsync({ ...recordRef, fileList: attachmentChanges(filesOfAnnexes(annexes)) });
    message.success('保存成功');
  };

  return (
    <Card
      title="我的附件（演示）"
      extra={
        <Button type="primary" loading={save.isPending} onClick={() => void onSave()}>
          保存
        </Button>
      }
    >
      {query.isPending ? (
        <Spin />
      ) : (
        <AnnexUploader
          annexes={annexes}
          onChange={setAnnexes}
          gnCoding={recordRef.gnCoding}
          systemCoding={recordRef.systemCoding}
        />
      )}
    </Card>
  );
}

function SimpleCard({ recordRef }: { recordRef: RecordRef }) {
  const { message } = App.useApp();
  const query = useAttachments(recordRef);
  const save = useSaveAttachments();
  const [files, setFiles] = useState<UploadedFile[]>([]);
  useEffect(() => {
    if (query.data) setFiles(query.data);
  }, [query.data]);

  const onSave = async () => {
    if (!files.some((f) => f.fileOperationType !== 'del')) {
      message.warning(UPLOAD_MESSAGES.simpleHint);
      return;
    }
    await save.mutateAsync({ ...recordRef, fileList: attachmentChanges(files) });
    message.success('保存成功');
  };

  return (
    <Card
      title="图片或PDF附件（演示）"
      extra={
        <Button type="primary" loading={save.isPending} onClick={() => void onSave()}>
          保存
        </Button>
      }
    >
      {query.isPending ? (
        <Spin />
      ) : (
        <SimpleUploader
          value={files}
          onChange={setFiles}
          gnCoding={recordRef.gnCoding}
          systemCoding={recordRef.systemCoding}
        />
      )}
    </Card>
  );
}
