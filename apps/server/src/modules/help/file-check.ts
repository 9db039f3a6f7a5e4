import { Readable } from 'node:stream';
import { badRequest } from '../../platform/errors.ts';

/** How a file type starts: the extension a person gives is checked against the bytes themselves. */
type Signature = { mimeType: string; matches: (head: Buffer) => boolean };

const isPdf = (head: Buffer) => head.subarray(0, 5).toString('latin1') === '%PDF-';
/** ISO base media (MP4): a box size, then 'ftyp' at offset 4. */
const isMp4 = (head: Buffer) => head.subarray(4, 8).toString('latin1') === 'ftyp';
/** WebM / Matroska: the EBML magic. */
const isWebm = (head: Buffer) => head.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
/** Office 97–2003 compound files (doc, xls). */
const isOle = (head: Buffer) =>
  head.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]));
/** ZIP containers (docx, xlsx, zip). */
const isZip = (head: Buffer) => head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));

export const HELP_FILE_SIGNATURES: Record<string, Signature & { fileType: 'pdf' | 'video' }> = {
  pdf: { mimeType: 'application/pdf', matches: isPdf, fileType: 'pdf' },
  mp4: { mimeType: 'video/mp4', matches: isMp4, fileType: 'video' },
  webm: { mimeType: 'video/webm', matches: isWebm, fileType: 'video' },
};

export const TEMPLATE_FILE_SIGNATURES: Record<string, Signature> = {
  pdf: { mimeType: 'application/pdf', matches: isPdf },
  doc: { mimeType: 'application/msword', matches: isOle },
  xls: { mimeType: 'application/vnd.ms-excel', matches: isOle },
  docx: {
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    matches: isZip,
  },
  xlsx: { mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', matches: isZip },
  zip: { mimeType: 'application/zip', matches: isZip },
};

const HEAD_BYTES = 16;

export const extensionOf = (fileName: string) => /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';

export const tooLarge = (maxBytes: number) =>
  badRequest(`文件大小不能超过【${Math.round(maxBytes / 1024 / 1024)}MB】!`);

/**
 * Reads the first bytes of an upload and checks them against the signature before anything is
 * stored. Answers the whole upload again as a stream; a refused upload is drained (so the request
 * can be answered) and rejected with a clear message. Failures never travel as stream errors: the
 * storage pipeline has to see a clean stream.
 */
export async function checkUploadHead(body: Readable, signature: Signature): Promise<Readable> {
  const chunks = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let head = Buffer.alloc(0);
  let isDone = false;
  while (head.length < HEAD_BYTES) {
    const next = await chunks.next();
    if (next.done) {
      isDone = true;
      break;
    }
    head = Buffer.concat([head, next.value]);
  }
  const drain = async () => {
    while (!isDone && !(await chunks.next()).done) {}
  };
  if (head.length === 0) throw badRequest('文件内容为空');
  if (!signature.matches(head)) {
    await drain().catch(() => {});
    throw badRequest('文件内容与扩展名不符，请上传真实的文件');
  }
  return Readable.from(
    (async function* () {
      yield head;
      if (isDone) return;
      for (;;) {
        const next = await chunks.next();
        if (next.done) return;
        yield next.value;
      }
    })(),
  );
}
