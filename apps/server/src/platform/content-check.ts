import { FILE_NAME_MAX, UPLOAD_MESSAGES } from '@ks/contract';
import { fileTypeFromBuffer } from 'file-type';
import { badRequest } from './errors.ts';

/** Bytes of a file's start that the magic-byte check reads (file-type's own recommendation). */
export const SNIFF_BYTES = 4100;

/**
 * What file-type may report for each extension a person can choose. Office files are zip or
 * CFB containers; jpe is a JPEG. An extension missing here has no reliable signature and goes
 * through `isPlainText` instead.
 */
const DETECTED_AS: Record<string, readonly string[]> = {
  jpg: ['jpg'],
  jpeg: ['jpg'],
  jpe: ['jpg'],
  png: ['png'],
  webp: ['webp'],
  gif: ['gif'],
  bmp: ['bmp'],
  tif: ['tif'],
  tiff: ['tif'],
  pdf: ['pdf'],
  ofd: ['zip'],
  zip: ['zip'],
  rar: ['rar'],
  '7z': ['7z'],
  doc: ['cfb'],
  xls: ['cfb'],
  ppt: ['cfb'],
  docx: ['docx', 'zip'],
  xlsx: ['xlsx', 'zip'],
  pptx: ['pptx', 'zip'],
  mp4: ['mp4', 'm4v', 'mov'],
  mov: ['mov', 'mp4'],
  webm: ['webm'],
  ogg: ['ogg', 'ogv', 'oga'],
  mp3: ['mp3'],
  avi: ['avi'],
};

/** Extensions whose content is text; they must not be markup or a binary in disguise. */
const TEXT_EXTENSIONS = new Set(['txt', 'csv', 'json']);

/** Markup a browser would run if it ever rendered the file in our origin. */
const MARKUP = /<\s*(!doctype\s+html|html|script|svg|iframe|body|head|meta|object|embed)\b/i;

function isPlainText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  return !MARKUP.test(head.toString('utf8'));
}

/**
 * Refuses a file whose first bytes do not match its extension — a renamed executable, an HTML
 * page called .jpg, a PDF called .png — with the message a person reads.
 */
export async function assertContentMatches(fileName: string, head: Buffer): Promise<string> {
  const extension = fileName.includes('.') ? (fileName.split('.').pop() ?? '').toLowerCase() : '';
  const detected = await fileTypeFromBuffer(head);
  const expected = DETECTED_AS[extension];
  if (expected) {
    if (!detected || !expected.includes(detected.ext)) throw badRequest(UPLOAD_MESSAGES.forged(extension));
    return detected.mime;
  }
  // Cost files (造价文件) are XML: the declaration or plain text, never markup a browser would run.
  if (extension === 'xml' && (!detected || detected.ext === 'xml') && isPlainText(head))
    return 'application/xml';
  if (TEXT_EXTENSIONS.has(extension) && !detected && isPlainText(head)) {
    return extension === 'csv' ? 'text/csv' : extension === 'json' ? 'application/json' : 'text/plain';
  }
  throw badRequest(UPLOAD_MESSAGES.forged(extension || '?'));
}

/**
 * The name a file is recorded under: the last path segment (old browsers send whole paths), never
 * a directory, control characters or an empty name. It is only a label: the bytes live under a
 * generated key, so no name can reach another path.
 */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop()?.trim() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (!base || base === '.' || base === '..' || /[\u0000-\u001f\u007f]/.test(base)) {
    throw badRequest(UPLOAD_MESSAGES.nameInvalid);
  }
  if (base.length > FILE_NAME_MAX) throw badRequest(UPLOAD_MESSAGES.nameTooLong);
  return base;
}
