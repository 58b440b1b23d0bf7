// Prints the built client's JS size (raw and gzip, entry vs lazy chunks) and the time from navigation
// to the first paint of a table in headless Chromium (median of several loads of a live room).
// Run: npx nx run web:build && npx tsx apps/web/scripts/measure.ts [runs]
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { openBrowser, startServer, webRoot } from '../e2e/harness.ts';

const runs = Number(process.argv[2] ?? 7);
const assets = join(webRoot, 'assets');
const index = readFileSync(join(webRoot, 'index.html'), 'utf8');
const entry = /src="\/assets\/([^"]+\.js)"/.exec(index)?.[1];
const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;

let total = 0;
let totalGz = 0;
let lazyGz = 0;
console.log('JS chunks (raw / gzip):');
for (const f of readdirSync(assets).filter((x) => x.endsWith('.js')).sort()) {
  const buf = readFileSync(join(assets, f));
  const gz = gzipSync(buf, { level: 9 }).length;
  total += buf.length;
  totalGz += gz;
  if (f !== entry) lazyGz += gz;
  console.log(`  ${f.padEnd(44)} ${kb(buf.length).padStart(9)} ${kb(gz).padStart(9)}${f === entry ? '  (entry)' : '  (lazy: replay)'}`);
}
const css = readdirSync(assets).filter((x) => x.endsWith('.css'));
const cssGz = css.reduce((n, f) => n + gzipSync(readFileSync(join(assets, f)), { level: 9 }).length, 0);
console.log(`JS total ${kb(total)} raw, ${kb(totalGz)} gzip; loaded for a table: ${kb(totalGz - lazyGz)} gzip (+ CSS ${kb(cssGz)} gzip); replay chunks ${kb(lazyGz)} gzip`);

/** Resolves with performance.now() at the first frame painted after the table shows a card. */
const FIRST_TABLE_PAINT = `new Promise((resolve) => {
  const ready = () => document.querySelector('[data-testid="table"] [data-card-id]');
  const done = () => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0));
  if (ready()) return done();
  new MutationObserver((_, o) => { if (ready()) { o.disconnect(); done(); } }).observe(document, { subtree: true, childList: true });
})`;

const server = await startServer();
const b = await openBrowser();
try {
  // A live room: me against a bot in Super Taki; the seat token lives in this browser.
  await b.page.goto(server.url);
  await b.page.getByTestId('new-table-super-taki').click();
  await b.page.getByTestId('create-table').click();
  await b.page.getByTestId('table').waitFor();
  const url = b.page.url();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    await b.page.goto('about:blank');
    await b.page.goto(url, { waitUntil: 'commit' });
    // First paint with the table in it: a frame after the table element is in the DOM.
    // Source text, not a function: tsx would carry its `__name` helper into the page.
    const ms = (await b.page.evaluate(FIRST_TABLE_PAINT)) as number;
    times.push(ms);
  }
  const marks = (await b.page.evaluate(
    `(() => { const n = performance.getEntriesByType('navigation')[0]; const r = performance.getEntriesByType('resource').map((e) => [e.name.replace(location.origin, ''), Math.round(e.startTime), Math.round(e.responseEnd)]); return { dcl: Math.round(n.domContentLoadedEventEnd), resources: r }; })()`,
  )) as { dcl: number; resources: [string, number, number][] };
  console.log(`last load: DOMContentLoaded at ${marks.dcl} ms; requests (start → end ms): ${marks.resources.map(([n, a, z]) => `${n} ${a}→${z}`).join(', ')}`);
  times.sort((x, y) => x - y);
  const median = times[Math.floor(times.length / 2)]!;
  console.log(`navigation → first table paint (headless Chromium, ${runs} loads, local server): median ${median.toFixed(0)} ms, min ${times[0]!.toFixed(0)} ms, max ${times[times.length - 1]!.toFixed(0)} ms`);
} finally {
  await b.close();
  await server.close();
}
