// Setting up a table: options, seats and sides, zone instances, cards under seeded ids,
// variables, then round 1 (its setup and first stage) and triggers.
import { createRng, deriveRng, nextUint32, shuffleInPlace } from '../rng/index.ts';
import { startRound } from '../flow/rounds.ts';
import { settle } from '../flow/settle.ts';
import { engineFor, type Engine } from './engine.ts';
import { NONE, type GameDef, type Rejection } from './game-def.ts';
import { CARD_CHUNK, CARD_CHUNK_BITS, type GameState } from './state.ts';
import { VarOutOfRange } from './var-range.ts';
import { EPOCH_CHUNK, epochChunks } from '../views/view-ids.ts';

export type OptionValue = number | string | boolean;

export interface SetupInput {
  players: number;
  /** Option values by name (enum values by name, durations in ms); defaults fill the rest. */
  options?: Record<string, OptionValue>;
  seed: string | number;
  /** Logical time of the start (ms), default 0. */
  now?: number;
  /** Termination guard: accepted actions + fired timers before the game ends as stuck (default 100 000). */
  maxMoves?: number;
}

export const DEFAULT_MAX_MOVES = 100_000;
const MAX_SEATS = 30;

/** Option values by index, or a rejection naming the bad option. */
export function decodeOptions(def: GameDef, given: Record<string, OptionValue> = {}): number[] | Rejection {
  for (const k of Object.keys(given)) {
    if (!def.options.some((o) => o.name === k)) return { code: 'setup/invalid', message: `${def.title} has no option "${k}".` };
  }
  const out: number[] = [];
  for (const o of def.options) {
    const v = given[o.name];
    if (v === undefined) {
      out.push(o.default);
      continue;
    }
    let n: number;
    if (o.kind === 'bool') {
      if (typeof v !== 'boolean' && v !== 0 && v !== 1) return { code: 'setup/invalid', message: `Option ${o.name} must be true or false.` };
      n = v === true || v === 1 ? 1 : 0;
    } else if (o.kind === 'enum') {
      const values = o.values ?? [];
      n = typeof v === 'string' ? values.indexOf(v) : -1;
      if (n < 0) return { code: 'setup/invalid', message: `Option ${o.name} must be one of ${values.join(', ')}.` };
    } else {
      if (typeof v !== 'number' || !Number.isInteger(v)) return { code: 'setup/invalid', message: `Option ${o.name} must be a whole number.` };
      if ((o.min !== undefined && v < o.min) || (o.max !== undefined && v > o.max)) {
        return { code: 'setup/invalid', message: `Option ${o.name} must be from ${o.min} to ${o.max}.` };
      }
      n = v;
    }
    out.push(n);
  }
  return out;
}

/**
 * Checks a set-up (players, options, constraints) without building it; null when valid.
 *
 * @example
 * const bad = checkSetup(def, { players: 12, seed: 1 }); // { code: 'setup/invalid', … } or null
 */
export function checkSetup(def: GameDef, input: SetupInput): Rejection | null {
  const r = build(def, input);
  return 'code' in r ? r : null;
}

/**
 * Builds the initial state: round 1 set up and its first stage entered. Throws on an invalid
 * set-up (call checkSetup first on untrusted input).
 *
 * @example
 * const state = setup(def, { players: 4, seed: 'room-42', options: { hand_size: 7 } });
 */
export function setup(def: GameDef, input: SetupInput): GameState {
  const r = build(def, input);
  if ('code' in r) throw new Error(`${r.code}: ${r.message}`);
  return r;
}

function build(def: GameDef, input: SetupInput): GameState | Rejection {
  const players = input.players;
  if (!Number.isInteger(players) || players < def.minPlayers || players > def.maxPlayers || players > MAX_SEATS) {
    return { code: 'setup/invalid', message: `${def.title} is for ${def.minPlayers} to ${Math.min(def.maxPlayers, MAX_SEATS)} players.` };
  }
  const options = decodeOptions(def, input.options);
  if (!Array.isArray(options)) return options;
  const now = input.now ?? 0;
  const s = emptyState(def, players, options, input.seed, input.maxMoves ?? DEFAULT_MAX_MOVES, now);
  const e = engineFor(def);
  e.busy = true;
  try {
    e.begin(s, now, true);
    for (const c of def.constraints ?? []) if (!c.test(e)) return { code: 'setup/invalid', message: c.message };
    layOut(e);
    try {
      startRound(e, 1);
      settle(e);
    } catch (err) {
      // `setup` (or a trigger after it) wrote a variable outside its range: no table.
      if (err instanceof VarOutOfRange) return { code: 'setup/invalid', message: err.rejection.message };
      throw err;
    }
    return e.s;
  } finally {
    e.busy = false;
  }
}

