// Figures, not a test: keystroke-to-diagnostic latency through the language server on the largest
// rule file of games/, over a real in-process client-server connection. Prints figures with the
// machine's load. Run: npx tsx packages/lsp/scripts/latency.ts [keystrokes]
import { execSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { analyse } from '../src/analysis/analyse.ts';
import { diskLoadBase } from '../src/load-base.ts';
import { DEFAULT_DEBOUNCE_MS } from '../src/server.ts';
import { startTestClient } from '../test/harness.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const keystrokes = Number(process.argv[2] ?? 40);

function largestRuleFile(): string {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory() && e.name !== 'node_modules' && e.name !== 'generated') walk(join(dir, e.name));
      else if (e.name.endsWith('.rules')) files.push(join(dir, e.name));
    }
  };
  walk(join(root, 'games'));
  return files.sort((a, b) => statSync(b).size - statSync(a).size)[0]!;
}

function stats(ms: number[]): string {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  return `median ${q(0.5).toFixed(1)} ms, p90 ${q(0.9).toFixed(1)} ms, min ${s[0]!.toFixed(1)} ms, max ${s.at(-1)!.toFixed(1)} ms (n=${s.length})`;
}

/**
 * The text after the i-th keystroke: characters typed onto the end of a name in the last
 * use of a name (`f(name)`, the file's last: a checker error, name_undefined), then deleted.
 */
function edited(text: string, i: number): string {
  const end = text.search(/^layout\b/m);
  const body = end < 0 ? text : text.slice(0, end); // layout hints name zones loosely: not there
  const use = [...body.matchAll(/\(([a-z_][a-z0-9_]*)\)/g)].at(-1)!; // `f(name)`: the name
  const at = use.index + use[0].length - 1;
  const n = i % 8 < 4 ? i % 8 : 8 - (i % 8); // 0 1 2 3 4 3 2 1
  return `${text.slice(0, at)}${'x'.repeat(n)}${text.slice(at)}`;
}

const file = largestRuleFile();
const text = readFileSync(file, 'utf8');
const load = () => execSync('uptime').toString().trim();
console.log(`file: ${relative(root, file)} (${text.length} characters, ${text.split('\n').length} lines)`);
console.log(`before: ${load()}`);

// The analysis alone (parse + check), in this process.
const loadBase = diskLoadBase();
for (let i = 0; i < 5; i++) analyse(edited(text, i), file, loadBase); // warm-up
const alone: number[] = [];
for (let i = 0; i < keystrokes; i++) {
  const t0 = performance.now();
  analyse(edited(text, i), file, loadBase);
  alone.push(performance.now() - t0);
}
console.log(`analysis (parse + check) per keystroke: ${stats(alone)}`);

// Through the server: didChange sent → publishDiagnostics for that version received.
for (const debounceMs of [0, DEFAULT_DEBOUNCE_MS]) {
  const client = await startTestClient({ debounceMs });
  const uri = pathToFileURL(file).href;
  await client.open(file, text);
  const through: number[] = [];
  for (let i = 0; i < keystrokes + 5; i++) {
    const t0 = performance.now();
    const published = await client.change(uri, i + 2, edited(text, i));
    const dt = performance.now() - t0;
    if (published.version !== i + 2) throw new Error(`diagnostics for version ${published.version}, expected ${i + 2}`);
    if (i >= 5) through.push(dt);
  }
  client.close();
  console.log(`keystroke → diagnostics through the server, debounce ${debounceMs} ms: ${stats(through)}`);
}
console.log(`after: ${load()}`);
process.exit(0);
