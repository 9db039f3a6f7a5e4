import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/** The origin of the customer-service chat the header widget frames, when one is configured. */
function chatOrigin(supportChannelKey: string): string | null {
  try {
    const url = new URL(supportChannelKey.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The content security policy the web app works under (decision 0023):
 * - styles: antd's CSS-in-JS writes <style> elements at run time, hence 'unsafe-inline' for styles
 *   only; scripts stay 'self' (the Vite build has no inline script);
 * - blob: for the downloads, photos, PDF and video previews made from fetched bytes, and for the
 *   md5 worker's module; data: for antd's inline icons and images;
 * - frames: our own previews and the configured customer-service chat; nobody frames us but us.
 * No upgrade-insecure-requests: a local run is plain http, and TLS ends at the proxy.
 */
export function contentSecurityPolicy(supportChannelKey: string) {
  const chat = chatOrigin(supportChannelKey);
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      mediaSrc: ["'self'", 'blob:'],
      // blob: reads back bytes the page itself made (a preview's blob, a chunk of a chosen file).
      connectSrc: ["'self'", 'blob:'],
      workerSrc: ["'self'", 'blob:'],
      frameSrc: ["'self'", 'blob:', ...(chat ? [chat] : [])],
      // Chromium's PDF viewer inside a blob: frame counts as an object of that frame.
      objectSrc: ["'self'", 'blob:'],
      formAction: ["'self'"],
      frameAncestors: ["'self'"],
    },
  };
}

/**
 * Security headers on every answer (helmet): nosniff, referrer policy, frame options, the CSP
 * above. JSON answers get them too, so a browser never sniffs an API answer into a page.
 *
 * helmet's middleware is built once here. (@fastify/helmet built it anew on every request —
 * parsing the CSP directives each time — in two async hooks: about 2 % of a list request's CPU in
 * the records bench's profile, decision 0039.)
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: { supportChannelKey: string }) => {
    const setHeaders = helmet({
      contentSecurityPolicy: contentSecurityPolicy(options.supportChannelKey),
      referrerPolicy: { policy: 'no-referrer' },
      // The app itself opens the bid hall and chat windows; it needs no cross-origin isolation.
      crossOriginEmbedderPolicy: false,
    });
    app.addHook('onRequest', (request, reply, done) => {
      setHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
    });
  },
);
