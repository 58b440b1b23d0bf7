// Fastify app factory: health check and the built web client (routes and sockets grow here).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';

/** Where `vite build` of apps/web puts the client. */
export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface AppOptions {
  /** Folder of the built web client; defaults to apps/web/dist. */
  webRoot?: string;
  /** A pino logger, or false for none (tests). */
  logger?: Logger | false;
}

/**
 * Builds the server app without listening, so tests can use `app.inject()`.
 *
 * @example
 * const app = await buildApp({ logger: false });
 * const res = await app.inject('/health'); // { status: 'ok' }
 */
export async function buildApp(options: AppOptions = {}): Promise<FastifyInstance> {
  const { webRoot = DEFAULT_WEB_ROOT, logger = false } = options;
  // One instance type whether or not a logger is given (pino's Logger is a FastifyBaseLogger).
  const app: FastifyInstance = logger
    ? Fastify({ loggerInstance: logger as FastifyBaseLogger })
    : Fastify({ logger: false });

  app.get('/health', async () => ({ status: 'ok' as const }));

  const indexHtml = join(webRoot, 'index.html');
  if (existsSync(indexHtml)) {
    await app.register(fastifyStatic, { root: webRoot });
    // Single-page app: unknown GETs that want HTML get the client, everything else a 404.
    app.setNotFoundHandler((request, reply) => {
      if (request.method === 'GET' && request.headers.accept?.includes('text/html')) {
        return reply.sendFile('index.html');
      }
      return reply.code(404).send({ code: 'http/not_found', message: `No route for ${request.method} ${request.url}.` });
    });
  } else {
    app.log.warn({ webRoot }, 'web client not built; run `npx nx build web`');
    app.get('/', async (_request, reply) =>
      reply
        .type('text/html')
        .send('<!doctype html><title>Decksmith</title><h1>Decksmith</h1><p>The web client is not built: run <code>npx nx build web</code>.</p>'),
    );
  }
  return app;
}
