import {
  type AnnexWithFiles,
  checkSimpleUpload,
  checkUploadRule,
  DEFAULT_UPLOAD_COUNT,
  EDITABLE_STATUSES,
  RECORD_NOT_EDITABLE_MESSAGE,
  type RecordRef,
  type SaveAttachmentsBody,
  UPLOAD_MESSAGES,
  type UploadedFile,
} from '@ks/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { recordAttachments, storedFiles } from '../../db/schema/files.ts';
import { requireNodeFunction } from '../../engine/node-functions.ts';
import {
  type AttachmentLink,
  attachmentsOwnedBy,
  findRecordFiles,
  readsAnyAttachedRecord,
  recordFilesScope,
} from '../../engine/record-files.ts';
import { loadRecord, recordNotFound, resolveNodeIfAny } from '../../engine/record-store.ts';
import { isOwnerSide, readScope } from '../../engine/row-scope.ts';
import type { SessionUser } from '../../platform/access.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { recordOperation } from '../../platform/operation-log.ts';
import { type AnnexSlotService, DEMO_SYSTEM_CODING, PERSONAL_TARGET_PREFIX } from './annex-slot-service.ts';

/**
 * The attachments of a published node's record change under the record's own rules: the caller
 * may use the node's 保存, reads the record (row scope; else 数据不存在, as if absent), is on its
 * owner side, and it is still editable
 * (draft, rejected or revoked): a submitted record's files are what its reviewers review. The row
 * stays share-locked until the save commits, so a submit waits for it rather than crossing it.
 * Answers the record's node, or null for targets that are not node records (other modules' pages),
 * which keep the uploader's rules alone.
 */
async function requireEditableRecord(db: Db, user: SessionUser, ref: RecordRef) {
  const node = await resolveNodeIfAny(db, ref.systemCoding, ref.gnCoding, user);
  if (!node) {
    requirePersonalTarget(user, ref);
    return null;
  }
  const record = await loadRecord(db, node.tableName, ref.id, [], readScope(user, node), true);
  if (!record) throw recordNotFound();
  if (!isOwnerSide(user, record)) throw forbidden();
  // A record's files are part of it: changing them needs the node's 保存, as saving its fields does.
  await requireNodeFunction(db, user, node, 'save');
  if (!(EDITABLE_STATUSES as readonly string[]).includes(record.status))
    throw badRequest(RECORD_NOT_EDITABLE_MESSAGE);
  return node;
}

/**
 * A target that is no node record must be the caller's own user-centre page (我的附件: the demo
 * system, record id `user-<caller id>`): a made-up system or node would get attachment rows that
 * belong to nothing (数据不存在), and another user's page is theirs (403).
 */
function requirePersonalTarget(user: SessionUser, ref: RecordRef) {
  const isPersonal = ref.systemCoding === DEMO_SYSTEM_CODING && ref.id.startsWith(PERSONAL_TARGET_PREFIX);
  if (!isPersonal) throw notFound();
  if (ref.id !== `${PERSONAL_TARGET_PREFIX}${user.id}`) throw forbidden();
}

/** The required-annex helper lives in the contract: the browser and the server share it. */
export { findMissingRequired } from '@ks/contract';

/** Files attached to records (systemCoding, gnCoding, record id), by slot. */
export class AttachmentService {
  constructor(
    private readonly db: Db,
    private readonly slots: AnnexSlotService,
  ) {}

  /**
   * attachment/list: the record's files the user may see: all of them to whoever may read a node
   * record (none of a record they may not read, as if it had none), else their own uploads.
   */
  async findFiles(user: SessionUser, ref: RecordRef): Promise<UploadedFile[]> {
    const scope = await recordFilesScope(this.db, user, ref);
    return (await findRecordFiles(this.db, user, ref, [ref.id], scope)).get(ref.id) ?? [];
  }

  /** The download grant of an attachment: the user may read a node record it is attached to. */
  readsAnyRecord(user: SessionUser, links: readonly AttachmentLink[]): Promise<boolean> {
    return readsAnyAttachedRecord(this.db, user, links);
  }

  /** fj-list: the node's slots, each with the record's files in it. */
  async findAnnexes(user: SessionUser, ref: RecordRef): Promise<AnnexWithFiles[]> {
    const [slots, files] = await Promise.all([this.slots.findSlots(ref.gnCoding), this.findFiles(user, ref)]);
    return slots.map(({ version: _v, sort: _s, ...slot }) => ({
      ...slot,
      fileList: files
        .filter((f) => f.fileNo === slot.annexNo)
        .map((f) => ({ ...f, annexName: slot.annexName, annexNo: slot.annexNo })),
    }));
  }

  /** att-description: the node's slots in words, for the hint above the uploader. */
  async describe(gnCoding: string) {
    const slots = await this.slots.findSlots(gnCoding);
    const items = slots.map((s) => ({
      annexNo: s.annexNo,
      annexName: s.annexName,
      rule: [
        s.isRequired ? '必传' : '选传',
        `格式：${s.annexFormat.join('、')}`,
        s.annexSize > 0 ? `单个文件不超过${s.annexSize}MB` : '',
        `最多${s.annexCount}个`,
      ]
        .filter(Boolean)
        .join('；'),
    }));
    const required = slots.filter((s) => s.isRequired).map((s) => `【${s.annexName}】`);
    return {
      description: required.length > 0 ? `请上传${required.join('')}，其余附件按需上传。` : '附件按需上传。',
      items,
    };
  }

