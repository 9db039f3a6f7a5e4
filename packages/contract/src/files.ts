import { z } from 'zod';
import { FILE_NAME_MAX, IMAGE_EXTENSIONS, UPLOAD_CHUNK_SIZE } from './constants.ts';
import { envelopeOf } from './envelope.ts';

/**
 * Uploads, attachments and annex slots.
 * Wire names keep the spec's pinyin: `fj` = 附件 (attachment), `annex*` = 附件槽 (a record's
 * attachment slot), `dxCode` = 对象编码 (object code of the upload target).
 */

/** Extensions the simple uploader accepts. */
export const SIMPLE_UPLOAD_EXTENSIONS = [...IMAGE_EXTENSIONS, 'pdf'] as const;
/** Images the rich-text editor accepts. */
export const EDITOR_IMAGE_EXTENSIONS = [...IMAGE_EXTENSIONS, 'gif', 'bmp'] as const;
export const VIDEO_EXTENSIONS = ['mp4', 'webm', 'ogg', 'mov'] as const;

/** Upload messages of the specification, verbatim. */
export const UPLOAD_MESSAGES = {
  simpleFormat: '请上传图片或PDF文件',
  simpleHint: '至少上传一个附件',
  nameTooLong: `文件名超过${FILE_NAME_MAX}位字符，请重新命名后上传！`,
  format: (formats: readonly string[]) => `格式错误，请上传【 ${formats.join(',')} 】格式`,
  size: (megabytes: number) => `文件大小不能超过【${megabytes}MB】!`,
  network: '当前网络拥堵，请重新上传！',
  failed: '上传失败！',
  failedRetry: '文件上传失败，请重新上传！',
  confirmCancel: '确认取消上传吗?',
  noImage: '请先选择要查看的图片',
  /** Not in the spec: the server's own refusals. */
  nameInvalid: '文件名不合法，请重新命名后上传！',
  forged: (extension: string) => `文件内容与扩展名不符，请上传真实的【${extension}】文件`,
  count: (count: number) => `最多只能上传${count}个文件`,
  quota: '您的存储空间已用完，请删除不需要的文件后再上传',
  chunkMd5: '分片校验失败，请重新上传',
  chunkMissing: '分片不完整，请重新上传',
  fileMd5: '文件校验失败，请重新上传',
  taskGone: '上传任务不存在或已取消，请重新上传',
  required: (names: readonly string[]) => `请上传${names.map((n) => `【${n}】`).join('')}`,
  emptyFile: '文件内容为空，请重新选择',
  /** A zip upload (xlsx, docx) refused before it is unpacked: what unpacking it would cost. */
  unpackedSize: (megabytes: number) => `文件解压后超过【${megabytes}MB】，请精简内容后再上传`,
  zipEntries: (count: number) => `文件内含部件超过${count}个，无法处理`,
  zipRatio: '文件压缩比异常，无法处理',
  /** The unpacked data does not match the sizes the file declares. */
  zipForged: '文件已损坏或大小信息不符，无法处理',
  /** Reading the file took more time or memory than any real one of its kind. */
  tooComplex: '文件过大或过于复杂，无法处理',
} as const;

/** Default text of the generic empty view. */
export const EMPTY_TEXT = '暂无数据';
/** States of the not-started / no-data placeholder. */
export const EMPTY_STATE_LABELS = { '-1': '流程尚未开始', '-2': '暂无数据或尚未提交' } as const;
export type EmptyStateCode = keyof typeof EMPTY_STATE_LABELS;

export const FileOperationTypeSchema = z.enum(['add', 'del']);
export type FileOperationType = z.infer<typeof FileOperationTypeSchema>;
export const FILE_OPERATION_TYPE_LABELS: Record<FileOperationType, string> = { add: '新增', del: '删除' };

/** The extension of a file name, lower case, without the dot ('' when there is none). */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

export const isImageName = (fileName: string, withBmp = false) =>
  [...IMAGE_EXTENSIONS, ...(withBmp ? ['bmp'] : [])].includes(extensionOf(fileName));
export const isPdfName = (fileName: string) => extensionOf(fileName) === 'pdf';
export const isVideoName = (fileName: string) =>
  (VIDEO_EXTENSIONS as readonly string[]).includes(extensionOf(fileName));

/** What a slot allows; the same check runs in the browser before sending and on the server after. */
export interface UploadRule {
  formats: readonly string[];
  /** Largest size in MB; 0 = no slot limit. */
  maxMb: number;
}

/** The first rule a file breaks, as the message a person reads, or null when it passes. */
export function checkUploadRule(file: { name: string; size: number }, rule: UploadRule): string | null {
  if (file.name.length > FILE_NAME_MAX) return UPLOAD_MESSAGES.nameTooLong;
  if (rule.formats.length > 0 && !rule.formats.map((f) => f.toLowerCase()).includes(extensionOf(file.name))) {
    return UPLOAD_MESSAGES.format(rule.formats);
  }
  if (rule.maxMb > 0 && file.size > rule.maxMb * 1024 * 1024) return UPLOAD_MESSAGES.size(rule.maxMb);
  return null;
}

