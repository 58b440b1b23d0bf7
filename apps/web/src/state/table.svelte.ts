// The live table: the room's frames folded into rune state — view, legal actions, presence, timers'
// clock, optimistic plays and their fate, announcements, dice, round scores and the result.
import { tick } from 'svelte';
import { api, type RoomSummary } from '../net/api.ts';
import { ServerClock } from '../net/clock.ts';
import type { GameResult, GameView, SeatPresence, ServerMessage, ViewEvent, ViewSlot, WireAction } from '../net/protocol.ts';
import { RoomSocket, type LinkState } from '../net/socket.ts';
import { answer, bindCard, bindPile, buttonActions, nextQuestion, playableCards, type Binding, type Question } from './candidates.ts';
import { extraActions, learnLandings, whyNot } from './card-choices.ts';
import { actionDef, rateOf, type ClientDef } from './def.ts';
import { arrange, loadArrangement, moveCard, saveArrangement, type HandArrangement, type HandSort } from './hand-order.ts';
import { readable } from './names.ts';
import { cardOf, destinationOf, optimisticView, type Pending } from './optimistic.ts';
import { roundEnd, summarise, type RoundSummary } from './round-summary.ts';
import { loadRounds, saveRounds } from './round-storage.ts';
import { heldSeat } from './seats.ts';
import { defOf } from './def-cache.ts';
import { SocialState } from '../chat/social.svelte.ts';