function emptyState(def: GameDef, players: number, options: number[], seed: string | number, maxMoves: number, now: number): GameState {
  let sideOf: number[] = [];
  let roles: number[] = [];
  if (def.sides !== undefined) {
    const a = def.sides.assign(players);
    sideOf = a.sideOf.slice();
    roles = a.roles.slice();
  } else {
    for (let p = 0; p < players; p++) {
      sideOf.push(p);
      roles.push(-1 >>> 1);
    }
  }
  const sides = sideOf.reduce((m, x) => Math.max(m, x + 1), 0);
  const viewers = players + 1;
  const keyRng = deriveRng(seed, 'view-ids');
  const keys: number[] = [];
  for (let i = 0; i < viewers * 4; i++) keys.push(nextUint32(keyRng));
  return {
    v: 1, game: def.id, players, sides, options, rng: createRng(seed), maxMoves,
    face: [], owner: [], deck: [], home: [],
    zones: [], zoneDecl: [], zoneOwner: [], declBase: [], staticZones: 0, families: [], cardZone: [],
    vars: [], varBase: [], pileVars: [],
    sideOf, roles, out: new Array<number>(players).fill(0),
    keys, epochs: [],
    round: 0, dealer: NONE, stage: NONE, stageStart: now, stageDeadline: NONE, current: NONE, dir: 1, step: 0, skips: 0,
    window: NONE, windowBlocking: 0, windowStart: now, windowDeadline: NONE, turnDeadline: NONE, idleDeadline: NONE,
    pauseUntil: NONE, pauseCont: NONE, pauseBound: NONE, scope: 0,
    rate: new Array<number>(def.actions.length * players).fill(NONE),
    once: new Array<number>(def.actions.length * players).fill(NONE),
    accepted: 0, moves: 0, lastAt: now, result: null,
  };
}

/** Zone instances, variables, and the cards under a seeded permutation of ids. */
function layOut(e: Engine): void {
  const def = e.def;
  const s = e.s;
  // Zones: shared → 1 instance, per player → one each, per side → one each, piles → none.
  for (let d = 0; d < def.zones.length; d++) {
    const zd = def.zones[d];
    s.families.push([]);
    if (zd.shape === 'piles') {
      s.declBase.push(NONE);
      continue;
    }
    s.declBase.push(s.zones.length);
    const n = zd.scope === 'shared' ? 1 : zd.scope === 'player' ? s.players : s.sides;
    for (let o = 0; o < n; o++) {
      s.zones.push(zd.shape === 'row' && zd.slots !== undefined ? new Array<number>(zd.slots).fill(NONE) : []);
      s.zoneDecl.push(d);
      s.zoneOwner.push(zd.scope === 'shared' ? NONE : o);
    }
  }
  s.staticZones = s.zones.length;
  // Variables.
  for (let v = 0; v < def.vars.length; v++) {
    const vd = def.vars[v];
    if (vd.scope === 'pile') {
      s.varBase.push(s.pileVars.length);
      s.pileVars.push(new Array<number>(s.zones.length).fill(0));
      continue;
    }
    s.varBase.push(s.vars.length);
    const n = vd.scope === 'global' ? 1 : vd.scope === 'player' ? s.players : s.sides;
    for (let i = 0; i < n; i++) s.vars.push(0);
  }
  for (let v = 0; v < def.vars.length; v++) {
    const vd = def.vars[v];
    if (vd.scope === 'pile') continue;
    const value = vd.init(e);
    const n = vd.scope === 'global' ? 1 : vd.scope === 'player' ? s.players : s.sides;
    for (let i = 0; i < n; i++) s.vars[s.varBase[v] + i] = value;
  }
  // Physical cards in deck order, then ids by a seeded permutation.
  const physFace: number[] = [];
  const physOwner: number[] = [];
  const physDeck: number[] = [];
  def.decks.forEach((dk, d) => {
    const owners = dk.perSide ? s.sides : 1;
    for (let o = 0; o < owners; o++) {
      for (const f of dk.build(e)) {
        physFace.push(f);
        physOwner.push(dk.perSide ? o : NONE);
        physDeck.push(d);
      }
    }
  });
  const n = physFace.length;
  const ids: number[] = [];
  for (let i = 0; i < n; i++) ids.push(i);
  shuffleInPlace(e.wRng(), ids);
  s.face = new Array<number>(n);
  s.owner = new Array<number>(n);
  s.deck = new Array<number>(n);
  s.home = new Array<number>(n);
  s.cardZone = [];
  for (let i = 0; i < n; i += CARD_CHUNK) s.cardZone.push(new Array<number>(Math.min(CARD_CHUNK, n - i)).fill(NONE));
  for (let i = 0; i < n; i++) {
    const c = ids[i];
    const dk = def.decks[physDeck[i]];
    const home = e.zone(dk.home, dk.perSide ? physOwner[i] : 0);
    s.face[c] = physFace[i];
    s.owner[c] = physOwner[i];
    s.deck[c] = physDeck[i];
    s.home[c] = home;
    s.cardZone[c >> CARD_CHUNK_BITS][c & (CARD_CHUNK - 1)] = home;
    const z = s.zones[home];
    const hole = e.isRow(home) ? z.indexOf(NONE) : -1;
    if (hole >= 0) z[hole] = c;
    else z.push(c);
  }
  for (let k = (s.players + 1) * epochChunks(n); k > 0; k--) s.epochs.push(new Array<number>(EPOCH_CHUNK).fill(0));
}
