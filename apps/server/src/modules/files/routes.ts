import type { MultipartFile } from '@fastify/multipart';
import {
  AnnexSlotEnvelopeSchema,
  AnnexSlotListEnvelopeSchema,
  AnnexSlotParamsSchema,
  AnnexUploadFieldsSchema,
  AnnexWithFilesListEnvelopeSchema,
  AttachmentDescriptionEnvelopeSchema,
  CancelUploadBodySchema,
  ChunkUploadFieldsSchema,
  CreateUploadTaskBodySchema,
  DeleteAnnexSlotQuerySchema,
  EDITOR_IMAGE_EXTENSIONS,
  EditorUploadEnvelopeSchema,
  EmptyEnvelopeSchema,
  FindAnnexSlotsQuerySchema,
  findHostileValue,
  MergeUploadBodySchema,
  RecordRefSchema,
  SaveAnnexSlotBodySchema,
  SaveAttachmentsBodySchema,
  SIMPLE_UPLOAD_EXTENSIONS,
  SimpleUploadFieldsSchema,
  UPLOAD_MESSAGES,
  UpdateAnnexSlotBodySchema,
  UploadedFileEnvelopeSchema,
  UploadedFileListEnvelopeSchema,
  UploadProgressQuerySchema,
  UploadTaskEnvelopeSchema,
} from '@ks/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { publicImageUrl, type StoredFile, toUploadedFile } from '../../platform/file-refs.ts';
import type { FileService } from '../../platform/file-store.ts';
import type { AnnexSlotService } from './annex-slot-service.ts';
import type { AttachmentService } from './attachment-service.ts';
import type { UploadService } from './upload-service.ts';

/** RFC 6266 / 5987: the original (often Chinese) file name survives the download. */
export function contentDisposition(fileName: string, inline: boolean): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Markup and scripts shown inline would run in our origin: such files are always downloads. */
const isActiveContent = (mimeType: string) => /html|svg|xml|javascript/i.test(mimeType);

/** The plain fields of a multipart request that came before its file part. */
function fieldsOf(part: MultipartFile): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, entry] of Object.entries(part.fields)) {
    const first = Array.isArray(entry) ? entry[0] : entry;
    if (first && first.type === 'field') out[name] = String(first.value);
  }
  return out;
}

function parseFields<T extends z.ZodType>(schema: T, part: MultipartFile): z.infer<T> {
  const fields = fieldsOf(part);
  // The input guard (decision 0023) sees JSON bodies only: a multipart field is checked here, the
  // same way and with the same answer, before any of it is used.
  const hostile = findHostileValue(fields);
  if (hostile) throw badRequest(hostile.message, { [hostile.path]: hostile.message });
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest(issue?.message ?? '请求参数错误', {
      [String(issue?.path[0] ?? '_')]: issue?.message ?? '',
    });
  }
  return parsed.data;
}

/** The file part of an upload; the size limit is this route's, not the platform's 1 MiB default. */
async function readFilePart(request: FastifyRequest, fileSize: number): Promise<MultipartFile> {
  if (!request.isMultipart()) throw badRequest('请选择文件');
  const part = await request.file({ limits: { fileSize, files: 1, fields: 20 } });
  if (!part) throw badRequest('请选择文件');
  return part;
}

function sendFile(reply: FastifyReply, file: StoredFile, body: NodeJS.ReadableStream, inline: boolean) {
  return reply
    .header('content-type', isActiveContent(file.mimeType) ? 'application/octet-stream' : file.mimeType)
    .header('content-length', String(file.size))
    .header(
      'content-disposition',
      contentDisposition(file.fileName, inline && !isActiveContent(file.mimeType)),
    )
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
    .header('cache-control', 'private, no-store')
    .send(body);
}

