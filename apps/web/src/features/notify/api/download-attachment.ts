import { fileHttp } from '@/lib/http.ts';

/**
 * Downloads a notice attachment through the file client (the link needs the Bearer header, so a
 * plain <a href> would be refused) and hands it to the browser under its original name.
 */
export async function downloadAttachment(url: string, fileName: string): Promise<void> {
  const blob = await fileHttp.get(url);
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke after the click has been handled, or some browsers cancel the download.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 1000);
}
