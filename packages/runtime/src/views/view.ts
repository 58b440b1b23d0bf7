// A seat's (or a spectator's) view of the state, redacted per language.md §5: hidden cards
// are backs without id, `count` zones show only their size, visible cards carry the
// viewer's opaque id (views/view-ids.ts).
import { VIS_COUNT } from '../core/compiled.ts';
import { engineFor, type Engine } from '../core/engine.ts';
import { NONE, type GameDef, type StageDef, type ZoneShape, type Visibility } from '../core/game-def.ts';
import { enumerateLegal } from '../core/legal.ts';
import type { Action } from '../core/codec.ts';
import type { GameResult, GameState } from '../core/state.ts';
import { scoresOf } from '../flow/rounds.ts';
import { viewIdOf } from './view-ids.ts';

export interface ViewCard {
  /** The viewer's opaque id for this card (what actions name). */
  id: number;
  /** Face index and its notation (`R5`). */
  face: number;
  shown: string;
  /** The side whose deck it belongs to, -1 for shared decks. */
  owner: number;
  /**
   * Present (true) when the card is wild under one of the game's meld rules right now
   * (`MeldRulesDef.isWild`): Five Crowns' rotating rank is not printed on the card.
   */
  wild?: true;
}
export interface ViewBack {
  back: number;
}
export type ViewSlot = ViewCard | ViewBack | null;

export interface ZoneView {
  /** Zone instance id (piles are named by it in actions). */
  id: number;
  name: string;
  owner: number;
  shape: ZoneShape;
  visibility: Visibility;
  count: number;
  /** Bottom→top (rows: slots with null holes); absent for `count` zones. */
  cards?: ViewSlot[];
}

export interface GameView {
  game: string;
  seat: number | 'spectator';
  players: number;
  sideOf: number[];
  /** Role names per player. */
  roles: string[][];
  /** Players sitting this round out. */
  out: number[];
  round: number;
  dealer: number;
  direction: 1 | -1;
  current: number | null;
  stage: { name: string; kind: StageDef['kind']; started: number; deadline: number | null; step: string | null } | null;
  window: { name: string; started: number; deadline: number | null } | null;
  pause: { until: number } | null;
  turnDeadline: number | null;
  idleDeadline: number | null;
  /** Logical time of the last accepted action or timer. */
  now: number;
  zones: ZoneView[];
  /** Variables by name: a number (global), per seat arrays (player/side), per pile id (pile). */
  vars: Record<string, number | number[] | Record<number, number>>;
  scores: number[];
  /** Names of the actions this seat may take now (empty for the spectator). */
  actions: string[];
  result: GameResult | null;
}

function orNull(n: number): number | null {
  return n < 0 ? null : n;
}

/** The viewer index of a seat: players are 0..n-1, the spectator is n. */
export function viewerIndex(state: GameState, seat: number | 'spectator'): number {
  return seat === 'spectator' ? state.players : seat;
}

/** Whether a card is wild under any of the game's meld rules (in the state `e` reads). */
function isWild(e: Engine, card: number): boolean {
  const melds = e.def.melds;
  for (let m = 0; m < melds.length; m++) if (melds[m].isWild(e, card)) return true;
  return false;
}

/** Redacted zones as `viewer` sees them (e in read mode). */
export function zoneViews(e: Engine, viewer: number): ZoneView[] {
  const s = e.s;
  const out: ZoneView[] = [];
  for (let z = 0; z < s.zones.length; z++) {
    const decl = s.zoneDecl[z];
    const zd = e.def.zones[decl];
    const zv: ZoneView = { id: z, name: zd.name, owner: s.zoneOwner[z], shape: zd.shape, visibility: zd.visibility, count: e.count(z) };
    if (e.c.vis[decl] !== VIS_COUNT) {
      const cards: ViewSlot[] = [];
      const a = s.zones[z];
      for (let i = 0; i < a.length; i++) {
        const c = a[i];
        if (c < 0) cards.push(null);
        else if (((e.visibleMask(z, i) >> viewer) & 1) === 1) {
          const f = s.face[c];
          const card: ViewCard = { id: viewIdOf(s, viewer, c), face: f, shown: e.def.faces.notation[f], owner: s.owner[c] };
          if (isWild(e, c)) card.wild = true;
          cards.push(card);
        } else cards.push({ back: s.owner[c] });
      }
      zv.cards = cards;
    }
    out.push(zv);
  }
  return out;
}

/**
 * What `seat` (or a spectator) may see of the state.
 *
 * @example
 * socket.send(JSON.stringify(view(def, state, 2)));
 */
export function view(def: GameDef, state: GameState, seat: number | 'spectator'): GameView {
  const e = engineFor(def);
  e.busy = true;
  try {
    e.begin(state, state.lastAt, false);
    return build(e, seat);
  } finally {
    e.busy = false;
  }
}

function build(e: Engine, seat: number | 'spectator'): GameView {
  const s = e.s;
  const def = e.def;
  const viewer = viewerIndex(s, seat);
  const vars: GameView['vars'] = {};
  def.vars.forEach((vd, v) => {
    if (vd.scope === 'global') vars[vd.name] = e.g(v);
    else if (vd.scope === 'pile') {
      const per: Record<number, number> = {};
      for (let d = 0; d < def.zones.length; d++) for (const z of s.families[d]) per[z] = e.zv(v, z);
      vars[vd.name] = per;
    } else {
      const n = vd.scope === 'player' ? s.players : s.sides;
      const arr: number[] = [];
      for (let i = 0; i < n; i++) arr.push(s.vars[s.varBase[v] + i]);
      vars[vd.name] = arr;
    }
  });
  const names: string[] = [];
  if (seat !== 'spectator') {
    const legal: Action[] = [];
    enumerateLegal(e, seat, legal);
    for (const a of legal) if (!names.includes(a.type)) names.push(a.type);
  }
  const sd = s.stage >= 0 ? def.stages[def.rounds.stages[s.stage]] : null;
  const roleNames = def.sides?.roles ?? [];
  return {
    game: s.game,
    seat,
    players: s.players,
    sideOf: s.sideOf.slice(),
    roles: s.roles.map((mask) => roleNames.filter((_, r) => ((mask >> r) & 1) === 1)),
    out: s.out.slice(),
    round: s.round,
    dealer: s.dealer,
    direction: s.dir < 0 ? -1 : 1,
    current: orNull(s.current),
    stage:
      sd === null
        ? null
        : {
            name: sd.name,
            kind: sd.kind,
            started: s.stageStart,
            deadline: orNull(s.stageDeadline),
            step: sd.kind === 'turns' && sd.steps.length > 0 ? sd.steps[s.step] : null,
          },
    window: s.window === NONE ? null : { name: def.windows[s.window].name, started: s.windowStart, deadline: orNull(s.windowDeadline) },
    pause: s.pauseUntil >= 0 ? { until: s.pauseUntil } : null,
    turnDeadline: orNull(s.turnDeadline),
    idleDeadline: orNull(s.idleDeadline),
    now: s.lastAt,
    zones: zoneViews(e, viewer),
    vars,
    scores: scoresOf(e),
    actions: names,
    result: s.result,
  };
}
