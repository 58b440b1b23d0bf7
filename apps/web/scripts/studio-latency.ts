// The studio's figure (#21): keystroke → diagnostic in the browser, on the largest rule file of the
// repository: the time from typing a character that makes an error to its lint mark on the page,
// and from deleting it to the studio saying the file checks clean again (the linter waits LINT_DELAY_MS of quiet first; the rest is
// the checker thread's parse + check and the drawing). Median of several edits.
// Run: cd apps/web && npx vite build --outDir /tmp/x && E2E_WEB_ROOT=/tmp/x npx tsx scripts/studio-latency.ts [edits]
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openBrowser, startServer } from '../e2e/harness.ts';
import { LINT_DELAY_MS } from '../src/studio/editor.ts';

const edits = Number(process.argv[2] ?? 7);
const games = fileURLToPath(new URL('../../../games', import.meta.url));
const rules = readdirSync(games)
  .filter((g) => statSync(join(games, g)).isDirectory())
  .flatMap((g) => readdirSync(join(games, g)).filter((f) => f.endsWith('.rules')).map((f) => join(games, g, f)))
  .sort((a, b) => statSync(b).size - statSync(a).size)[0]!;
const text = readFileSync(rules, 'utf8');
const TOKEN = 'studio-latency-token-0123456789';
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

console.log(`uptime: ${execFileSync('uptime').toString().trim()}`);
const server = await startServer();
const b = await openBrowser();
try {
  // This browser's author token is ours, and its draft is the largest rule file.
  await b.page.addInitScript((t) => localStorage.setItem('decksmith.author', t), TOKEN);
  const put = await fetch(`${server.url}/api/drafts/my-game`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ files: [{ name: 'my-game.rules', text }] }),
  });
  if (!put.ok) throw new Error(`saving the draft: ${put.status} ${await put.text()}`);
  await b.page.goto(`${server.url}/studio`);
  await b.page.locator('.summary', { hasText: 'checks: no errors' }).waitFor({ timeout: 60_000 });
  const toMark: number[] = [];
  const toClear: number[] = [];
  // The end of the game line: a stray character there is a syntax error.
  const line = b.page.locator('.cm-line', { hasText: /^game / }).first();
  for (let i = 0; i < edits; i++) {
    await line.click();
    await b.page.keyboard.press('End');
    let t0 = performance.now();
    await b.page.keyboard.type('§');
    await b.page.locator('.cm-lintRange-error').first().waitFor({ timeout: 30_000 });
    toMark.push(performance.now() - t0);
    t0 = performance.now();
    await b.page.keyboard.press('Backspace');
    // CodeMirror drops a mark over deleted text at once; the checker's answer is the summary again saying no errors.
    await b.page.locator('.summary[data-errors="0"]', { hasText: 'checks: no errors' }).waitFor({ timeout: 30_000 });
    toClear.push(performance.now() - t0);
  }
  console.log(`largest rule file: ${rules.slice(games.length + 1)} (${text.length} characters, ${text.split('\n').length} lines)`);
  console.log(`keystroke → error mark: median ${median(toMark).toFixed(0)} ms (min ${Math.min(...toMark).toFixed(0)}, max ${Math.max(...toMark).toFixed(0)}, n=${edits}); of which ${LINT_DELAY_MS} ms is the linter's pause`);
  console.log(`fix → checked clean:     median ${median(toClear).toFixed(0)} ms (min ${Math.min(...toClear).toFixed(0)}, max ${Math.max(...toClear).toFixed(0)})`);
} finally {
  await b.close();
  await server.close();
}
console.log(`uptime: ${execFileSync('uptime').toString().trim()}`);
