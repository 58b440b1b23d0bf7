// The app factory: health check, static client, SPA fallback and JSON 404s.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';

const webRoot = mkdtempSync(join(tmpdir(), 'decksmith-web-'));
writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Decksmith</title><div id="app"></div>');
afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

describe('buildApp', () => {
  it('answers /health with status ok', async () => {
    const app = await buildApp({ webRoot });
    const res = await app.inject('/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    await app.close();
  });

  it('serves the built client at / and for unknown HTML routes', async () => {
    const app = await buildApp({ webRoot });
    const root = await app.inject('/');
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('<title>Decksmith</title>');
    const deep = await app.inject({ url: '/rooms/abc', headers: { accept: 'text/html' } });
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toContain('id="app"');
    await app.close();
  });

  it('answers unknown non-HTML routes with a coded 404', async () => {
    const app = await buildApp({ webRoot });
    const res = await app.inject({ url: '/nope', headers: { accept: 'application/json' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'http/not_found' });
    await app.close();
  });

  it('serves a placeholder page when the client is not built', async () => {
    const app = await buildApp({ webRoot: join(webRoot, 'missing') });
    const res = await app.inject('/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('not built');
    await app.close();
  });
});