export const fileRoutes: FastifyPluginAsyncZod<{
  files: FileService;
  slots: AnnexSlotService;
  attachments: AttachmentService;
  uploads: UploadService;
}> = async (app, { files, slots, attachments, uploads }) => {
  const tags = ['files'];
  const limit = files.limits.singleRequestBytes;

  app.get(
    '/ks/file/v1/files/:fileId',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'Download a stored file with its original name (owner, administrators, granted readers)',
        params: z.object({ fileId: z.string() }),
        querystring: z.object({ inline: z.enum(['0', '1']).default('0') }),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { file, body } = await files.open(request.params.fileId, user, (links) =>
        attachments.readsAnyRecord(user, links),
      );
      return sendFile(reply, file, body, request.query.inline === '1');
    },
  );

  app.get(
    '/ks/file/v1/images/:fileId',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'A rich-text image (public: <img> sends no Bearer header)',
        params: z.object({ fileId: z.string() }),
      },
    },
    async (request, reply) => {
      const file = await files.get(request.params.fileId);
      if (
        file.visibility !== 'public' ||
        !file.mimeType.startsWith('image/') ||
        isActiveContent(file.mimeType)
      ) {
        throw notFound('文件不存在');
      }
      const body = await files.storage.get(file.storageKey);
      return sendFile(reply, file, body, true).header('cache-control', 'public, max-age=31536000, immutable');
    },
  );

  app.post(
    '/ks/common/common/upload/attachment',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'Simple upload (images or PDF): multipart gnCoding, systemCoding, file',
        consumes: ['multipart/form-data'],
        response: { 200: UploadedFileEnvelopeSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const part = await readFilePart(request, limit);
      parseFields(SimpleUploadFieldsSchema, part);
      const stored = await files.storeChecked({
        body: part.file,
        fileName: part.filename,
        owner: user,
        formats: SIMPLE_UPLOAD_EXTENSIONS,
        formatMessage: UPLOAD_MESSAGES.simpleFormat,
        visibility: 'owner',
        isTruncated: () => part.file.truncated,
        limitBytes: limit,
        log: { action: '上传附件', targetName: (file) => file.fileName, ip: request.ip },
      });
      return ok(toUploadedFile(stored), '上传成功');
    },
  );

  app.post(
    '/ks/common/common/upload/annex',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary:
          'Upload into an annex slot: multipart dxCode, gnCoding, systemCoding, fileType, fileNo, file',
        consumes: ['multipart/form-data'],
        response: { 200: UploadedFileEnvelopeSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const part = await readFilePart(request, limit);
      const fields = parseFields(AnnexUploadFieldsSchema, part);
      const slot = await slots.getSlot(fields.gnCoding, fields.fileNo);
      const stored = await files.storeChecked({
        body: part.file,
        fileName: part.filename,
        owner: user,
        formats: slot.annexFormat,
        formatMessage: UPLOAD_MESSAGES.format(slot.annexFormat),
        visibility: 'owner',
        isTruncated: () => part.file.truncated,
        limitBytes: limit,
        maxBytes: slot.annexSize > 0 ? slot.annexSize * 1024 * 1024 : undefined,
        maxMessage: UPLOAD_MESSAGES.size(slot.annexSize),
        log: {
          action: '上传附件',
          targetName: (file) => `${slot.annexName}/${file.fileName}`,
          ip: request.ip,
        },
      });
      return ok(
        { ...toUploadedFile(stored, slot.annexNo), annexName: slot.annexName, annexNo: slot.annexNo },
        '上传成功',
      );
    },
  );

  app.post(
    '/ks/common/common/upload/file-attachment',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary:
          'Rich-text editor image upload: multipart field file (or legacy custom-fileName); answers the URL',
        consumes: ['multipart/form-data'],
        response: { 200: EditorUploadEnvelopeSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const part = await readFilePart(request, limit);
      if (part.fieldname !== 'file' && part.fieldname !== 'custom-fileName') throw badRequest('请选择文件');
      const stored = await files.storeChecked({
        body: part.file,
        fileName: part.filename,
        owner: user,
        formats: EDITOR_IMAGE_EXTENSIONS,
        formatMessage: UPLOAD_MESSAGES.format(EDITOR_IMAGE_EXTENSIONS),
        visibility: 'public',
        isTruncated: () => part.file.truncated,
        limitBytes: limit,
        log: { action: '上传编辑器图片', targetName: (file) => file.fileName, ip: request.ip },
      });
      return ok({ url: publicImageUrl(stored.id), fileName: stored.fileName }, '上传成功');
    },
  );

  app.get(
    '/ks/common/common/attachment/list',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: "A record's files (gnCoding, systemCoding, id)",
        querystring: RecordRefSchema,
        response: { 200: UploadedFileListEnvelopeSchema },
      },
    },
    async (request) => ok(await attachments.findFiles(currentUser(request), request.query)),
  );

  app.get(
    '/ks/common/common/fj-list',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: "Annex type list of a record's node, each slot with the record's files",
        querystring: RecordRefSchema,
        response: { 200: AnnexWithFilesListEnvelopeSchema },
      },
    },
    async (request) => ok(await attachments.findAnnexes(currentUser(request), request.query)),
  );

  app.get(
    '/ks/common/common/att-description',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: "What a node's records must attach, in words",
        querystring: FindAnnexSlotsQuerySchema,
        response: { 200: AttachmentDescriptionEnvelopeSchema },
      },
    },
    async (request) => ok(await attachments.describe(request.query.gnCoding)),
  );

  app.post(
    '/ks/common/common/attachment/save',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: "Apply a record's add / del file marks",
        body: SaveAttachmentsBodySchema,
        response: { 200: UploadedFileListEnvelopeSchema },
      },
    },
    async (request) =>
      ok(await attachments.saveChanges(currentUser(request), request.body, request.ip), '保存成功'),
  );

  const configAccess = { roles: ['M', 'D'] as const };

  app.get(
    '/ks/config/annex-slots',
    {
      config: { access: configAccess },
      schema: {
        tags,
        summary: "A node's annex slots (administrators, developers)",
        querystring: FindAnnexSlotsQuerySchema,
        response: { 200: AnnexSlotListEnvelopeSchema },
      },
    },
    async (request) => ok(await slots.findSlots(request.query.gnCoding)),
  );

  app.post(
    '/ks/config/annex-slots',
    {
      config: { access: configAccess },
      schema: {
        tags,
        summary: 'Add an annex slot',
        body: SaveAnnexSlotBodySchema,
        response: { 200: AnnexSlotEnvelopeSchema },
      },
    },
    async (request) => ok(await slots.createSlot(currentUser(request), request.body, request.ip), '保存成功'),
  );

  app.put(
    '/ks/config/annex-slots/:id',
    {
      config: { access: configAccess },
      schema: {
        tags,
        summary: 'Edit an annex slot (optimistic locking by version)',
        params: AnnexSlotParamsSchema,
        body: UpdateAnnexSlotBodySchema,
        response: { 200: AnnexSlotEnvelopeSchema },
      },
    },
    async (request) =>
      ok(
        await slots.updateSlot(currentUser(request), request.params.id, request.body, request.ip),
        '保存成功',
      ),
  );

  app.delete(
    '/ks/config/annex-slots/:id',
    {
      config: { access: configAccess },
      schema: {
        tags,
        summary: 'Delete an annex slot (soft)',
        params: AnnexSlotParamsSchema,
        querystring: DeleteAnnexSlotQuerySchema,
        response: { 200: EmptyEnvelopeSchema },
      },
    },
    async (request) => {
      await slots.deleteSlot(currentUser(request), request.params.id, request.query.version, request.ip);
      return ok(null, '删除成功');
    },
  );

  app.post(
    '/ks/upload/v1/upload-task',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'Start (or resume, or instantly complete) a chunked upload',
        body: CreateUploadTaskBodySchema,
        response: { 200: UploadTaskEnvelopeSchema },
      },
    },
    async (request) => ok(await uploads.createTask(currentUser(request), request.body, request.ip)),
  );

  app.post(
    '/ks/upload/v1/chunk-upload',
    {
      config: { access: 'session' },
      // Fastify's 1 MiB default would refuse a 5 MiB chunk: this route alone allows one chunk plus
      // its fields. The chunk is held whole (5 MiB at most) until its md5 is checked, then written.
      bodyLimit: uploads.chunkSize + 64 * 1024,
      schema: {
        tags,
        summary: 'One chunk: multipart uploadId, chunk (0-based), md5 of the chunk, then the chunk file',
        consumes: ['multipart/form-data'],
        response: { 200: UploadTaskEnvelopeSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const part = await readFilePart(request, uploads.chunkSize);
      const fields = parseFields(ChunkUploadFieldsSchema, part);
      try {
        return ok(await uploads.putChunk(user, { ...fields, body: part.file }));
      } catch (error) {
        if (part.file.truncated || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw badRequest(UPLOAD_MESSAGES.chunkMd5);
        }
        throw error;
      } finally {
        part.file.resume();
      }
    },
  );

  app.get(
    '/ks/upload/v1/upload-progress',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'Progress poll: the chunks the server holds',
        querystring: UploadProgressQuerySchema,
        response: { 200: UploadTaskEnvelopeSchema },
      },
    },
    async (request) => ok(await uploads.getProgress(currentUser(request), request.query.uploadId)),
  );

  app.post(
    '/ks/upload/v1/file-merge',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'Complete the file from its chunks and check the md5 of the whole file',
        body: MergeUploadBodySchema,
        response: { 200: UploadTaskEnvelopeSchema },
      },
    },
    async (request) =>
      ok(
        await uploads.merge(currentUser(request), request.body.uploadId, request.body.md5, request.ip),
        '上传成功',
      ),
  );

  app.post(
    '/ks/upload/v1/upload-cancel',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'Cancel an upload and drop what it stored',
        body: CancelUploadBodySchema,
        response: { 200: EmptyEnvelopeSchema },
      },
    },
    async (request) => {
      await uploads.cancel(currentUser(request), request.body.uploadId, request.ip);
      return ok(null, '已取消上传');
    },
  );
};