/** The simple uploader's rule: extension only; its message differs from the slot's. */
export function checkSimpleUpload(fileName: string): string | null {
  if (fileName.length > FILE_NAME_MAX) return UPLOAD_MESSAGES.nameTooLong;
  return (SIMPLE_UPLOAD_EXTENSIONS as readonly string[]).includes(extensionOf(fileName))
    ? null
    : UPLOAD_MESSAGES.simpleFormat;
}

/** Uploaded file: what every upload answers and every file list holds. */
export const UploadedFileSchema = z.object({
  /** Download address of the file (the file client adds the Bearer header). */
  url: z.string(),
  host: z.string(),
  fileId: z.string(),
  fileName: z.string(),
  /** Extension of the file, lower case. */
  fileType: z.string(),
  fileSize: z.number().int(),
  /** Slot number the file belongs to ('' for the simple uploader). */
  fileNo: z.string(),
  fileOperationType: FileOperationTypeSchema.optional(),
  annexName: z.string().optional(),
  annexNo: z.string().optional(),
});
export type UploadedFile = z.infer<typeof UploadedFileSchema>;
export const UploadedFileEnvelopeSchema = envelopeOf(UploadedFileSchema);

const coding = z.string().trim().min(1).max(64);

/** Annex slot of a node (gnCoding): which files a record of that node carries. */
export const AnnexSlotSchema = z.object({
  id: z.string(),
  gnCoding: z.string(),
  annexNo: z.string(),
  annexName: z.string(),
  /** Allowed extensions, lower case, without dots. */
  annexFormat: z.array(z.string()),
  /** Size limit in MB; 0 = the platform's limit only. */
  annexSize: z.number(),
  isRequired: z.boolean(),
  /** Most files of this slot on one record. */
  annexCount: z.number().int(),
  description: z.string(),
  sort: z.number().int(),
  version: z.number().int(),
});
export type AnnexSlot = z.infer<typeof AnnexSlotSchema>;
export const AnnexSlotListEnvelopeSchema = envelopeOf(z.array(AnnexSlotSchema));
export const AnnexSlotEnvelopeSchema = envelopeOf(AnnexSlotSchema);

const formatList = z
  .array(
    z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9]{1,10}$/, '格式只能是字母或数字组成的扩展名，如 pdf'),
  )
  .min(1, '请至少填写一种附件格式')
  .max(30);

export const SaveAnnexSlotBodySchema = z.object({
  gnCoding: coding.regex(/^[A-Za-z][A-Za-z0-9_]*$/, '功能编码格式错误'),
  annexNo: z
    .string()
    .trim()
    .min(1, '请输入附件编号')
    .max(32, '附件编号不能超过32个字符')
    .regex(/^[A-Za-z0-9_-]+$/, '附件编号只能包含字母、数字、下划线和横线'),
  annexName: z.string().trim().min(1, '请输入附件名称').max(64, '附件名称不能超过64个字符'),
  annexFormat: formatList,
  annexSize: z.number().min(0, '附件大小不能为负数').max(102400, '附件大小不能超过102400MB'),
  isRequired: z.boolean(),
  annexCount: z.number().int().min(1, '附件数量至少为1').max(100, '附件数量不能超过100'),
  description: z.string().trim().max(500, '说明不能超过500个字符').default(''),
  sort: z.number().int().min(0).max(9999).default(0),
});
export type SaveAnnexSlotBody = z.infer<typeof SaveAnnexSlotBodySchema>;
export const UpdateAnnexSlotBodySchema = SaveAnnexSlotBodySchema.extend({ version: z.number().int() });
export type UpdateAnnexSlotBody = z.infer<typeof UpdateAnnexSlotBodySchema>;
export const AnnexSlotParamsSchema = z.object({ id: z.uuid('附件槽不存在') });
export const DeleteAnnexSlotQuerySchema = z.object({ version: z.coerce.number().int() });
export const FindAnnexSlotsQuerySchema = z.object({ gnCoding: coding });

/** A record's address in the records runtime: system, node and record id. */
export const RecordRefSchema = z.object({
  systemCoding: coding,
  gnCoding: coding,
  /** Record id (the spec's `id`). */
  id: z.string().trim().min(1).max(64),
});
export type RecordRef = z.infer<typeof RecordRefSchema>;

/** fj-list: the annex slots of a record's node, each with the record's files. */
export const AnnexWithFilesSchema = AnnexSlotSchema.omit({ version: true, sort: true }).extend({
  fileList: z.array(UploadedFileSchema),
});
export type AnnexWithFiles = z.infer<typeof AnnexWithFilesSchema>;
export const AnnexWithFilesListEnvelopeSchema = envelopeOf(z.array(AnnexWithFilesSchema));
export const UploadedFileListEnvelopeSchema = envelopeOf(z.array(UploadedFileSchema));

