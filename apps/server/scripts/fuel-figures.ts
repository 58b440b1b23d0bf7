// The fuel (runtime core/fuel.ts) the shipped games spend per call, against the budgets (#21):
// every game of games/ is compiled from its rule file as `decksmith gen` would, and random games
// at every player count are played through the public API (set-up, each seat's legal actions,
// apply, tick), reading the fuel each call spent. The largest per kind of call is what the
// budgets are checked against (docs/security.md). Counted choices are played as sampled
// concrete choices (what bots do).
//
//   node --import tsx apps/server/scripts/fuel-figures.ts [--games 20] [--max-actions 2000]
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { compileRulesInMemory, importCompiled } from '@decksmith/dsl/node';
import { apply, checkSetup, DRAFT_FUEL, lastFuelSpent, nextDeadline, sampledActions, setup, SHIPPED_FUEL, tick, type Action, type GameDef, type GameState } from '@decksmith/runtime';

const { values: args } = parseArgs({ options: { games: { type: 'string', default: '20' }, 'max-actions': { type: 'string', default: '2000' } } });
const GAMES = Number(args.games);
const MAX_ACTIONS = Number(args['max-actions']);
const ROOT = fileURLToPath(new URL('../../../games/', import.meta.url));

/** A small deterministic generator (the choice of action only; the games' own RNG is seeded). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

interface Most {
  setup: number;
  legal: number;
  apply: number;
  tick: number;
  calls: number;
  rejected: number;
}

function play(def: GameDef, players: number, seed: string, most: Most, rand: () => number): void {
  let state = setup(def, { players, seed }) as GameState;
  most.setup = Math.max(most.setup, lastFuelSpent(def));
  let now = 0;
  for (let n = 0; n < MAX_ACTIONS && state.result === null; n++) {
    const choices: { seat: number; action: Action }[] = [];
    for (let seat = 0; seat < players; seat++) {
      for (const action of sampledActions(def, state, seat, now)) choices.push({ seat, action });
      most.legal = Math.max(most.legal, lastFuelSpent(def));
      most.calls++;
    }
    if (choices.length === 0) {
      const due = nextDeadline(state);
      if (due === null) return;
      now = Math.max(now, due);
      state = tick(def, state, now).state;
      most.tick = Math.max(most.tick, lastFuelSpent(def));
      most.calls++;
      continue;
    }
    const pick = choices[Math.floor(rand() * choices.length)]!;
    now += 100;
    state = tick(def, state, now).state;
    most.tick = Math.max(most.tick, lastFuelSpent(def));
    const r = apply(def, state, pick.seat, pick.action, now);
    most.apply = Math.max(most.apply, lastFuelSpent(def));
    most.calls += 2;
    if ('rejected' in r) {
      most.rejected++; // a race lost to a timer that fired first: another pick
      continue;
    }
    state = r.state as GameState;
  }
}

console.log(`uptime: ${execFileSync('uptime').toString().trim()}`);
console.log(`budgets: shipped ${SHIPPED_FUEL.toLocaleString('en')}, draft ${DRAFT_FUEL.toLocaleString('en')} steps per call; ${GAMES} random games per player count, at most ${MAX_ACTIONS} actions each`);
console.log('game                 players  calls      most fuel: set-up   legal   apply    tick   (% of draft budget)');
let overall = 0;
for (const id of readdirSync(ROOT).filter((d) => !d.includes('.')).sort()) {
  const r = await compileRulesInMemory(`${ROOT}${id}/${id}.rules`);
  if (r.js === null) throw new Error(`${id} does not compile`);
  const def = (await importCompiled<{ game: GameDef }>(r.js)).game;
  const most: Most = { setup: 0, legal: 0, apply: 0, tick: 0, calls: 0, rejected: 0 };
  const rand = lcg(7);
  for (let players = def.minPlayers; players <= def.maxPlayers; players++) {
    if (checkSetup(def, { players, seed: 'x' }) !== null) continue; // not with the default options (Five Crowns past 7)
    for (let g = 0; g < GAMES; g++) play(def, players, `fuel-${players}-${g}`, most, rand);
  }
  const top = Math.max(most.setup, most.legal, most.apply, most.tick);
  overall = Math.max(overall, top);
  console.log(
    `${id.padEnd(20)} ${`${def.minPlayers}-${def.maxPlayers}`.padEnd(8)} ${String(most.calls).padStart(7)}  ${[most.setup, most.legal, most.apply, most.tick].map((v) => String(v).padStart(7)).join(' ')}   (${((top / DRAFT_FUEL) * 100).toFixed(2)} %)${most.rejected ? `, ${most.rejected} rejected` : ''}`,
  );
}
console.log(`largest: ${overall} steps = ${((overall / SHIPPED_FUEL) * 100).toFixed(4)} % of the shipped budget, ${((overall / DRAFT_FUEL) * 100).toFixed(2)} % of the draft budget`);
console.log(`uptime: ${execFileSync('uptime').toString().trim()}`);
