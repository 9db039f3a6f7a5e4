import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FileService } from './service.ts';

/** RFC 6266 / 5987: the original (often Chinese) file name survives the download. */
export function contentDisposition(fileName: string, inline: boolean): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export const fileRoutes: FastifyPluginAsyncZod<{ files: FileService }> = async (app, { files }) => {
  app.get(
    '/ks/file/v1/files/:fileId',
    {
      config: { access: 'session' },
      schema: {
        tags: ['files'],
        summary: 'Download a stored file with its original name',
        params: z.object({ fileId: z.string() }),
        querystring: z.object({ inline: z.enum(['0', '1']).default('0') }),
      },
    },
    async (request, reply) => {
      const { file, body } = await files.open(request.params.fileId);
      // Markup shown inline would run in our origin: it is always a download.
      const inline = request.query.inline === '1' && !/html|svg|xml/.test(file.mimeType);
      return reply
        .header('content-type', file.mimeType)
        .header('content-length', String(file.size))
        .header('content-disposition', contentDisposition(file.fileName, inline))
        .header('x-content-type-options', 'nosniff')
        .send(body);
    },
  );
};
