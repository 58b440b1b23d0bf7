// A seat's (or a spectator's) view of the state, redacted per language.md §5: hidden cards
// are backs without id, `count` zones show only their size, visible cards carry the
// viewer's opaque id (views/view-ids.ts).
import { VIS_COUNT, VIS_TOP } from '../core/compiled.ts';
import { engineFor, type Engine } from '../core/engine.ts';
import { NONE, type GameDef, type StageDef, type ZoneShape, type Visibility } from '../core/game-def.ts';
import { enumerateLegal } from '../core/legal.ts';
import type { Action } from '../core/codec.ts';
import type { GameResult, GameState } from '../core/state.ts';
import { scoresOf } from '../flow/rounds.ts';
import { epochOf, viewIdOf } from './view-ids.ts';
import { jsonEqual } from './view-patch.ts';
import { actionNames, recalledNames } from './action-names.ts';

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
export function isWild(e: Engine, card: number): boolean {
  const melds = e.def.melds;
  for (let m = 0; m < melds.length; m++) if (melds[m].isWild(e, card)) return true;
  return false;
}

/** One back per owner: backs say nothing but their owner, so every view may share them. */
const backs: ViewBack[] = [];
function backOf(owner: number): ViewBack {
  if (owner < -1 || owner > 64) return { back: owner };
  return (backs[owner + 1] ??= Object.freeze({ back: owner }) as ViewBack);
}

/**
 * How the viewer sees zone z now (the one bit a zone's redaction turns on, its array fixed): -1
 * when it sees nothing of it, else the index of the top it sees (`visible top` zones) or 0.
 */
export function sightOf(e: Engine, z: number, viewer: number): number {
  const at = e.c.vis[e.s.zoneDecl[z]] === VIS_TOP ? e.topIndex(z) : 0;
  return ((e.visibleMask(z, at) >> viewer) & 1) === 1 ? at : -1;
}

/** An earlier view of the same viewer and the state it was computed from (the base a new view shares with). */
export interface PreviousView {
  view: GameView;
  state: GameState;
}

/**
 * Whether `prev`, the viewer's view of zone z in state `ps`, is still its view in the engine's
 * state, for a viewer who sees into the zone: zone arrays are copy-on-write (core/working-copy.ts),
 * so the same array means the same cards; then the same declaration, owner and id keys, the view
 * built seeing into it too, and every visible card's id epoch and wild mark unchanged.
 */
function stillValid(e: Engine, z: number, viewer: number, prev: ZoneView, ps: GameState): boolean {
  const s = e.s;
  const a = s.zones[z];
  if (ps.zones[z] !== a || ps.zoneDecl[z] !== s.zoneDecl[z] || ps.zoneOwner[z] !== s.zoneOwner[z] || ps.keys !== s.keys) return false;
  const slots = prev.cards;
  if (slots === undefined || slots.length !== a.length) return false;
  const top = e.c.vis[s.zoneDecl[z]] === VIS_TOP ? e.topIndex(z) : -1;
  const sameEpochs = ps.epochs === s.epochs;
  for (let i = 0; i < a.length; i++) {
    const slot = slots[i];
    if (slot === null || slot === undefined) continue;
    // Built blind (a back where the viewer now sees a card): not this view.
    if ('back' in slot) {
      if (top < 0 || i === top) return false;
      continue;
    }
    const c = a[i];
    if (!sameEpochs && epochOf(ps, viewer, c) !== epochOf(s, viewer, c)) return false;
    if ((slot.wild === true) !== isWild(e, c)) return false;
  }
  return true;
}

/**
 * Zone views that show no card (`count` zones, and zones whose every card is a back to the
 * viewer) are the same for every viewer who sees nothing of the zone: the last two built for each
 * zone (by its array, which is its version) are kept per game and shared — two, because a
 * fan-out or a patch builds each viewer's old and new view of a zone in turn.
 */
interface BlindEntry {
  cards: readonly number[];
  decl: number;
  owner: number;
  view: ZoneView;
}
const blindViews = new WeakMap<GameDef, { latest: (BlindEntry | undefined)[]; older: (BlindEntry | undefined)[] }>();

function blindView(e: Engine, z: number, prev: ZoneView | undefined, ps: GameState | undefined): ZoneView {
  const s = e.s;
  const a = s.zones[z];
  const decl = s.zoneDecl[z];
  const owner = s.zoneOwner[z];
  let kept = blindViews.get(e.def);
  if (kept === undefined) blindViews.set(e.def, (kept = { latest: [], older: [] }));
  const last = kept.latest[z];
  if (last !== undefined && last.cards === a && last.decl === decl && last.owner === owner) return last.view;
  const older = kept.older[z];
  if (older !== undefined && older.cards === a && older.decl === decl && older.owner === owner) return older.view;
  kept.older[z] = last;
  // The viewer's own previous view of the zone, built blind from the same array.
  if (prev !== undefined && ps !== undefined && ps.zones[z] === a && ps.zoneDecl[z] === decl && ps.zoneOwner[z] === owner && (prev.cards?.every((c) => c === null || 'back' in c) ?? true)) {
    kept.latest[z] = { cards: a, decl, owner, view: prev };
    return prev;
  }
  const zd = e.def.zones[decl];
  const zv: ZoneView = { id: z, name: zd.name, owner, shape: zd.shape, visibility: zd.visibility, count: e.count(z) };
  if (e.c.vis[decl] !== VIS_COUNT) {
    const cards: ViewSlot[] = [];
    for (let i = 0; i < a.length; i++) cards.push(a[i] < 0 ? null : backOf(s.owner[a[i]]));
    zv.cards = cards;
  }
  kept.latest[z] = { cards: a, decl, owner, view: zv };
  return zv;
}