  /**
   * Applies the uploader's marks in one transaction: `add` links an uploaded file to the record,
   * `del` unlinks it (soft). Files were hidden in the browser when marked; only here are they
   * removed. Counts and required slots are checked on the result.
   */
  async saveChanges(user: SessionUser, body: SaveAttachmentsBody, ip: string): Promise<UploadedFile[]> {
    const added = body.fileList.filter((f) => f.fileOperationType === 'add');
    const removed = body.fileList.filter((f) => f.fileOperationType === 'del');
    const slots = await this.slots.findSlots(body.gnCoding);
    const slotByNo = new Map(slots.map((s) => [s.annexNo, s]));
    for (const file of added) {
      if (file.fileNo && !slotByNo.has(file.fileNo)) throw badRequest('附件类型不存在');
    }

    await this.db.transaction(async (tx) => {
      const node = await requireEditableRecord(tx, user, body);
      // A node record the caller may change (just checked, and held) is theirs to change whole:
      // every file on it, whoever attached it, and its slots' counts are the record's. Other
      // targets keep each uploader's own files.
      const changeable = node ? sql`true` : attachmentsOwnedBy(user);
      const ids = [...added, ...removed].map((f) => f.fileId).filter((id) => /^[0-9a-f-]{36}$/.test(id));
      const owned = ids.length
        ? await tx
            .select({
              id: storedFiles.id,
              ownerUserId: storedFiles.ownerUserId,
              fileName: storedFiles.fileName,
              size: storedFiles.size,
            })
            .from(storedFiles)
            .where(and(inArray(storedFiles.id, ids), isNull(storedFiles.deletedAt)))
        : [];
      const storedOf = new Map(owned.map((f) => [f.id, f]));
      for (const file of added) {
        // One may attach only files one uploaded: a guessed id of someone else's file gives nothing.
        const stored = storedOf.get(file.fileId);
        if (!stored || (stored.ownerUserId !== user.id && user.loginRoleType !== 'M')) {
          throw badRequest('文件不存在');
        }
        // The slot a file goes into decides its rule, whatever slot it was uploaded through.
        const slot = file.fileNo ? slotByNo.get(file.fileNo) : undefined;
        const broken = slot
          ? checkUploadRule(
              { name: stored.fileName, size: stored.size },
              { formats: slot.annexFormat, maxMb: slot.annexSize },
            )
          : checkSimpleUpload(stored.fileName);
        if (broken) throw badRequest(broken);
      }
      for (const file of removed) {
        await tx
          .update(recordAttachments)
          .set({
            deletedAt: new Date(),
            updatedAt: new Date(),
            version: sql`${recordAttachments.version} + 1`,
          })
          .where(
            and(
              eq(recordAttachments.systemCoding, body.systemCoding),
              eq(recordAttachments.gnCoding, body.gnCoding),
              eq(recordAttachments.recordId, body.id),
              eq(recordAttachments.fileId, file.fileId),
              isNull(recordAttachments.deletedAt),
              changeable,
            ),
          );
      }
      for (const file of added) {
        const [already] = await tx
          .select({ id: recordAttachments.id })
          .from(recordAttachments)
          .where(
            and(
              eq(recordAttachments.gnCoding, body.gnCoding),
              eq(recordAttachments.recordId, body.id),
              eq(recordAttachments.fileId, file.fileId),
              isNull(recordAttachments.deletedAt),
            ),
          );
        if (already) continue;
        await tx.insert(recordAttachments).values({
          systemCoding: body.systemCoding,
          gnCoding: body.gnCoding,
          recordId: body.id,
          annexNo: file.fileNo,
          fileId: file.fileId,
          ownerUserId: user.id,
        });
      }

      const counts = await tx
        .select({ annexNo: recordAttachments.annexNo, count: sql<number>`count(*)::int` })
        .from(recordAttachments)
        .where(
          and(
            eq(recordAttachments.systemCoding, body.systemCoding),
            eq(recordAttachments.gnCoding, body.gnCoding),
            eq(recordAttachments.recordId, body.id),
            isNull(recordAttachments.deletedAt),
            changeable,
          ),
        )
        .groupBy(recordAttachments.annexNo);
      const countOf = new Map(counts.map((c) => [c.annexNo, Number(c.count)]));
      for (const [annexNo, count] of countOf) {
        const limit = slotByNo.get(annexNo)?.annexCount ?? DEFAULT_UPLOAD_COUNT;
        if (count > limit) throw badRequest(UPLOAD_MESSAGES.count(limit));
      }
      const missing = slots.filter((s) => s.isRequired && !countOf.get(s.annexNo)).map((s) => s.annexName);
      if (missing.length > 0) throw badRequest(UPLOAD_MESSAGES.required(missing));
      if (slots.length === 0 && added.length + removed.length > 0 && !countOf.get('')) {
        // The simple uploader's hint: at least one attachment.
        throw badRequest(UPLOAD_MESSAGES.simpleHint);
      }
      // A node record's attachments are part of its history: its log drawer (target = gnCoding) shows them.
      await recordOperation(tx, {
        user,
        action: '保存附件',
        targetType: node ? node.gnCoding : 'record_attachments',
        targetId: body.id,
        targetName: node ? node.title : `${body.gnCoding}/${body.id}`,
        detail: `新增${added.length}个，删除${removed.length}个`,
        ip,
      });
    });
    return this.findFiles(user, body);
  }
}
