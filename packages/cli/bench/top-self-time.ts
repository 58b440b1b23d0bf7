// Prints the functions with the most self time in a V8 .cpuprofile (from node --cpu-prof), and the
// share of each area (Decksmith runtime, generated game, boardgame.io, immer, baseline, GC…).
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const AREAS: [string, RegExp][] = [
  ['runtime', /packages\/runtime\//],
  ['generated game', /games\/[^/]+\/generated\//],
  ['bench harness', /packages\/dsl\/src\/bench\//],
  ['baseline', /packages\/dsl\/bench\/baseline\//],
  ['peer rules', /packages\/dsl\/bench\/peer\//],
  ['immer', /node_modules\/immer\//],
  ['boardgame.io', /node_modules\/boardgame\.io\//],
  ['node internals (module loading)', /^node:/],
];

function areaOf(url: string, name: string): string {
  for (const [area, re] of AREAS) if (re.test(url)) return area;
  if (name === '(garbage collector)') return 'GC';
  if (name === '(program)') return name;
  return url === '' ? 'native' : 'other';
}

// Several files (a loader thread writes its own profile) are added up.
const args = process.argv.slice(2);
const topAt = args.indexOf('--top');
const top = topAt >= 0 ? Number(args[topAt + 1]) : 15;
const files = args.filter((a, i) => a !== '--top' && i !== topAt + 1);
if (files.length === 0) {
  process.stderr.write('usage: top-self-time.ts <file.cpuprofile>... [--top N]\n');
  process.exit(2);
}
const self = new Map<string, number>();
const areas = new Map<string, number>();
let total = 0;
for (const file of files) add(JSON.parse(readFileSync(file, 'utf8')) as Profile);

function add(p: Profile): void {
  const byNode = new Map<number, ProfileNode>(p.nodes.map((n) => [n.id, n]));
  p.samples.forEach((id, i) => {
  const n = byNode.get(id);
  const dt = p.timeDeltas[i] ?? 0;
  if (n === undefined) return;
  const { functionName, url, lineNumber } = n.callFrame;
  // Idle time is the loader thread waiting: not part of the measured work.
  if (functionName === '(idle)') return;
  // Line numbers are those of tsx's transpiled output, so only native modules' are kept.
  const where = url === '' ? '' : ` ${url.replace(/^.*\/(packages|games|node_modules)\//, '$1/')}${url.startsWith('node:') ? `:${lineNumber + 1}` : ''}`;
  const key = `${functionName || '(anonymous)'}${where}`;
  self.set(key, (self.get(key) ?? 0) + dt);
  const a = areaOf(url, functionName);
  areas.set(a, (areas.get(a) ?? 0) + dt);
  total += dt;
  });
}
const pct = (x: number): string => `${((x / total) * 100).toFixed(1).padStart(5)}%`;
process.stdout.write(`total ${(total / 1e6).toFixed(1)} s sampled\nby area:\n`);
for (const [a, t] of [...areas].sort((x, y) => y[1] - x[1])) process.stdout.write(`  ${pct(t)}  ${a}\n`);
process.stdout.write('top self time:\n');
for (const [k, t] of [...self].sort((x, y) => y[1] - x[1]).slice(0, top)) process.stdout.write(`  ${pct(t)}  ${k}\n`);
