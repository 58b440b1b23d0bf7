// The live table: the room's frames folded into rune state — view, legal actions, presence, timers'
// clock, optimistic plays and their fate, announcements, dice, round scores and the result.
import { tick } from 'svelte';
import { api, type RoomSummary } from '../net/api.ts';
import { ServerClock } from '../net/clock.ts';
import type { GameResult, GameView, SeatPresence, ServerMessage, ViewEvent, WireAction } from '../net/protocol.ts';
import { RoomSocket, type LinkState } from '../net/socket.ts';
import { answer, bindCard, bindPile, buttonActions, nextQuestion, playableCards, type Binding, type Question } from './candidates.ts';
import { humanize, rateOf, type ClientDef } from './def.ts';
import { cardOf, destinationOf, optimisticView, type Pending } from './optimistic.ts';
import { heldSeat } from './seats.ts';

export interface Flash {
  key: number;
  card?: number;
  kind: 'beaten' | 'rejected';
  text: string;
}

export interface Roll {
  key: number;
  die: string;
  value: number;
  seat: number | null;
}

export interface RoundScores {
  round: number;
  totals: number[];
}

/** Hooks the renderer sets to animate: `before` runs before a new view lands, `after` once it is drawn. */
export interface FrameHooks {
  before?: () => void;
  after?: (events: readonly ViewEvent[]) => void;
}

let keys = 0;

export class TableStore {
  readonly roomId: string;
  def = $state.raw<ClientDef | null>(null);
  summary = $state.raw<RoomSummary | null>(null);
  serverView = $state.raw<GameView | null>(null);
  legal = $state.raw<WireAction[]>([]);
  seat = $state<number | null>(null);
  status = $state('loading');
  link = $state<LinkState>('connecting');
  rtt = $state<number | null>(null);
  presence = $state.raw<SeatPresence[]>([]);
  result = $state.raw<GameResult | null>(null);
  n = $state(0);
  binding = $state.raw<Binding>({ args: {} });
  pending = $state.raw<Pending[]>([]);
  flashes = $state.raw<Flash[]>([]);
  notices = $state.raw<{ key: number; text: string; kind: 'info' | 'error' }[]>([]);
  log = $state.raw<{ key: number; text: string }[]>([]);
  live = $state('');
  rolls = $state.raw<Roll[]>([]);
  rounds = $state.raw<RoundScores[]>([]);
  error = $state<string | null>(null);
  /** Ticks every animation frame while something counts down (components read it for timers). */
  clockTick = $state(0);

  readonly clock = new ServerClock();
  hooks: FrameHooks = {};
  private socket: RoomSocket | null = null;

  /** The view drawn: the server's, with this seat's pending plays applied. */
  view = $derived.by(() => (this.serverView ? optimisticView(this.serverView, this.pending) : null));
  question = $derived.by<Question>(() =>
    this.def && (this.binding.type !== undefined || Object.keys(this.binding.args).length > 0)
      ? nextQuestion(this.def, this.legal, this.binding)
      : { kind: 'none' },
  );

  /** Cards a click would play (or that answer the open card question). */
  playable = $derived.by<Set<number>>(() => {
    const q = this.question;
    if (q.kind === 'param' && q.param.kind === 'card') return new Set(q.values.filter((v): v is number => typeof v === 'number'));
    if (q.kind !== 'none' || !this.def) return new Set();
    return new Set(playableCards(this.def, this.legal).keys());
  });
  /** Piles (zone ids, or 'new') a click would choose for the open pile question. */
  pileTargets = $derived.by<Set<number | 'new'>>(() => {
    const q = this.question;
    if (q.kind !== 'param' || q.param.kind !== 'pile') return new Set();
    return new Set(q.values.filter((v): v is number | 'new' => typeof v === 'number' || v === 'new'));
  });
  /** Actions offered as buttons (no card to start from). */
  buttons = $derived.by<string[]>(() => (this.def ? buttonActions(this.def, this.legal) : []));
  pendingCards = $derived.by<Set<number>>(() => new Set(this.pending.flatMap((p) => (p.card !== undefined ? [p.card] : []))));

  flashFor(card: number): string {
    return this.flashes.find((f) => f.card === card)?.text ?? '';
  }

  /** Connected to the room (false for a replay: no link, no latency). */
  readonly online: boolean;

  constructor(roomId: string, live = true) {
    this.roomId = roomId;
    this.online = live;
  }

