import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { LANDING_ROUTE } from '@nusa/contracts';
import { AppError } from '../errors/app-error.ts';

const LANDING_FILE = 'landing.html';

/**
 * Serves the built web app from `dist` with long-lived caching for hashed assets; /landing answers the static
 * landing.html; any other GET outside /api answers index.html so the browser router takes over. API misses answer
 * `not_found`.
 */
export async function webRoutes(app: FastifyInstance, dist: string | undefined) {
  const index = dist ? path.join(dist, 'index.html') : undefined;
  const hasWeb = index !== undefined && fs.existsSync(index);
  if (hasWeb) {
    await app.register(async (web) => {
      // The web build's files are public: the app's own guard decides what a visitor sees.
      web.addHook('onRoute', (route) => {
        route.config = { ...route.config, access: 'public' };
      });
      await web.register(fastifyStatic, {
        root: dist!,
        wildcard: false,
        index: false,
        // Otherwise send's own "public, max-age=0" replaces what setHeaders decides.
        cacheControl: false,
        // The build writes .br and .gz beside each text file (apps/web/src/build/precompress.ts).
        preCompressed: true,
        setHeaders: (res, file) => {
          const hashed = path.relative(dist!, file).startsWith(`assets${path.sep}`);
          res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
      // The public product page is static HTML of its own (no app bundle); revalidated by ETag like index.html.
      if (fs.existsSync(path.join(dist!, LANDING_FILE))) web.get(LANDING_ROUTE, (_req, reply) => reply.sendFile(LANDING_FILE));
    });
  }
  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0];
    if (url.startsWith('/api') || (req.method !== 'GET' && req.method !== 'HEAD') || !hasWeb) {
      throw new AppError('not_found', [url.slice(0, 200)]);
    }
    reply.header('cache-control', 'no-cache');
    return reply.type('text/html').send(fs.createReadStream(index!));
  });
}