/** Zone z as `viewer` sees it (e in read mode); `prev`, the same viewer's view of it in state `ps` (an ancestor), when it is still valid. */
export function zoneView(e: Engine, z: number, viewer: number, prev?: ZoneView, ps?: GameState): ZoneView {
  const s = e.s;
  const decl = s.zoneDecl[z];
  if (e.c.vis[decl] === VIS_COUNT || sightOf(e, z, viewer) < 0) return blindView(e, z, prev, ps);
  if (prev !== undefined && ps !== undefined && prev.id === z && stillValid(e, z, viewer, prev, ps)) return prev;
  const zd = e.def.zones[decl];
  const zv: ZoneView = { id: z, name: zd.name, owner: s.zoneOwner[z], shape: zd.shape, visibility: zd.visibility, count: e.count(z) };
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
    } else cards.push(backOf(s.owner[c]));
  }
  zv.cards = cards;
  return zv;
}

/** Redacted zones as `viewer` sees them (e in read mode); zones unchanged since `previous` (the same viewer's earlier view, and its state) are its objects. */
export function zoneViews(e: Engine, viewer: number, previous?: { zones: readonly ZoneView[]; state: GameState }): ZoneView[] {
  const out: ZoneView[] = [];
  const ps = previous?.state;
  for (let z = 0; z < e.s.zones.length; z++) out.push(zoneView(e, z, viewer, previous?.zones[z], ps));
  return out;
}

/**
 * What `seat` (or a spectator) may see of the state.
 *
 * `previous`, the same seat's earlier view in this game and the state it was computed from (an
 * ancestor of `state`), makes the new view share its unchanged parts: zones whose cards,
 * visibility, ids and wild marks did not change are the previous view's objects, and so are equal
 * seat lists, variables, scores and the like. The value is exactly the one computed without it;
 * only identities differ, so a diff against the previous view (diffView) stops at them. Views are
 * read-only: never mutate one.
 *
 * @example
 * socket.send(JSON.stringify(view(def, state, 2)));
 * const next = view(def, nextState, 2, { view: last, state }); // shares last's unchanged zones
 */
export function view(def: GameDef, state: GameState, seat: number | 'spectator', previous?: PreviousView): GameView {
  const e = engineFor(def);
  e.busy = true;
  try {
    e.begin(state, state.lastAt, false);
    const usable = previous !== undefined && previous.view.seat === seat && previous.state.game === state.game && previous.state.keys === state.keys;
    return build(e, seat, usable ? previous : undefined);
  } finally {
    e.busy = false;
  }
}

/** `prev` when it equals `next` (small values of a view: reusing them lets a diff stop at identity), else `next`. */
function same<T>(prev: T | undefined, next: T): T {
  return prev !== undefined && jsonEqual(prev, next) ? prev : next;
}

function build(e: Engine, seat: number | 'spectator', previous: PreviousView | undefined): GameView {
  const prev = previous?.view;
  let zones = zoneViews(e, viewerIndex(e.s, seat), previous && { zones: prev!.zones, state: previous.state });
  if (prev !== undefined && zones.length === prev.zones.length && zones.every((z, i) => z === prev.zones[i])) zones = prev.zones;
  return viewWith(e, seat, prev, zones);
}

/** The names of the actions `seat` may take in the engine's state (a view's `actions`): remembered from its last enumeration, else enumerated. */
export function actionNamesOf(e: Engine, seat: number): string[] {
  const known = recalledNames(e.def, e.s, seat);
  if (known !== undefined) return known;
  const legal: Action[] = [];
  enumerateLegal(e, seat, legal);
  return actionNames(legal);
}

/** The view with these zones: every other part built from the engine's state, equal parts of `prev` reused. */
export function viewWith(e: Engine, seat: number | 'spectator', prev: GameView | undefined, zones: ZoneView[]): GameView {
  const s = e.s;
  const def = e.def;
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
  const names = seat === 'spectator' ? [] : actionNamesOf(e, seat);
  const sd = s.stage >= 0 ? def.stages[def.rounds.stages[s.stage]] : null;
  const roleNames = def.sides?.roles ?? [];
  return {
    game: s.game,
    seat,
    players: s.players,
    sideOf: same(prev?.sideOf, s.sideOf.slice()),
    roles: same(
      prev?.roles,
      s.roles.map((mask) => roleNames.filter((_, r) => ((mask >> r) & 1) === 1)),
    ),
    out: same(prev?.out, s.out.slice()),
    round: s.round,
    dealer: s.dealer,
    direction: s.dir < 0 ? -1 : 1,
    current: orNull(s.current),
    stage: same(
      prev?.stage,
      sd === null
        ? null
        : {
            name: sd.name,
            kind: sd.kind,
            started: s.stageStart,
            deadline: orNull(s.stageDeadline),
            step: sd.kind === 'turns' && sd.steps.length > 0 ? sd.steps[s.step] : null,
          },
    ),
    window: same(prev?.window, s.window === NONE ? null : { name: def.windows[s.window].name, started: s.windowStart, deadline: orNull(s.windowDeadline) }),
    pause: same(prev?.pause, s.pauseUntil >= 0 ? { until: s.pauseUntil } : null),
    turnDeadline: orNull(s.turnDeadline),
    idleDeadline: orNull(s.idleDeadline),
    now: s.lastAt,
    zones,
    vars: same(prev?.vars, vars),
    scores: same(prev?.scores, scoresOf(e)),
    actions: same(prev?.actions, names),
    result: same(prev?.result, s.result),
  };
}