  /** Connects with the seat token held here (if any) while the room and its game's tables load. */
  async start(): Promise<void> {
    this.rounds = loadRounds(this.roomId);
    const held = heldSeat(this.roomId);
    this.socket = new RoomSocket(this.roomId, held?.token, {
      message: (m, at) => void this.onMessage(m, at),
      state: (s) => (this.link = s),
      rtt: (ms, serverNow, sent, received) => {
        this.rtt = Math.round(ms);
        this.clock.pong(sent, received, serverNow);
      },
    });
    this.socket.open();
    try {
      this.summary = await api.room(this.roomId);
      this.def = await defOf(this.summary.game);
    } catch (e) {
      this.error = e instanceof Error ? e.message : String(e);
      this.status = 'error';
      this.stop();
    }
  }

  stop(): void {
    clearTimeout(this.rateTimer);
    this.socket?.close();
    this.socket = null;
  }

  /** Drops the socket as a network failure would; it reconnects by itself. */
  dropConnection(): void {
    this.socket?.drop();
  }

  isMe(player: number): boolean {
    return this.seat === player;
  }

  seatName(player: number): string {
    if (this.seat === player) return 'You';
    const s = this.summary?.seats[player];
    if (s?.name) return s.name;
    if (s?.kind === 'bot') return `Bot ${player + 1}${s.level ? ` (${s.level})` : ''}`;
    return `Player ${player + 1}`;
  }

  private async refreshSummary(): Promise<void> {
    try {
      this.summary = await api.room(this.roomId);
    } catch {
      /* keep the last one */
    }
  }

  private async onMessage(m: ServerMessage, at: number): Promise<void> {
    switch (m.t) {
      case 'welcome':
        this.seat = m.seat;
        this.status = m.status;
        this.presence = m.seats;
        this.clock.observe(m.now, at);
        this.pending = [];
        this.binding = { args: {} };
        await this.land(m.view, m.legal ?? [], m.n, [], m.result);
        return;
      case 'update': {
        if (this.status === 'waiting') {
          this.status = 'playing';
          this.clock.reset();
          void this.refreshSummary();
        }
        this.clock.observe(m.now, at);
        this.narrate(m.events);
        await this.land(m.view, m.legal ?? [], m.n, m.events, m.result);
        return;
      }
      case 'ack': {
        const p = this.pending.find((x) => x.seq === m.seq);
        if (!p) return;
        if (p.speculative) this.holdRate(p.action);
        this.pending = m.n <= this.n ? this.pending.filter((x) => x !== p) : this.pending.map((x) => (x === p ? { ...x, ackN: m.n } : x));
        return;
      }
      case 'reject': {
        const p = this.pending.find((x) => x.seq === m.seq);
        this.hooks.before?.();
        this.pending = this.pending.filter((x) => x.seq !== m.seq);
        void tick().then(() => this.hooks.after?.([]));
        if (p?.speculative) {
          // A rate-limited action offered again was tried too soon or is no longer allowed.
          if (m.code === 'rate/limited') this.holdRate(p.action);
          this.legal = this.offer(this.serverLegal);
        } else if (m.code === 'race/beaten') {
          this.flash({ kind: 'beaten', text: 'Beaten!', ...(p?.card !== undefined ? { card: p.card } : {}) });
          this.say('Beaten: another player got there first.');
          this.notice('Beaten! Another player got there first.', 'error');
        } else {
          this.flash({ kind: 'rejected', text: m.message, ...(p?.card !== undefined ? { card: p.card } : {}) });
          this.notice(m.message, 'error');
        }
        return;
      }
      case 'presence':
        this.presence = m.seats;
        void this.refreshSummary();
        return;
      case 'error':
        this.notice(m.message, 'error');
        if (m.code === 'room/unknown' || m.code === 'auth/invalid_token') this.error = m.message;
        return;
      case 'bye':
        this.notice(m.message, 'info');
        if (m.code === 'room/archived') this.status = 'finished';
        return;
      case 'pong':
        return;
    }
  }

  /** Shows one step of a replay (no socket): the view, its events for the log and animations. */
  async replayFrame(view: GameView, events: readonly ViewEvent[], n: number, rounds: RoundScores[]): Promise<void> {
    this.seat = typeof view.seat === 'number' ? view.seat : null;
    this.rounds = rounds;
    this.narrate(events.filter((e) => e.type !== 'round'));
    this.result = view.result;
    this.status = view.result ? 'finished' : 'playing';
    await this.land(view, [], n, events, view.result ?? undefined);
  }

