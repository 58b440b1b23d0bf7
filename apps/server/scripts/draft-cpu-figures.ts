// How long one call of a pathological studio draft holds the event loop (#21): nested quantifiers
// over a big stock, nested `subsets of` a hand, a three-card cross product in legal enumeration, and
// `repeat` an option's number of times. Each draft (test/fixtures/heavy-drafts) is compiled in
// memory and timed at growing sizes; with a fuel budget, the call ends at the budget instead
// (`rules/budget_exceeded`) and the figure is the time to get there.
//
//   node --import tsx apps/server/scripts/draft-cpu-figures.ts [--fuel draft|shipped]
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { compileRulesInMemory, importCompiled } from '@decksmith/dsl/node';
import { apply, legalActions, setFuel, setup, DRAFT_FUEL, SHIPPED_FUEL, type Action, type GameDef, type GameState } from '@decksmith/runtime';

const { values: args } = parseArgs({ options: { fuel: { type: 'string', default: 'shipped' } } });
const fuel = args.fuel === 'draft' ? DRAFT_FUEL : SHIPPED_FUEL;

interface Case {
  draft: string;
  what: string;
  options: Record<string, number>;
  /** The call timed: the seat's legal actions, or applying the parameterless `play`. */
  call: 'legal' | 'apply';
}

const CASES: Case[] = [
  ...[2, 4, 8].map((copies): Case => ({ draft: 'nested', what: `count a in stock where count b … count d (stock ${52 * copies - 16})`, options: { copies }, call: 'apply' })),
  ...[8, 10, 12].map((hand_size): Case => ({ draft: 'subsets', what: `subsets of hand(me) inside subsets of hand(me) (hand ${hand_size})`, options: { hand_size }, call: 'apply' })),
  ...[2, 4, 8].map((copies): Case => ({ draft: 'cross', what: `play(a, b, d: card in table) (table ${52 * copies - 16})`, options: { copies }, call: 'legal' })),
  ...[1e6, 1e7, 1e8].map((times): Case => ({ draft: 'repeat', what: `repeat ${times.toExponential()} times { set n = n + 1 }`, options: { times }, call: 'apply' })),
];

const defs = new Map<string, GameDef>();
async function load(draft: string): Promise<GameDef> {
  let def = defs.get(draft);
  if (!def) {
    const r = await compileRulesInMemory(fileURLToPath(new URL(`../test/fixtures/heavy-drafts/${draft}.rules`, import.meta.url)));
    if (r.js === null) throw new Error(`${draft} does not compile:\n${r.report.join('\n')}`);
    def = (await importCompiled<{ game: GameDef }>(r.js)).game;
    setFuel(def, fuel);
    defs.set(draft, def);
  }
  return def;
}

console.log(`uptime: ${execFileSync('uptime').toString().trim()}`);
console.log(`fuel budget per call: ${fuel.toLocaleString('en')} (${args.fuel})`);
for (const c of CASES) {
  const def = await load(c.draft);
  const state = setup(def, { players: 2, seed: 'heavy', options: c.options }) as GameState;
  const seat = state.current;
  let outcome: string;
  const t0 = performance.now();
  if (c.call === 'legal') {
    outcome = `${legalActions(def, state, seat, 0).length} legal actions`;
  } else {
    const r = apply(def, state, seat, { type: 'play' } as Action, 0);
    outcome = 'rejected' in r ? `rejected ${r.rejected.code}` : 'applied';
  }
  const ms = performance.now() - t0;
  console.log(`${c.draft.padEnd(8)} ${c.call.padEnd(6)} ${ms.toFixed(0).padStart(7)} ms  ${outcome.padEnd(34)} ${c.what}`);
}
console.log(`uptime: ${execFileSync('uptime').toString().trim()}`);

