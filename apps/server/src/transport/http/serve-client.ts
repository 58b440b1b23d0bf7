// The built web client: compressed (gzip/brotli by Accept-Encoding), hashed assets cached for a year, index.html revalidated on every load.
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Vite's content-hashed output (`assets/index-<hash>.js`): its name changes whenever its bytes do. */
const HASHED = /-[\w-]{8,}\.(?:js|css|woff2?|svg|png|jpe?g|webp|avif)$/;

/** Safe to keep forever: the name of a hashed file changes with its content. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html above all: it names the current hashes) is revalidated on each use. */
export const REVALIDATE = 'no-cache';

/** The Cache-Control of a file the client build serves. */
export function cacheControlFor(path: string): string {
  return path.split(/[\\/]/).includes('assets') && HASHED.test(basename(path)) ? IMMUTABLE : REVALIDATE;
}

/**
 * Compression for every response the app sends (the client's JS and CSS, and the API's JSON):
 * brotli or gzip as the request accepts, above 1 kB. Brotli at quality 5: close to gzip -9 in
 * size at a fraction of quality 11's CPU, since it runs per response.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  const zlib = await import('node:zlib');
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
}

/** Serves the built client with its cache headers, and index.html for unknown HTML GETs (the router's paths). */
export async function serveClient(app: FastifyInstance, webRoot: string): Promise<void> {
  const indexHtml = join(webRoot, 'index.html');
  if (existsSync(indexHtml)) {
    await app.register(fastifyStatic, {
      root: webRoot,
      cacheControl: false,
      setHeaders: (reply: FastifyReply, path: string) => void reply.header('cache-control', cacheControlFor(path)),
    });
    // Single-page app: unknown GETs that want HTML get the client, everything else a 404.
    app.setNotFoundHandler((request, reply) => {
      if (request.method === 'GET' && request.headers.accept?.includes('text/html')) {
        return reply.sendFile('index.html');
      }
      return reply.code(404).send({ code: 'http/not_found', message: `No route for ${request.method} ${request.url}.` });
    });
  } else {
    app.log.warn({ webRoot }, 'web client not built; run `npx nx build web`');
    app.get('/', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('text/html')
        .send('<!doctype html><title>Decksmith</title><h1>Decksmith</h1><p>The web client is not built: run <code>npx nx build web</code>.</p>'),
    );
    app.setNotFoundHandler((request, reply) =>
      reply.code(404).send({ code: 'http/not_found', message: `No route for ${request.method} ${request.url}.` }),
    );
  }
}