/** att-description: what a node asks to be attached, in words. */
export const AttachmentDescriptionSchema = z.object({
  description: z.string(),
  items: z.array(z.object({ annexNo: z.string(), annexName: z.string(), rule: z.string() })),
});
export const AttachmentDescriptionEnvelopeSchema = envelopeOf(AttachmentDescriptionSchema);

/** Saves a record's attachment changes: `add` files are linked, `del` files unlinked. */
export const SaveAttachmentsBodySchema = RecordRefSchema.extend({
  fileList: z
    .array(
      z.object({
        fileId: z.string(),
        fileNo: z.string().max(32).default(''),
        fileOperationType: FileOperationTypeSchema.optional(),
      }),
    )
    .max(500),
});
export type SaveAttachmentsBody = z.infer<typeof SaveAttachmentsBodySchema>;

/** Multipart fields of the slot upload (fileType, gnCoding, systemCoding, fileNo, file; dxCode). */
export const AnnexUploadFieldsSchema = z.object({
  gnCoding: coding,
  systemCoding: coding,
  fileNo: z.string().trim().min(1, '请选择附件类型').max(32),
  fileType: z.string().max(16).optional(),
  dxCode: z.string().max(64).optional(),
});
export const SimpleUploadFieldsSchema = z.object({
  gnCoding: z.string().max(64).default(''),
  systemCoding: z.string().max(64).default(''),
});

/** Rich-text editor image upload answer: the address the editor inserts. */
export const EditorUploadEnvelopeSchema = envelopeOf(z.object({ url: z.string(), fileName: z.string() }));

/** Chunked upload. */
export const UploadTaskStatusSchema = z.enum(['uploading', 'done', 'cancelled', 'cleaning', 'expired']);
export type UploadTaskStatus = z.infer<typeof UploadTaskStatusSchema>;
export const UPLOAD_TASK_STATUS_LABELS: Record<UploadTaskStatus, string> = {
  uploading: '上传中',
  done: '已完成',
  cancelled: '已取消',
  cleaning: '清理中',
  expired: '已过期',
};

const md5Hex = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[0-9a-f]{32}$/, 'md5格式错误');

export const CreateUploadTaskBodySchema = z.object({
  md5: md5Hex,
  fileName: z.string().min(1, '请选择文件'),
  fileSize: z.number().int().min(1, UPLOAD_MESSAGES.emptyFile),
  /** The slot the file is for; without it the simple uploader's formats apply. */
  gnCoding: z.string().max(64).default(''),
  systemCoding: z.string().max(64).default(''),
  fileNo: z.string().max(32).default(''),
});
export type CreateUploadTaskBody = z.infer<typeof CreateUploadTaskBodySchema>;

export const UploadTaskSchema = z.object({
  uploadId: z.string(),
  chunkSize: z.number().int(),
  chunkCount: z.number().int(),
  /** Chunk indexes (0-based) the server already holds: a resumed upload sends only the others. */
  uploadedChunks: z.array(z.number().int()),
  status: UploadTaskStatusSchema,
  /** Set when the file is complete (merged, or already stored with this md5: instant completion). */
  file: UploadedFileSchema.nullable(),
});
export type UploadTask = z.infer<typeof UploadTaskSchema>;
export const UploadTaskEnvelopeSchema = envelopeOf(UploadTaskSchema);

/** Multipart fields of one chunk: md5 of this chunk, its index, and the task. */
export const ChunkUploadFieldsSchema = z.object({
  uploadId: z.uuid(UPLOAD_MESSAGES.taskGone),
  chunk: z.coerce.number().int().min(0),
  md5: md5Hex,
  fileName: z.string().optional(),
  fileSize: z.coerce.number().int().optional(),
});
export const UploadProgressQuerySchema = z.object({ uploadId: z.uuid(UPLOAD_MESSAGES.taskGone) });
export const MergeUploadBodySchema = z.object({
  uploadId: z.uuid(UPLOAD_MESSAGES.taskGone),
  fileName: z.string().optional(),
  md5: md5Hex,
});
export const CancelUploadBodySchema = z.object({ uploadId: z.uuid(UPLOAD_MESSAGES.taskGone) });

export const DEFAULT_CHUNK_SIZE = UPLOAD_CHUNK_SIZE;

/** Names of required annexes with no live file. */
export function findMissingRequired(
  annexes: readonly { annexName: string; isRequired: boolean; fileList: readonly UploadedFile[] }[],
): string[] {
  return annexes
    .filter((a) => a.isRequired && !a.fileList.some((f) => f.url && f.fileOperationType !== 'del'))
    .map((a) => a.annexName);
}
