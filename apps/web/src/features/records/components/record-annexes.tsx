import { type AnnexWithFiles, findMissingRequired, UPLOAD_MESSAGES } from '@ks/contract/files';
import { useQueryClient } from '@tanstack/react-query';
import { Card } from 'antd';
import { useEffect, useState } from 'react';
import { useAnnexes } from '@/shared/files/api/get-annexes.ts';
import { saveAttachments } from '@/shared/files/api/save-attachments.ts';
import { AnnexUploader } from '@/shared/files/components/annex-uploader.tsx';
import { attachmentChanges, filesOfAnnexes } from '@/shared/files/lib/attachment-changes.ts';
import type { NodeRef } from '../api/types.ts';

/** fj-list answers the slots without files for an id no record has: a new record's form. */
const NEW_RECORD_ID = 'new';

/**
 * The record's files in its node's annex slots (detail-list uploader): what the
 * uploader changed is kept here until the record page saves, then applied to the saved record.
 */
export function useRecordAnnexes(node: NodeRef, recordId: string | null) {
  const queryClient = useQueryClient();
  const query = useAnnexes({ ...node, id: recordId ?? NEW_RECORD_ID });
  const [annexes, setAnnexes] = useState<AnnexWithFiles[]>([]);
  useEffect(() => {
    if (query.data) setAnnexes(query.data);
  }, [query.data]);
  const changes = () => attachmentChanges(filesOfAnnexes(annexes));
  return {
    annexes,
    setAnnexes,
    isLoading: query.isPending,
    /** The warning naming the required slots without a file, or null. */
    missingMessage: () => {
      const missing = findMissingRequired(annexes);
      return missing.length > 0 ? UPLOAD_MESSAGES.required(missing) : null;
    },
    hasChanges: () => changes().length > 0,
    /** Applies the marks to the saved record; nothing is sent when nothing changed. */
    saveTo: async (id: string) => {
      const fileList = changes();
      if (fileList.length === 0) return;
      await saveAttachments({ ...node, id, fileList });
      await queryClient.invalidateQueries({ queryKey: ['files'] });
    },
  };
}

export type RecordAnnexes = ReturnType<typeof useRecordAnnexes>;

/** The 附件 card of a record page; absent for a node without annex slots. */
export function RecordAnnexesCard({
  node,
  annexes,
  readOnly,
}: {
  node: NodeRef;
  annexes: RecordAnnexes;
  readOnly: boolean;
}) {
  if (annexes.isLoading || annexes.annexes.length === 0) return null;
  return (
    <Card size="small" title="附件" style={{ marginTop: 16 }} className="ks-record-annexes">
      <AnnexUploader
        annexes={annexes.annexes}
        onChange={annexes.setAnnexes}
        gnCoding={node.gnCoding}
        systemCoding={node.systemCoding}
        readOnly={readOnly}
      />
    </Card>
  );
}
