import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  CHANGE_TEMPLATE_FORMATS,
  CHANGE_TEMPLATE_MAX_BYTES,
  CHANGE_TEMPLATE_MESSAGES,
  type ChangeTemplateInfo,
  UPLOAD_MESSAGES,
} from '@ks/contract';
import type { Db } from '../../db/client.ts';
import type { SessionUser } from '../../platform/access.ts';
import { badRequest } from '../../platform/errors.ts';
import type { FileService } from '../../platform/file-store.ts';
import { recordOperation } from '../../platform/operation-log.ts';
import type { ZipLimits } from '../../platform/zip.ts';
import { zipUploadRefusal } from '../../platform/zip-limits.ts';
import { changeDescriptionDocx } from './template.ts';
import { insertTemplateVersion, latestTemplate, lockTemplateVersions } from './template-repository.ts';

export type TemplateUpload = {
  body: Readable;
  fileName: string;
  isTruncated: () => boolean;
  limitBytes: number;
};

/**
 * The change-description template (decision 0054): the document an administrator uploaded, or the
 * generated one. Each upload or return to the generated document is a new version row, written
 * with its operation-log line in one transaction; the newest row decides what the download serves.
 */
export class ChangeTemplateService {
  constructor(
    private readonly db: Db,
    private readonly files: FileService,
    /** What an uploaded docx may unpack to; absent only where the server stores its own document. */
    private readonly zipLimits?: ZipLimits,
  ) {}

  private async latest(db: Db = this.db) {
    return latestTemplate(db);
  }

  async info(): Promise<ChangeTemplateInfo> {
    const row = await this.latest();
    return {
      templateVersion: row?.templateVersion ?? 0,
      source: row?.fileId ? 'uploaded' : 'generated',
      fileName: row?.fileId ? row.fileName : '',
      size: row?.fileId ? (row.size ?? null) : null,
      updatedAt: row ? row.createdAt.toISOString() : null,
      updatedBy: row?.createdBy ?? '',
    };
  }

  /** The document the download serves: the uploaded one when there is one, else generated for the node. */
  async document(nodeTitle: string): Promise<Buffer | Readable> {
    const row = await this.latest();
    if (!row?.fileId) return changeDescriptionDocx(nodeTitle);
    return (await this.files.open(row.fileId)).body;
  }

  /** Stores an administrator's .docx (format, size and content checked) as the next version. */
  async upload(user: SessionUser, upload: TemplateUpload, ip: string): Promise<ChangeTemplateInfo> {
    const file = await this.files.storeChecked({
      body: this.zipLimits ? await this.checkedBody(upload, this.zipLimits) : upload.body,
      fileName: upload.fileName,
      owner: user,
      formats: CHANGE_TEMPLATE_FORMATS,
      formatMessage: CHANGE_TEMPLATE_MESSAGES.format,
      visibility: 'owner',
      isTruncated: upload.isTruncated,
      limitBytes: upload.limitBytes,
      maxBytes: CHANGE_TEMPLATE_MAX_BYTES,
      maxMessage: CHANGE_TEMPLATE_MESSAGES.size,
      log: { action: '上传附件', targetName: (stored) => stored.fileName, ip },
    });
    await this.append(user, { fileId: file.id, fileName: file.fileName }, '上传变更说明模板', ip);
    return this.info();
  }

  /**
   * The upload's bytes (at most the 5 MB limit plus one), refused when the docx would unpack past the
   * zip limits: whoever opens the template unpacks it. A file too large, empty or not a zip at all
   * goes on to storeChecked, whose own messages say so.
   */
  private async checkedBody(upload: TemplateUpload, limits: ZipLimits): Promise<Readable> {
    const bytes = await buffer(upload.body).catch((error: unknown) => {
      if (upload.isTruncated()) return Buffer.alloc(0);
      throw error;
    });
    const isZip = bytes.length > 4 && bytes.readUInt32LE(0) === 0x04034b50;
    if (isZip && !upload.isTruncated() && bytes.length <= CHANGE_TEMPLATE_MAX_BYTES) {
      const refusal = await zipUploadRefusal(bytes, limits, UPLOAD_MESSAGES.forged('docx'));
      if (refusal) throw badRequest(refusal);
    }
    return Readable.from([bytes]);
  }

  /** Goes back to the generated document (a version without a file); refused when already there. */
  async reset(user: SessionUser, ip: string): Promise<ChangeTemplateInfo> {
    const row = await this.latest();
    if (!row?.fileId) throw badRequest(CHANGE_TEMPLATE_MESSAGES.alreadyGenerated);
    await this.append(user, { fileId: null, fileName: '' }, '恢复系统变更说明模板', ip);
    return this.info();
  }

  private async append(
    user: SessionUser,
    file: { fileId: string | null; fileName: string },
    action: string,
    ip: string,
  ) {
    await this.db.transaction(async (tx) => {
      // One new version at a time: two administrators' uploads get consecutive numbers.
      await lockTemplateVersions(tx);
      const version = ((await this.latest(tx))?.templateVersion ?? 0) + 1;
      await insertTemplateVersion(tx, { templateVersion: version, ...file, createdBy: user.id });
      await recordOperation(tx, {
        user,
        action,
        targetType: 'change-template',
        targetId: String(version),
        targetName: file.fileName || '系统生成的变更说明',
        ip,
      });
    });
  }
}
