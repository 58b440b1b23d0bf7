// Loads the built client from the real server in headless Chromium and checks the home page.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '@decksmith/server/app';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
// Flags from docs (toolchain gotcha 7): no sandbox as root, and no outside network at all.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
const webRoot = fileURLToPath(new URL('../dist', import.meta.url));
const resultsDir = fileURLToPath(new URL('../../../test-results/web-e2e', import.meta.url));

let app: Awaited<ReturnType<typeof buildApp>>;
let baseUrl: string;

beforeAll(async () => {
  app = await buildApp({ webRoot });
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await app?.close();
});

describe('home page', () => {
  it('shows Decksmith and the lobby', async () => {
    const profile = mkdtempSync(join(tmpdir(), 'decksmith-chromium-'));
    try {
      const context = await chromium.launchPersistentContext(profile, {
        executablePath: CHROMIUM,
        headless: true,
        args: CHROMIUM_ARGS,
      });
      try {
        const page = context.pages()[0] ?? (await context.newPage());
        await page.goto(baseUrl);
        const heading = page.getByRole('heading', { level: 1 });
        await heading.waitFor();
        expect(await heading.textContent()).toBe('Decksmith');
        expect(await page.getByTestId('lobby').textContent()).toContain('No tables yet');
        mkdirSync(resultsDir, { recursive: true });
        await page.screenshot({ path: join(resultsDir, 'home.png') });
      } finally {
        await context.close();
      }
    } finally {
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