export { defOf };
import { faceModel } from '../table/face.ts';
import { botLevelName } from '../lib/names.ts';

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
  /** The round that just ended, shown until dismissed (live tables only). */
  roundSummary = $state.raw<RoundSummary | null>(null);
  /** How my hand is arranged (remembered per table in this browser). */
  hand = $state.raw<HandArrangement>({ sort: 'dealt', order: [] });
  /** Set when a card was played from the keyboard: the hand takes the focus back once it is redrawn. */
  refocus = $state<{ index: number } | null>(null);
  error = $state<string | null>(null);
  /** Chat, reasons for disabled actions and a rematch on offer (chat/social.svelte.ts). */
  readonly social = new SocialState((msg) => this.socket?.say(msg) ?? false);
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
  /** Cards that offer more than the others (a card that can also go out), with those actions. */
  extras = $derived.by<Map<number, string[]>>(() => (this.def && this.question.kind === 'none' ? extraActions(this.def, this.legal) : new Map()));
  /** Actions offered as buttons (no card to start from). */
  buttons = $derived.by<string[]>(() => (this.def ? buttonActions(this.def, this.legal) : []));
  pendingCards = $derived.by<Set<number>>(() => new Set(this.pending.flatMap((p) => (p.card !== undefined ? [p.card] : []))));

  /** The piles a card can be dropped on now (its actions' pile arguments: zone ids, or `new`). */
  dropTargets(card: number): string {
    if (!this.def) return '';
    const out = new Set<string>();
    for (const a of this.legal) {
      if (cardOf(this.def, a) !== card) continue;
      for (const p of actionDef(this.def, a.type)?.params ?? []) if (p.kind === 'pile' && a.args?.[p.name] !== undefined) out.add(String(a.args[p.name]));
    }
    return [...out].join(' ');
  }

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
    this.hand = loadArrangement(this.roomId);
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
    if (s?.kind === 'bot') return `Bot ${player + 1}${s.level ? ` (${botLevelName(s.level)})` : ''}`;
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
        const before = this.rounds[this.rounds.length - 1]?.totals;
        const lastView = this.serverView;
        this.narrate(m.events);
        this.summariseRound(m.events, before, lastView, m.result);
        await this.land(m.view, m.legal ?? [], m.n, m.events, m.result);
        return;
      }
      case 'ack': {
        this.probes.delete(m.seq);
        const p = this.pending.find((x) => x.seq === m.seq);
        if (!p) return;
        if (p.speculative) this.holdRate(p.action);
        this.pending = m.n <= this.n ? this.pending.filter((x) => x !== p) : this.pending.map((x) => (x === p ? { ...x, ackN: m.n } : x));
        return;
      }
      case 'reject': {
        const probe = this.probes.get(m.seq);
        if (probe !== undefined) {
          // A card no legal action named, asked about: the server's reason, nothing changed.
          this.probes.delete(m.seq);
          return this.refuse(probe, m.message);
        }
        const p = this.pending.find((x) => x.seq === m.seq);
        this.hooks.before?.();
        this.pending = this.pending.filter((x) => x.seq !== m.seq);
        void tick().then(() => this.hooks.after?.([]));
        if (p?.speculative) {
          // A rate-limited action offered again was tried too soon or is no longer allowed.
          if (m.code === 'rate/limited') this.holdRate(p.action);
          this.legal = this.offer(this.serverLegal);
        } else if (m.code === 'race/beaten' || m.beaten !== undefined) {
          // The server says who was first and by how much (estimated send times): "Player 3 played first by 12 ms".
          const first = m.beaten ? `Player ${m.beaten.by + 1} played first by ${m.beaten.ms} ms` : 'Another player got there first';
          this.flash({ kind: 'beaten', text: 'Beaten!', ...(p?.card !== undefined ? { card: p.card } : {}) });
          this.say(`Beaten: ${first}.`);
          this.notice(`Beaten! ${first}.`, 'error');
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
      case 'chat':
      case 'why':
      case 'rematch':
        return this.social.receive(m);
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
        if (e.seat !== this.seat) lines.push(`${this.seatName(e.seat)}: ${readable(this.def, e.action)}`);
      } else if (e.type === 'move' && 'shown' in e && actor !== null && actor !== this.seat && lines.length > 0) {
        lines[lines.length - 1] += lines[lines.length - 1]!.endsWith(')') ? '' : ` (${this.def ? faceModel(this.def, e.face).label : e.shown})`;
      } else if (e.type === 'announce') {
        lines.push(this.withNames(e.text));
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

  /** Announcements name players "Player 2": the names the seat panels use instead ("You", "Bot 2 (Casual)"). */
  withNames(text: string): string {
    return text.replace(/\bPlayer (\d+)\b( \w+)?/g, (m, n: string, verb: string | undefined) => {
      if (!(Number(n) >= 1 && Number(n) <= (this.serverView?.players ?? 0))) return m;
      const name = this.seatName(Number(n) - 1);
      return `${name}${name === 'You' && verb ? youVerb(verb) : (verb ?? '')}`;
    });
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
    if (this.def.actions.find((a) => a.name === action.type)?.params.length === 0) this.say(`You: ${readable(this.def, action.type)}`);
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

  /**
   * A card dropped on a zone: the pile parameter when the zone is one of the card's piles; a zone
   * the card's actions do not put it on is refused with a message (never redirected elsewhere);
   * dropped on nothing, as a click.
   */
  dropCard(card: number, zone: number | 'new' | null): boolean {
    if (!this.def || !this.serverView) return false;
    const withCard = bindCard(this.def, this.legal, { args: {} }, card);
    if (!withCard) {
      this.explain(card);
      return false;
    }
    if (zone === null) {
      this.proceed(withCard);
      return true;
    }
    const withPile = bindPile(this.def, this.legal, withCard, zone);
    if (withPile) {
      this.proceed(withPile);
      return true;
    }
    const dests = this.legal.filter((a) => cardOf(this.def!, a) === card).map((a) => destinationOf(this.def!, this.serverView!, a) ?? this.landings.get(a.type));
    const target = zone === 'new' ? 'new' : this.serverView.zones.find((z) => z.id === zone);
    const goesThere = dests.some((d) => d === zone || (typeof d === 'string' && target !== undefined && target !== 'new' && d === target.name));
    const unknown = dests.every((d) => d === undefined) && target !== 'new' && target?.shape !== 'piles' && this.def.zones.find((z) => z.name === target?.name)?.visibility !== 'hidden';
    if (goesThere || unknown) {
      this.proceed(withCard);
      return true;
    }
    const where = target === 'new' ? 'a new pile' : target?.shape === 'piles' ? 'that pile' : `the ${readable(this.def, target?.name ?? 'pile').toLowerCase()}`;
    this.refuse(card, `That card cannot go on ${where}.`);
    return false;
  }

  // ---- feedback --------------------------------------------------------------------------

  /** Probes sent to learn why a card cannot be played: sequence number → card. */
  private probes = new Map<number, number>();
  /** Where each action put its card so far (zone name), learned from the events. */
  private landings = new Map<string, string>();

  /** Says why a card is refused: a stamp on it and a notice. */
  private refuse(card: number, why: string): void {
    const label = this.def && this.view ? this.labelOf(card) : 'That card';
    this.flash({ kind: 'rejected', text: 'Not now', card });
    this.notice(`${label}: ${why}`, 'error');
    this.say(`${label} cannot be played: ${why}`);
  }

  private labelOf(card: number): string {
    for (const z of this.view?.zones ?? []) for (const c of z.cards ?? []) if (c && 'id' in c && c.id === card) return faceModel(this.def!, c.face).label;
    return 'That card';
  }

  /** A click on a card no legal action names: why not — known here, or asked of the server. */
  explain(card: number): void {
    if (!this.def || !this.serverView) return;
    const v = this.serverView;
    const turnText = this.status === 'waiting' ? 'waiting for players' : v.current !== null && v.current !== this.seat ? `it is ${this.seatName(v.current)}’s turn` : '';
    const why = whyNot(this.def, v, this.legal, card, turnText);
    if (why.kind === 'say') return this.refuse(card, why.text);
    const seq = this.socket?.act(why.action) ?? null;
    if (seq === null) return this.notice('Not connected: reconnecting…', 'error');
    this.probes.set(seq, card);
  }

  // ---- rounds ----------------------------------------------------------------------------

  private summariseRound(events: readonly ViewEvent[], before: number[] | undefined, lastView: GameView | null, result: GameResult | undefined): void {
    if (this.serverView) learnLandings(events, this.serverView, this.landings);
    const end = roundEnd(events);
    if (!end || !this.online) return;
    const notes = events.flatMap((e) => (e.type === 'announce' ? [this.withNames(e.text)] : []));
    // The last round's result is the final score table's to show.
    if (result || events.some((e) => e.type === 'game_over')) return;
    this.roundSummary = summarise(end, before, lastView, (v, p) => this.heldBy(v, p), notes, true);
  }

  /** Cards a player holds in their own zones in a view (null when it has none). */
  private heldBy(view: GameView, player: number): number | null {
    const own = view.zones.filter((z) => z.owner === player && this.def?.zones.find((d) => d.name === z.name)?.scope === 'player');
    return own.length === 0 ? null : own.reduce((n, z) => n + z.count, 0);
  }

  dismissRound(): void {
    this.roundSummary = null;
  }

  // ---- arranging my hand -----------------------------------------------------------------

  /** My hand's cards in the arranged order (indices into the zone). */
  arranged(cards: readonly ViewSlot[]): { slot: ViewSlot; index: number }[] {
    return this.def ? arrange(this.def, cards, this.hand) : cards.map((slot, index) => ({ slot, index }));
  }

  sortHand(sort: HandSort, shown: readonly number[] = []): void {
    this.hand = { sort, order: sort === 'free' ? [...shown] : [] };
    saveArrangement(this.roomId, this.hand);
  }

  /** Moves a card of my hand before another (or to the end): the hand is then arranged freely. */
  moveInHand(shown: readonly number[], card: number, before: number | null): void {
    this.hand = { sort: 'free', order: moveCard(shown, card, before) };
    saveArrangement(this.roomId, this.hand);
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

/** " wins" → " win", " goes" → " go", " has" → " have", " is" → " are" after "You". */
function youVerb(verb: string): string {
  const w = verb.trim();
  if (w === 'has') return ' have';
  if (w === 'is') return ' are';
  if (/(ss|sh|ch|x|o)es$/.test(w)) return ` ${w.slice(0, -2)}`;
  if (/[^s]s$/.test(w)) return ` ${w.slice(0, -1)}`;
  return verb;
}
