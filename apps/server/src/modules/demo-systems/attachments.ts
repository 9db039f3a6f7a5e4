import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { type NodeRef, UPLOAD_MESSAGES } from '@ks/contract';
import type { Db } from '../../db/client.ts';
import { DEMO_ASSETS_DIR } from '../../paths.ts';
import type { SessionUser } from '../../platform/access.ts';
import type { FileService } from '../../platform/file-store.ts';
import { AnnexSlotService } from '../files/annex-slot-service.ts';
import { AttachmentService } from '../files/attachment-service.ts';
import type { DemoAttachment } from './types.ts';

/**
 * Attaches demo assets to a sample record as its owner does on the record page: each file is
 * uploaded into its slot (the slot's formats and size limit checked, as /upload/annex does) and
 * the marks are saved in one go, which checks counts and required slots.
 */
export async function attachDemoFiles(
  db: Db,
  files: FileService,
  owner: SessionUser,
  record: NodeRef & { id: string },
  attachments: readonly DemoAttachment[],
  ip: string,
) {
  const slots = new AnnexSlotService(db);
  const fileList = [];
  for (const attachment of attachments) {
    const slot = await slots.getSlot(record.gnCoding, attachment.annexNo);
    const limitBytes = slot.annexSize * 1024 * 1024;
    const stored = await files.storeChecked({
      body: createReadStream(join(DEMO_ASSETS_DIR, attachment.asset)),
      fileName: attachment.fileName,
      owner,
      formats: slot.annexFormat,
      formatMessage: UPLOAD_MESSAGES.format(slot.annexFormat),
      visibility: 'owner',
      isTruncated: () => false,
      limitBytes,
      maxBytes: limitBytes,
      maxMessage: UPLOAD_MESSAGES.size(slot.annexSize),
      log: { action: '上传附件', targetName: (file) => `${slot.annexName}/${file.fileName}`, ip },
    });
    fileList.push({ fileId: stored.id, fileNo: slot.annexNo, fileOperationType: 'add' as const });
  }
  await new AttachmentService(db, slots).saveChanges(owner, { ...record, fileList }, ip);
}
