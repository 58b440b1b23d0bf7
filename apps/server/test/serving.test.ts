// Serving the built client: compressed JS and CSS (brotli or gzip, as accepted), hashed assets cached
// for a year as immutable, index.html (also as the single-page fallback) revalidated on every load.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { cacheControlFor } from '../src/transport/http/serve-client.ts';

const webRoot = mkdtempSync(join(tmpdir(), 'decksmith-serve-'));
// Bundles as Vite names them; their bodies repeat like minified code does, so they compress well.
const js = Array.from({ length: 2000 }, (_, i) => `function f${i}(a,b){return a+b*${i % 17}}`).join(';');
const css = Array.from({ length: 600 }, (_, i) => `.c${i}{color:#${(i * 4099).toString(16).padStart(6, '0').slice(0, 6)};margin:0 auto}`).join('');
mkdirSync(join(webRoot, 'assets'));
writeFileSync(join(webRoot, 'index.html'), `<!doctype html><title>Decksmith</title><script type="module" src="/assets/index-Dq3xY_9a.js"></script>${'<!-- padding -->'.repeat(100)}`);
writeFileSync(join(webRoot, 'assets', 'index-Dq3xY_9a.js'), js);
writeFileSync(join(webRoot, 'assets', 'index-B7kPz2Lm.css'), css);
writeFileSync(join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp({ webRoot });
});
afterAll(async () => {
  await app.close();
  rmSync(webRoot, { recursive: true, force: true });
});

describe('serving the client', () => {
  it('sends the JS brotli-compressed when accepted, smaller than the file, and cached as immutable', async () => {
    const res = await app.inject({ url: '/assets/index-Dq3xY_9a.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(res.headers['vary'])).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(js.length / 4);
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(js);
  });

  it('sends gzip to a client that accepts only gzip, and the CSS compressed too', async () => {
    const res = await app.inject({ url: '/assets/index-B7kPz2Lm.css', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/text\/css/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(css.length / 2);
    expect(gunzipSync(res.rawPayload).toString('utf8')).toBe(css);
  });

  it('sends the file as is to a client that accepts no compression', async () => {
    const res = await app.inject({ url: '/assets/index-Dq3xY_9a.js', headers: { 'accept-encoding': 'identity' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(js);
  });

  it('revalidates index.html, at / and as the fallback of an app path', async () => {
    for (const url of ['/', '/index.html', '/room/abc123']) {
      const res = await app.inject({ url, headers: { accept: 'text/html', 'accept-encoding': 'gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('gzip');
      expect(gunzipSync(res.rawPayload).toString('utf8'), url).toContain('<title>Decksmith</title>');
    }
  });

  it('does not cache an unhashed file forever, and compresses API JSON', async () => {
    const icon = await app.inject('/favicon.svg');
    expect(icon.headers['cache-control']).toBe('no-cache');
    const docs = await app.inject({ url: '/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(docs.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(docs.rawPayload).toString('utf8'))).toHaveProperty('openapi');
  });

  it('tells hashed assets from other files by name', () => {
    expect(cacheControlFor('/srv/dist/assets/engine-CzX1_a9Q.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/srv/dist/assets/logo.svg')).toBe('no-cache');
    expect(cacheControlFor('/srv/dist/index-Dq3xY_9a.js')).toBe('no-cache');
    expect(cacheControlFor('/srv/dist/index.html')).toBe('no-cache');
  });
});
