import { createHash, randomBytes } from 'node:crypto';

/** Real file starts (magic bytes), so the content check sees what a browser would send. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
export const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300, 1)]);
export const HTML = Buffer.from('<!DOCTYPE html><html><script>alert(document.cookie)</script></html>');

export const md5Of = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');

/** A PDF of `size` bytes (real header, random body) for chunked uploads. */
export function bigPdf(size: number): Buffer {
  const bytes = randomBytes(size);
  PDF.copy(bytes, 0, 0, Math.min(PDF.length, size));
  return bytes;
}

export interface FilePart {
  field?: string;
  name: string;
  content: Buffer;
  type?: string;
}

/** A multipart/form-data body: the fields first, then the file, as the web client sends them. */
export function multipart(fields: Record<string, string | number>, file?: FilePart) {
  const boundary = `----ks${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\ncontent-type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