  /** A new server view: animate from the old one, drop pending plays it confirms. */
  // ---- rate-limited actions ------------------------------------------------------------
  // The server lists legal actions as of the last accepted action, so an action with a `rate`
  // (roll at most once per 300 ms) drops out of the list after I take it and would not come back
  // until someone else acts. A parameterless one is offered again here once its rate has passed,
  // while the window or stage I took it in is still open; the server still judges it.
  private rateHeld = new Map<string, { action: WireAction; until: number; scope: string }>();
  private rateTimer: ReturnType<typeof setTimeout> | undefined;

  private scopeOf(view: GameView): string {
    return view.window ? `w:${view.window.name}:${view.window.started}:${view.round}` : `s:${view.stage?.name}:${view.stage?.started}:${view.round}`;
  }

  private holdRate(action: WireAction): void {
    const rate = this.def ? rateOf(this.def, action.type, this.summary?.options) : null;
    if (!rate || action.args || action.expect || !this.serverView) return;
    this.rateHeld.set(action.type, { action, until: performance.now() + rate + 30, scope: this.scopeOf(this.serverView) });
  }

  /** The server's list, plus held rate-limited actions whose time has come again. */
  private offer(legal: WireAction[]): WireAction[] {
    clearTimeout(this.rateTimer);
    const view = this.serverView;
    if (!view || this.rateHeld.size === 0) return legal;
    const scope = this.scopeOf(view);
    const out = [...legal];
    let next = Infinity;
    for (const [type, h] of this.rateHeld) {
      if (h.scope !== scope || legal.some((a) => a.type === type)) {
        this.rateHeld.delete(type);
        continue;
      }
      if (h.until <= performance.now()) out.push(h.action);
      else next = Math.min(next, h.until);
    }
    if (next < Infinity) {
      this.rateTimer = setTimeout(() => (this.legal = this.offer(this.serverLegal)), next - performance.now());
    }
    return out;
  }

  /** Legal actions as the server last sent them (`legal` adds held rate-limited ones). */
  private serverLegal: WireAction[] = [];

  private async land(view: GameView, legal: WireAction[], n: number, events: readonly ViewEvent[], result: GameResult | undefined): Promise<void> {
    this.hooks.before?.();
    this.serverView = view;
    this.serverLegal = legal;
    this.legal = this.offer(legal);
    this.n = n;
    this.pending = this.pending.filter((p) => p.ackN === undefined || p.ackN > n);
    if (result) {
      this.result = result;
      this.status = 'finished';
    }
    if (this.binding.type !== undefined || Object.keys(this.binding.args).length > 0) {
      if (this.question.kind === 'none') this.binding = { args: {} };
    }
    await tick();
    this.hooks.after?.(events);
  }

  /** Announcements, plays and rolls for the log and the live region; round ends for the score table. */
  private narrate(events: readonly ViewEvent[]): void {
    const lines: string[] = [];
    let actor: number | null = null;
    for (const e of events) {
      if (e.type === 'action') {
        actor = e.seat;
        if (e.seat !== this.seat) lines.push(`${this.seatName(e.seat)}: ${humanize(e.action)}`);
      } else if (e.type === 'move' && 'shown' in e && actor !== null && actor !== this.seat && lines.length > 0) {
        lines[lines.length - 1] += ` ${e.shown}`;
      } else if (e.type === 'announce') {
        lines.push(e.text);
      } else if (e.type === 'roll') {
        this.rolls = [...this.rolls.slice(-3), { key: ++keys, die: e.die, value: e.value, seat: actor }];
      } else if (e.type === 'round' && e.phase === 'end' && e.scores) {
        const round = e.round;
        this.rounds = [...this.rounds.filter((r) => r.round !== round), { round, totals: e.scores }];
        saveRounds(this.roomId, this.rounds);
        lines.push(`Round ${round} is over.`);
      } else if (e.type === 'game_over') {
        lines.push(`Game over: ${e.winners.map((w) => this.seatName(w)).join(' and ')} ${e.winners.length === 1 && e.winners[0] !== this.seat ? 'wins' : 'win'}.`);
      }
    }
    for (const l of lines) this.log = [...this.log.slice(-30), { key: ++keys, text: l }];
    if (lines.length > 0) this.live = lines.slice(-3).join(' ');
  }

