// Instructions per move of two revisions of the runtime and the games (issue 24), counted by
// valgrind's callgrind with V8 single-threaded. On this shared VM the CPU time of identical runs
// moved by up to 40 % (7 Dec 2026), the instruction count by about 0.6 %: a change of a few per
// cent shows here and drowns in time windows. Each revision's runtime and games (`git archive`)
// are bundled with esbuild around one driver (this checkout's loops); each side is counted at two
// numbers of playouts and differenced, so start-up and compilation cancel out.
//   node --import tsx packages/cli/bench/ab-instructions.ts <revA> <revB> [game] [fast|wire] [n1] [n2]
// Needs valgrind (apt-get install -y valgrind). Prints each side's instructions per move and B ÷ A.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findRoot } from '@decksmith/dsl/node/pipeline.ts';

const [revA, revB, game = 'tiv-miv', path = 'fast', n1Text = '100', n2Text = '400'] = process.argv.slice(2);
if (revA === undefined || revB === undefined || (path !== 'fast' && path !== 'wire')) {
  process.stderr.write('usage: ab-instructions.ts <revA> <revB> [game] [fast|wire] [n1] [n2]\n');
  process.exit(2);
}
const root = findRoot();

/** The driver: `n` seeded 4-seat games (as many seats as the game allows) on one path; prints the moves played. */
function driver(wirePlayout: string): string {
  return `import * as rt from '@decksmith/runtime';
import { game } from '@decksmith/the-game';
import { wirePlayout } from ${JSON.stringify(wirePlayout)};
const n = Number(process.argv[2]);
const players = Math.min(Math.max(4, game.minPlayers), game.maxPlayers);
let moves = 0;
for (let seed = 0; seed < n; seed++) moves += (${path === 'fast' ? 'rt.randomPlayout(game, { players, seed })' : 'wirePlayout(rt, game, { players, seed })'}).actions;
console.log(moves);
`;
}

/** Bundles revision `rev`'s runtime and game around the driver; returns the bundle's path. */
function bundle(rev: string, dir: string): string {
  const src = join(dir, rev.replace(/[^\w.-]/g, '_'));
  execFileSync('mkdir', ['-p', src]);
  execFileSync('sh', ['-c', `git -C "$1" archive "$2" packages/runtime/src games/${game} | tar -x -C "$3"`, 'sh', root, rev, src]);
  writeFileSync(join(src, 'driver.ts'), driver(join(root, 'packages/cli/src/bench/wire-playout.ts')));
  const out = join(src, 'bundle.mjs');
  execFileSync(join(root, 'node_modules/.bin/esbuild'), [
    'driver.ts', '--bundle', '--format=esm', '--platform=node', `--outfile=${out}`, '--log-level=error',
    '--alias:@decksmith/runtime=./packages/runtime/src/index.ts',
    `--alias:@decksmith/the-game=./games/${game}/generated/${game}.generated.ts`,
  ], { cwd: src });
  return out;
}

function moves(file: string, n: number): number {
  return Number(execFileSync('node', [file, String(n)], { encoding: 'utf8' }).trim());
}

function instructions(file: string, n: number): number {
  const r = execFileSync('sh', ['-c', 'valgrind --tool=callgrind --callgrind-out-file=/dev/null node --single-threaded "$1" "$2" 2>&1 >/dev/null', 'sh', file, String(n)], { encoding: 'utf8', maxBuffer: 1 << 26 });
  const m = /Collected : (\d+)/.exec(r);
  if (m === null) throw new Error(`no callgrind total for ${file}:\n${r.slice(-2000)}`);
  return Number(m[1]);
}

const dir = mkdtempSync(join(tmpdir(), 'ab-instructions-'));
try {
  const n1 = Number(n1Text);
  const n2 = Number(n2Text);
  const per: number[] = [];
  process.stdout.write(`${game}, ${path} path, games ${n1} → ${n2}, instructions per move (callgrind, V8 single-threaded)\n`);
  for (const rev of [revA, revB]) {
    const file = bundle(rev, dir);
    const played = moves(file, n2) - moves(file, n1);
    const v = (instructions(file, n2) - instructions(file, n1)) / played;
    per.push(v);
    process.stdout.write(`  ${rev}: ${Math.round(v).toLocaleString('en')} (${played.toLocaleString('en')} moves)\n`);
  }
  process.stdout.write(`  B ÷ A: ${(per[1]! / per[0]!).toFixed(3)}\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
