import { fileHttp } from '@/lib/http.ts';

/** A stored file through the file client: Bearer header, 60 s timeout, blob answer. */
export const getFileBlob = (url: string, inline = false) =>
  fileHttp.get(url, { query: inline ? { inline: 1 } : undefined });

/** Saves a stored file under its original name. */
export async function downloadFile(url: string, fileName: string) {
  const blob = await getFileBlob(url);
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the browser's download; the address can go.
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