  say(text: string): void {
    this.log = [...this.log.slice(-30), { key: ++keys, text }];
    this.live = text;
  }

  notice(text: string, kind: 'info' | 'error'): void {
    const key = ++keys;
    this.notices = [...this.notices.slice(-2), { key, text, kind }];
    setTimeout(() => (this.notices = this.notices.filter((x) => x.key !== key)), 4000);
  }

  private flash(f: Omit<Flash, 'key'>): void {
    const key = ++keys;
    this.flashes = [...this.flashes, { key, ...f }];
    setTimeout(() => (this.flashes = this.flashes.filter((x) => x.key !== key)), 2500);
  }

  // ---- playing ---------------------------------------------------------------------------

  /** Sends an action now and shows it at once. */
  send(action: WireAction): void {
    this.binding = { args: {} };
    if (!this.def || !this.serverView) return;
    const seq = this.socket?.act(action) ?? null;
    if (seq === null) return this.notice('Not connected: reconnecting…', 'error');
    const card = cardOf(this.def, action);
    const dest = destinationOf(this.def, this.serverView, action);
    // An action offered again after its rate (not in the server's list) may still fail its guard:
    // it is tried once, quietly, and offered again only after the next accepted one.
    const speculative = !this.serverLegal.some((a) => a.type === action.type);
    this.pending = [...this.pending, { seq, action, ...(card !== undefined ? { card } : {}), ...(dest !== undefined ? { dest } : {}), ...(speculative ? { speculative } : {}) }];
    if (speculative) this.rateHeld.delete(action.type);
    else this.holdRate(action);
    if (this.def.actions.find((a) => a.name === action.type)?.params.length === 0) this.say(`You: ${humanize(action.type)}`);
  }

  private proceed(b: Binding): void {
    if (!this.def) return;
    const q = nextQuestion(this.def, this.legal, b);
    if (q.kind === 'send') return this.send(q.action);
    this.binding = q.kind === 'none' ? { args: {} } : b;
  }

  /** A click (or Enter) on a card: plays it, or asks what is still open. */
  chooseCard(card: number): void {
    if (!this.def) return;
    const fresh = bindCard(this.def, this.legal, { args: {} }, card);
    const q = this.question;
    if (q.kind === 'param' && q.param.kind === 'card' && q.values.includes(card)) {
      return this.proceed(answer(this.binding, q, card));
    }
    if (fresh) this.proceed(fresh);
  }

  /** A click on a pile (or the "new pile" spot) while a card waits for its target. */
  choosePile(pile: number | 'new'): void {
    if (!this.def) return;
    const b = bindPile(this.def, this.legal, this.binding, pile);
    if (b) this.proceed(b);
  }

  /** A card dropped on a zone: the pile parameter when the zone is a target, else as a click. */
  dropCard(card: number, zone: number | 'new' | null): boolean {
    if (!this.def) return false;
    const withCard = bindCard(this.def, this.legal, { args: {} }, card);
    if (!withCard) return false;
    if (zone !== null) {
      const withPile = bindPile(this.def, this.legal, withCard, zone);
      if (withPile) {
        this.proceed(withPile);
        return true;
      }
    }
    this.proceed(withCard);
    return true;
  }

  /** An action button: sends it, or asks for its parameters. */
  chooseAction(type: string): void {
    this.proceed({ type, args: {} });
  }

  /** An answer in a dialog. */
  choose(value: string | number | boolean | number[]): void {
    const q = this.question;
    if (q.kind === 'type' || q.kind === 'param') this.proceed(answer(this.binding, q, value));
  }

  cancel(): void {
    this.binding = { args: {} };
  }
}

const defs = new Map<string, Promise<ClientDef>>();

/** A game's tables, fetched once per page (play again, reconnects and replays reuse them). */
export function defOf(game: string): Promise<ClientDef> {
  let p = defs.get(game);
  if (!p) {
    p = api.def(game);
    p.catch(() => defs.delete(game));
    defs.set(game, p);
  }
  return p;
}

function loadRounds(room: string): RoundScores[] {
  try {
    return JSON.parse(sessionStorage.getItem(`decksmith:rounds:${room}`) ?? '[]') as RoundScores[];
  } catch {
    return [];
  }
}

function saveRounds(room: string, rounds: RoundScores[]): void {
  try {
    sessionStorage.setItem(`decksmith:rounds:${room}`, JSON.stringify(rounds));
  } catch {
    /* private mode */
  }
}
