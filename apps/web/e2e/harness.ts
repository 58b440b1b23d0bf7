// Browser-test harness: the real server (every workspace game, in-memory SQLite, quick bots) serving
// the built client, and Debian's Chromium through playwright-core exactly as toolchain.md gotcha 7 says.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
// Flags from docs (toolchain gotcha 7): no sandbox as root, and no outside network at all.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
// E2E_WEB_ROOT: a client built elsewhere (`vite build --outDir …`), so parallel work need not share apps/web/dist.
export const webRoot = process.env['E2E_WEB_ROOT'] ?? fileURLToPath(new URL('../dist', import.meta.url));
export const resultsDir = fileURLToPath(new URL('../../../test-results/web-e2e', import.meta.url));

export interface Server {
  url: string;
  close(): Promise<void>;
}

/** Bots that answer in a fifth of a second, so a whole game fits in a test. */
export const QUICK_BOTS = { medianMs: 120, sigma: 0.3, minMs: 40, maxMs: 300 };

/**
 * Starts the real server (SQLite in memory) on a free port, hosting the games discovered under
 * games/, or with `games` only the rule files in those folders (fixtures, compiled in memory like
 * `decksmith serve --games`).
 */
export async function startServer(botDelay = QUICK_BOTS, extra: { allowClientSeeds?: boolean; games?: string[] } = {}): Promise<Server> {
  process.env['LOG_LEVEL'] ??= 'warn';
  const { start } = await import('@decksmith/server');
  const { games, ...config } = extra;
  return start({ port: 0, db: ':memory:', webRoot, ...(games ? { games, discover: false } : {}), config: { botDelay, ratePerSecond: 200, rateBurst: 400, ...config } });
}

export interface Browser {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions seen so far. */
  errors: string[];
  close(): Promise<void>;
}

export interface BrowserOptions {
  viewport?: { width: number; height: number };
  /** Emulates prefers-reduced-motion: cards jump instead of gliding. */
  reducedMotion?: boolean;
}

/**
 * Console errors and uncaught page errors of every browser opened here, not yet reported: the
 * e2e setup file (`fail-on-browser-errors.ts`) takes them after each test and fails the test if
 * there are any — also when the browser was opened in `beforeAll` or closed in the test.
 */
const unreported: string[] = [];

/** The browser errors seen since the last call (and forgets them). */
export function takeBrowserErrors(): string[] {
  return unreported.splice(0);
}

/** A fresh Chromium profile with one page (a desktop window unless told otherwise). */
export async function openBrowser(options: BrowserOptions = {}): Promise<Browser> {
  const viewport = options.viewport ?? { width: 1280, height: 900 };
  const profile = mkdtempSync(join(tmpdir(), 'decksmith-chromium-'));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport,
      reducedMotion: options.reducedMotion ? 'reduce' : 'no-preference',
    });
  } catch (e) {
    rmSync(profile, { recursive: true, force: true });
    throw e;
  }
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  const seen = (text: string) => {
    errors.push(text);
    unreported.push(text);
  };
  page.on('console', (m) => {
    if (m.type() === 'error') seen(`console.error: ${m.text()} (${m.location().url || 'page'})`);
  });
  page.on('pageerror', (e) => seen(`page error: ${String(e)}`));
  return {
    context,
    page,
    errors,
    async close() {
      try {
        await context.close();
      } finally {
        rmSync(profile, { recursive: true, force: true });
      }
    },
  };
}

/** True once no finite animation runs (cards gliding, a die rolling); endless ones (a drifting reticle) do not count. */
const SETTLED = `document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity)`;

/** Saves a screenshot under the test output once the page's animations have settled (at most 1.5 s). */
export async function screenshot(page: Page, name: string): Promise<string> {
  await page.waitForFunction(SETTLED, null, { timeout: 1500 }).catch(() => undefined);
  mkdirSync(resultsDir, { recursive: true });
  const path = join(resultsDir, `${name}.png`);
  await page.screenshot({ path });
  return path;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Page script summing layout shifts (Cumulative Layout Shift, without those right after input)
 * into `window.__cls` while the game runs; shifts once the final scores show are not counted.
 * `window.__shifts` totals them by what moved (aria-label, class or node name, and text), so
 * many small shifts of one thing show up as one large entry.
 */
export const CLS_SCRIPT = `window.__cls = 0; window.__shifts = {};
const what = (n) => !n ? '?' : n.getAttribute ? (n.getAttribute('aria-label') || n.tagName.toLowerCase() + '.' + n.getAttribute('class')) : '#text ' + (n.textContent || '').slice(0, 30);
new PerformanceObserver((list) => {
  if (document.querySelector('[data-testid="final-scores"]')) return;
  for (const e of list.getEntries()) if (!e.hadRecentInput) {
    window.__cls += e.value;
    const key = (e.sources || []).map((s) => what(s.node)).join(' / ');
    window.__shifts[key] = (window.__shifts[key] || 0) + e.value;
  }
}).observe({ type: 'layout-shift', buffered: true });`;

/** The largest totals of `window.__shifts` (what moved → its summed shift), largest first. */
export const TOP_SHIFTS = `Object.entries(window.__shifts).sort((a, b) => b[1] - a[1]).slice(0, 5).map(([k, v]) => v.toFixed(3) + ' ' + k.slice(0, 140))`;
