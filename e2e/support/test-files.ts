import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';

/** A file as Playwright's file chooser takes it. */
export interface TestFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * A PDF written by hand: catalog, pages, one page with a line of text, and (when `padBytes` > 0)
 * a stream of random bytes that makes the file as large as a test needs and unique, so the
 * server's instant completion by md5 never answers for it. The xref offsets are computed from
 * the bytes, so strict readers accept it as well.
 */
export function buildPdf(text: string, padBytes = 0): Buffer {
  const content = `BT /F1 18 Tf 36 72 Td (${text}) Tj ET`;
  const parts: Buffer[] = [];
  let length = 0;
  const push = (chunk: string | Buffer) => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk;
    parts.push(bytes);
    length += bytes.length;
  };
  const objects: (string | Buffer)[][] = [
    ['<< /Type /Catalog /Pages 2 0 R >>'],
    ['<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
    [
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    ],
    [`<< /Length ${content.length} >>\nstream\n${content}\nendstream`],
    ['<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'],
  ];
  if (padBytes > 0)
    objects.push([`<< /Length ${padBytes} >>\nstream\n`, randomBytes(padBytes), '\nendstream']);
  push('%PDF-1.4\n');
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(length);
    push(`${index + 1} 0 obj\n`);
    for (const piece of body) push(piece);
    push('\nendobj\n');
  });
  const xrefOffset = length;
  // Each xref entry is exactly 20 bytes: ten digits, space, five digits, space, type, space, newline.
  push(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`);
  for (const offset of offsets) push(`${String(offset).padStart(10, '0')} 00000 n \n`);
  push(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`);
  return Buffer.concat(parts);
}

/** A real PNG drawn by the browser on a canvas, with `label` on it so every image is unique. */
export async function drawPng(page: Page, label: string, width = 240, height = 120): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ({ label, width, height }) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d canvas context');
      context.fillStyle = '#1677ff';
      context.fillRect(0, 0, width, height);
      context.fillStyle = '#fff';
      context.font = '20px sans-serif';
      context.fillText(label, 12, height / 2);
      return canvas.toDataURL('image/png');
    },
    { label, width, height },
  );
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

const VIDEO_MIME_TYPES = { webm: 'video/webm;codecs=vp8', mp4: 'video/mp4;codecs=avc1.42E01E' } as const;

/**
 * A short video recorded by the browser itself: a canvas that changes colour every frame, captured
 * for about a second with MediaRecorder. No ffmpeg on these machines, and a recording the browser
 * made is one it can play.
 */
export async function recordVideo(
  page: Page,
  format: keyof typeof VIDEO_MIME_TYPES,
  durationMs = 1000,
): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ({ duration, mimeType }) => {
      const canvas = document.createElement('canvas');
      canvas.width = 160;
      canvas.height = 120;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d canvas context');
      let frame = 0;
      const draw = () => {
        context.fillStyle = `hsl(${(frame * 15) % 360} 80% 50%)`;
        context.fillRect(0, 0, canvas.width, canvas.height);
        frame += 1;
      };
      draw();
      const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (event) => {
        if (event.data.size > 0) chunks.push(event.data);
      };
      const stopped = new Promise((resolve) => {
        recorder.onstop = resolve;
      });
      const timer = setInterval(draw, 40);
      recorder.start(100);
      await new Promise((resolve) => setTimeout(resolve, duration));
      recorder.stop();
      await stopped;
      clearInterval(timer);
      const bytes = new Uint8Array(await new Blob(chunks, { type: mimeType.split(';')[0] }).arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    },
    { duration: durationMs, mimeType: VIDEO_MIME_TYPES[format] },
  );
  return Buffer.from(base64, 'base64');
}
