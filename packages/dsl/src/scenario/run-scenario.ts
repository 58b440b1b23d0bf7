// Runs one planned scenario through the runtime's pure API: setup, arrange, then each step
// (actions, together groups, time with every due timer, expectations), checking the invariants
// after every change. Stops at the first failing step.
import type * as A from '../ast/index.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import * as sd from '../diagnostics/scenario.ts';
import { isRejected, type Action, type ArgValue, type GameDef, type GameEvent, type GameState, type Runtime, type TableChange } from './runtime.ts';
import type { LoadedGame } from './probes.ts';
import type { PlannedZone, ScenarioPlan } from './plan.ts';

export interface ScenarioOutcome {
  /** null when every step held. */
  failure: Diagnostic | null;
  /** Steps run (including the failing one). */
  steps: number;
  /** Warnings that do not fail the scenario (scenario_arrange_borrowed). */
  warnings: Diagnostic[];
}

const NONE = -1;

/** The source text of a node (for messages). */
function src(plan: ScenarioPlan, n: A.Node): string {
  return plan.text.slice(n.loc.start.offset, n.loc.end.offset);
}

class Broken extends Error {
  constructor(readonly diagnostic: Diagnostic) {
    super(diagnostic.message);
  }
}

/**
 * Runs `plan` on the loaded game. A set-up the runtime refuses is reported as the failure of
 * the item that caused it (a `scenario_setup_rejected` diagnostic).
 *
 * @example
 * const outcome = runScenario(rt, plan, loaded);
 * if (outcome.failure) console.log(formatDiagnostic(outcome.failure, plan.text));
 */
export function runScenario(rt: Runtime, plan: ScenarioPlan, game: LoadedGame): ScenarioOutcome {
  const def = game.def;
  let steps = 0;
  const warnings: Diagnostic[] = [];
  try {
    let state = setUp(rt, plan, game);
    let now = 0;
    let heard: GameEvent[] = [];
    const probe = (node: A.Node, seat = NONE, at: GameState = state): unknown => {
      const name = plan.probeOf.get(node);
      const fn = name === undefined ? undefined : game.probes.get(name);
      if (fn === undefined) throw new Error(`internal: no probe for ${src(plan, node)}`);
      return rt.evaluate(def, at, fn, seat);
    };
    const invariants = (loc: A.Loc, what: string): void => {
      const v = rt.checkInvariants(def, state);
      if (v.length > 0) throw new Broken(sd.invariantViolated(loc, what, v));
    };
    const advance = (to: number, step: A.Node): void => {
      if (to < now) throw new Broken(sd.timeBackwards(step.loc, to, now));
      for (let due = rt.nextDeadline(state); due !== null && due <= to; due = rt.nextDeadline(state)) {
        const r = rt.tick(def, state, due);
        if (r.state === state) break;
        state = r.state;
        heard.push(...r.events);
        invariants(step.loc, `the timer due at ${due} ms`);
      }
      now = to;
    };
    // Plays with send times and latencies: each reaches the table `latency` after it was sent, and
    // they are decided in the runtime's order under the game's compensation window (docs/fairness.md),
    // each at its send time, with the race expectation as seen before the group.
    const timed = (group: readonly A.DoesStep[], step: A.Node): void => {
      const before = state;
      const window = rt.compensationWindow(def, before);
      const plays = group.map((d) => {
        const sentAt = d.sentAt?.ms ?? now;
        const delay = d.latency?.ms ?? 0;
        return { seat: d.seat.number - 1, arrivedAt: sentAt + delay, delay, d };
      });
      plays.sort((a, b) => a.arrivedAt - b.arrivedAt);
      for (const p of rt.rankPlays(plays, window)) {
        if (p.sentAt > now) advance(p.sentAt, step);
        perform(p.d, before);
      }
    };
    const perform = (d: A.DoesStep, before: GameState): void => {
      const seat = d.seat.number - 1;
      const { action, missing } = wireAction(rt, plan, game, d, seat, before, probe);
      const rolls = plan.rolls.get(d);
      const rigged = rolls === undefined ? null : rt.applyRigged(def, state, seat, action, now, rolls);
      const r = rigged === null ? rt.apply(def, state, seat, action, now) : rigged.result;
      const who = `p${d.seat.number}'s ${d.action.text}`;
      if (isRejected(r)) {
        const { code, message } = r.rejected;
        const notes = missing.map((m) => ({ message: m }));
        if (!d.rejected) throw new Broken(sd.actionRejected(d.loc, `${who} was rejected: ${code}: ${message}`, notes));
        if (d.code !== null && d.code.text !== code) {
          throw new Broken(sd.rejectionMismatch(d.loc, `${who} was rejected with ${code}, not ${d.code.text}: ${message}`, notes));
        }
        return;
      }
      if (d.rejected) throw new Broken(sd.actionAccepted(d.loc, `${who} was accepted; expected a rejection${d.code === null ? '' : ` with ${d.code.text}`}`));
      if (rigged !== null && rolls !== undefined && (rigged.unused > 0 || rigged.misfit !== null)) {
        const given = `rolling ${rolls.length === 1 ? '1 outcome' : `${rolls.length} outcomes`}`;
        throw new Broken(sd.rollingUnused(d.loc, rigged.misfit !== null
          ? `${who} drew a value that does not fit (${given}): ${rigged.misfit}`
          : `${who} used ${rolls.length - rigged.unused} of the ${given.slice(8)} it was given`));
      }
      state = r.state;
      heard.push(...r.events);
      invariants(d.loc, who);
    };
    const runStep = (s: A.ScenarioStep): void => {
      steps++;
      switch (s.kind) {
        case 'st_at':
          heard = [];
          advance(s.time.ms, s);
          if (s.step !== null) runStep(s.step);
          return;
        case 'st_after':
          heard = [];
          advance(now + s.time.ms, s);
          if (s.step !== null) runStep(s.step);
          return;
        case 'st_does':
          heard = [];
          if (s.latency !== null) timed([s], s);
          else perform(s, state);
          return;
        case 'st_together': {
          heard = [];
          if (s.steps.some((d) => d.latency !== null || d.sentAt !== null)) return timed(s.steps, s);
          const before = state;
          for (const d of s.steps) perform(d, before);
          return;
        }
        case 'st_expect':
          expectHolds(plan, s, (n) => probe(n), def, state);
          return;
        case 'st_expect_all':
          // Every check in order; the first that fails is reported. One step, however many checks.
          for (const c of s.checks) runStep(c);
          steps -= s.checks.length;
          return;
        case 'st_expect_announced': {
          const said = heard.filter((e): e is { type: 'announce'; text: string } => e.type === 'announce').map((e) => e.text);
          const found = said.includes(s.text.value);
          if (found === s.negated) {
            const message = s.negated ? `"${s.text.value}" was announced` : `"${s.text.value}" was not announced`;
            throw new Broken(sd.announcementMissing(s.loc, message, said));
          }
          return;
        }
        case 'st_expect_over': {
          const over = s.what === 'game'
            ? state.result !== null
            : heard.some((e) => e.type === 'round' && (e as { phase?: string }).phase === 'end');
          if (over === s.negated) {
            const what = s.what === 'game' ? 'the game' : 'a round';
            throw new Broken(sd.expectFailed(s.loc, s.negated ? `${what} is over` : `${what} is not over${s.what === 'round' ? ' (no round ended since the previous step)' : ''}`));
          }
          return;
        }
        case 'st_expect_winners': {
          const want = s.seats.map((w) => w.number - 1).sort((a, b) => a - b);
          const got = state.result?.winners ?? null;
          if (got === null) throw new Broken(sd.expectFailed(s.loc, 'the game is not over: there are no winners yet'));
          if (want.join() !== [...got].sort((a, b) => a - b).join()) {
            throw new Broken(sd.expectFailed(s.loc, `the winners are [${got.map((p) => `p${p + 1}`).join(', ')}], not [${want.map((p) => `p${p + 1}`).join(', ')}]`));
          }
          return;
        }
        case 'st_expect_flow': {
          const actual = flowName(def, state, s.what);
          const want = s.name?.text ?? null;
          if (actual !== want) {
            const shown = (n: string | null): string => (n === null ? `no ${s.what}` : `${s.what} ${n}`);
            throw new Broken(sd.expectFailed(s.loc, `expected ${shown(want)}, found ${shown(actual)}`));
          }
          return;
        }
      }
    };
    for (const item of plan.ast.items) {
      if (item.kind === 'sc_players' || item.kind === 'sc_option' || item.kind === 'sc_seed' || item.kind === 'sc_arrange') continue;
      runStep(item);
    }
    return { failure: null, steps, warnings };
  } catch (error) {
    if (error instanceof Broken) return { failure: error.diagnostic, steps, warnings };
    throw error;
  }

  function setUp(rt: Runtime, plan: ScenarioPlan, game: LoadedGame): GameState {
    const input = { players: plan.players, seed: plan.seed, options: plan.options };
    const rejected = rt.checkSetup(def, input);
    const header = plan.ast.items.find((i) => i.kind === 'sc_players' || i.kind === 'sc_option') ?? plan.ast;
    if (rejected !== null) throw new Broken(sd.setupRejected(header.loc, `the table cannot be set up: ${rejected.message}`));
    let state = rt.setup(def, { ...input, now: 0 });
    const at = (n: A.Node, seat = NONE): unknown => {
      const fn = game.probes.get(plan.probeOf.get(n) ?? '');
      if (fn === undefined) throw new Error(`internal: no probe for ${src(plan, n)}`);
      return rt.evaluate(def, state, fn, seat);
    };
    const zones = plan.zones.map((z) => {
      const zd = def.zones[z.decl]!;
      const arg = z.item.zone.kind === 'call' ? z.item.zone.args[0] : undefined;
      const owner = arg === undefined ? -1 : (at(arg) as number);
      const base = state.declBase[z.decl]!;
      const limit = zd.scope === 'player' ? state.players : zd.scope === 'side' ? state.sides : 1;
      if (arg !== undefined && (owner < 0 || owner >= limit)) throw new Broken(sd.setupRejected(arg.loc, `${src(plan, arg)} is not a ${zd.scope} of this table`));
      return { plan: z, zone: base + Math.max(0, owner) };
    });
    const spec = zones.map((z) => ({ zone: z.zone, cards: z.plan.faces.filter((f): f is string => f !== null) }));
    if (zones.some((z) => z.plan.rest)) restCards(state, zones, spec);
    if (spec.length > 0) {
      const borrowed: { spec: number; message: string }[] = [];
      const r = rt.arrange(def, state, spec, borrowed);
      for (const b of borrowed) warnings.push(sd.arrangeBorrowed((zones[b.spec]?.plan.item ?? plan.ast).loc, b.message));
      if ('code' in r) {
        const first = zones[0]?.plan.item ?? plan.ast;
        throw new Broken(sd.setupRejected(first.loc, `the arrangement cannot be made: ${r.message}`));
      }
      state = r;
    }
    const changes: TableChange[] = [];
    for (const z of zones) if (z.plan.faces.includes(null)) changes.push({ kind: 'slots', zone: z.zone, faces: z.plan.faces });
    for (const c of plan.changes) {
      const batch = changeOf(c, at);
      const r = rt.arrangeTable(def, state, [...changes.splice(0), batch]);
      if ('code' in r) throw new Broken(sd.setupRejected(c.loc, `this cannot be arranged: ${r.message}`));
      state = r;
    }
    if (changes.length > 0) {
      const r = rt.arrangeTable(def, state, changes);
      if ('code' in r) throw new Broken(sd.setupRejected(plan.ast.loc, `the rows cannot be arranged: ${r.message}`));
      state = r;
    }
    const v = rt.checkInvariants(def, state);
    if (v.length > 0) throw new Broken(sd.invariantViolated(plan.ast.loc, 'the arrangement', v));
    return state;
  }

  /**
   * Every card not placed goes to a rest zone, in seeded-shuffled order, under its listed cards.
   * With per-side decks each side may have its own rest zone (`stock(s1) = rest`), taking the
   * cards of its deck; a shared rest zone, or the only one, takes the others.
   */
  function restCards(state: GameState, zones: { plan: PlannedZone; zone: number }[], spec: { zone: number; cards: string[] }[]): void {
    const sideOf = (zone: number): number => {
      const scope = def.zones[state.zoneDecl[zone]!]!.scope;
      const owner = state.zoneOwner[zone]!;
      return scope === 'side' ? owner : scope === 'player' ? state.sideOf[owner]! : NONE;
    };
    // Copies left per deck owner (NONE: shared decks), as the runtime's arrange takes them: the zone's side's own first.
    const left = new Map<number, Map<string, number>>();
    const pool = (o: number): Map<string, number> => left.get(o) ?? left.set(o, new Map()).get(o)!;
    state.face.forEach((f, c) => {
      const m = pool(state.owner[c] ?? NONE);
      m.set(def.faces.notation[f]!, (m.get(def.faces.notation[f]!) ?? 0) + 1);
    });
    zones.forEach((z, k) => {
      for (const f of spec[k]!.cards) {
        const from = [pool(sideOf(z.zone)), ...left.values()].find((m) => (m.get(f) ?? 0) > 0);
        from?.set(f, from.get(f)! - 1);
      }
    });
    const rests = zones.map((z, k) => ({ z, k, side: sideOf(z.zone) })).filter((r) => r.z.plan.rest);
    const own = rests.length > 1 ? rests.filter((r) => r.side >= 0) : [];
    const shared = rests.find((r) => !own.includes(r));
    for (const r of own) {
      if (own.some((o) => o !== r && o.side === r.side)) throw new Broken(sd.setupRejected(r.z.plan.item.loc, `two zones take the rest of side ${r.side + 1}'s deck`));
    }
    const rng = rt.deriveRng(plan.seed, 'scenario:rest');
    const names = new Map<number, string>(rests.map((r) => [r.k, src(plan, r.z.plan.item.zone)]));
    const into = new Map<number, string[]>();
    for (const [o, m] of [...left].sort((a, b) => a[0] - b[0])) {
      const target = own.find((r) => r.side === o) ?? shared;
      const cards = [...m].filter(([, n]) => n > 0);
      if (cards.length === 0) continue;
      if (target === undefined) {
        const first = rests[0]!;
        throw new Broken(sd.setupRejected(first.z.plan.item.loc, `the cards of side ${o + 1}'s deck not listed have nowhere to go (${[...names.values()].join(', ')} take the rest of other sides)`));
      }
      const list = into.get(target.k) ?? into.set(target.k, []).get(target.k)!;
      for (const [f, n] of cards) for (let i = 0; i < n; i++) list.push(f);
    }
    for (const r of rests) {
      const cards = (into.get(r.k) ?? []).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      rt.shuffleInPlace(rng, cards);
      spec[r.k]!.cards = [...cards, ...spec[r.k]!.cards];
    }
  }

  function changeOf(c: A.ArrangeItem, at: (n: A.Node) => unknown): TableChange {
    switch (c.kind) {
      case 'ar_set': {
        const name = c.target.kind === 'name' ? c.target.name.text : c.target.callee.text;
        const v = def.vars.findIndex((x) => x.name === name);
        const owner = c.target.kind === 'call' && c.target.args[0] !== undefined ? (at(c.target.args[0]) as number) : NONE;
        return { kind: 'var', var: v, owner, value: stored(at(c.value)) };
      }
      case 'ar_turn': return { kind: 'turn', player: at(c.seat) as number };
      case 'ar_dealer': return { kind: 'dealer', player: at(c.seat) as number };
      case 'ar_stage': return { kind: 'stage', stage: c.name.text };
      case 'ar_round': return { kind: 'round', round: c.round.value };
      case 'ar_window': return { kind: 'window', window: c.name.text };
      case 'ar_zone': throw new Error('internal: zones are not changes');
    }
  }
}

/** A compiled value as the state stores it (bools 0/1). */
function stored(v: unknown): number {
  return typeof v === 'boolean' ? (v ? 1 : 0) : (v as number);
}

/** The running stage, step or window's name, or null. */
function flowName(def: GameDef, state: GameState, what: 'stage' | 'step' | 'window'): string | null {
  if (what === 'window') return state.window >= 0 ? (def.windows[state.window]?.name ?? null) : null;
  if (state.stage < 0) return null;
  const stage = def.stages[def.rounds.stages[state.stage]!]!;
  if (what === 'stage') return stage.name;
  return stage.kind === 'turns' ? (stage.steps[state.step] ?? null) : null;
}

/** Builds the wire action of a `does` step as `seat` would send it, seeing `before`. */
function wireAction(
  rt: Runtime, plan: ScenarioPlan, game: LoadedGame, d: A.DoesStep, seat: number, before: GameState,
  probe: (n: A.Node, seat?: number, at?: GameState) => unknown,
): { action: Action; missing: string[] } {
  const def = game.def;
  const ad = def.actions.find((a) => a.name === d.action.text)!;
  const missing: string[] = [];
  const args: Record<string, ArgValue> = {};
  let view: ReturnType<Runtime['view']> | null = null;
  const idsOf = (param: (typeof ad.params)[number], texts: string[]): number[] => {
    const zone = 'zone' in param ? rt.evaluate(def, before, param.zone, seat) : NONE;
    view ??= rt.view(def, before, seat);
    const slots = view.zones.find((z) => z.id === zone)?.cards ?? [];
    const taken = new Set<number>();
    return texts.map((t) => {
      for (let i = slots.length - 1; i >= 0; i--) {
        const s = slots[i];
        if (s !== null && s !== undefined && 'id' in s && s.shown === t && !taken.has(s.id)) {
          taken.add(s.id);
          return s.id;
        }
      }
      const where = view?.zones.find((z) => z.id === zone)?.name ?? 'the zone';
      missing.push(`p${seat + 1} has no '${t}' in ${where} (where "${param.name}" is taken from)`);
      return NONE;
    });
  };
  for (const arg of d.args) {
    const planned = plan.args.get(arg);
    const param = ad.params.find((p) => p.name === arg.name.text);
    if (planned === undefined || param === undefined) continue;
    switch (planned.kind) {
      case 'face': args[param.name] = idsOf(param, [planned.text])[0]!; break;
      case 'faces': args[param.name] = idsOf(param, planned.texts); break;
      case 'new': args[param.name] = 'new'; break;
      case 'pile': args[param.name] = before.families['family' in param ? param.family : 0]?.[planned.number - 1] ?? NONE; break;
      case 'probe': {
        const v = probe(arg.value, seat, before);
        if (param.kind === 'enum') args[param.name] = def.enums[param.enumIndex ?? 0]?.values[v as number] ?? String(v);
        else if (param.kind === 'bool') args[param.name] = v === true || v === 1;
        else args[param.name] = v as number;
        break;
      }
    }
  }
  const action: Action = d.args.length > 0 || ad.params.length > 0 ? { type: ad.name, args } : { type: ad.name };
  if (ad.races !== undefined) {
    const expect = rt.raceExpectation(def, before, seat, action);
    if (expect !== null) action.expect = expect;
  }
  return { action, missing };
}

/** Checks an `expect`: the first false conjunct fails, naming what its operands were. */
function expectHolds(plan: ScenarioPlan, s: A.ExpectStep, probe: (n: A.Node) => unknown, def: GameDef, state: GameState): void {
  const parts = plan.conjuncts.get(s) ?? [];
  for (const c of parts) {
    if (probe(c) === true) continue;
    const notes: { message: string }[] = [];
    if (c.kind === 'binary') {
      for (const side of [c.left, c.right]) {
        if (!plan.probeOf.has(side)) continue;
        notes.push({ message: `${src(plan, side)} is ${show(def, state, probe(side), plan, side)}` });
      }
    }
    const which = parts.length > 1 ? ` (in ${src(plan, s.expr).replace(/\s+/g, ' ')})` : '';
    throw new Broken(sd.expectFailed(c.loc, `expected ${src(plan, c).replace(/\s+/g, ' ')}${which}`, notes));
  }
}

/** A probed value for a message, by the type the checker gave its expression. */
function show(def: GameDef, state: GameState, v: unknown, plan: ScenarioPlan, node: A.Node): string {
  if (typeof v === 'boolean') return String(v);
  if (typeof v !== 'number') return String(v);
  const probe = plan.probes.find((p) => p.expr === node);
  const t = probe?.type;
  const name = t?.kind === 'type_optional' ? t.inner : t;
  if (v === NONE && t?.kind === 'type_optional') return 'none';
  if (name?.kind !== 'type_name') return String(v);
  switch (name.name.text) {
    case 'Player': return v < 0 ? 'none' : `p${v + 1}`;
    case 'Side': return v < 0 ? 'none' : `s${v + 1}`;
    case 'Card': return v < 0 ? 'none' : `'${def.faces.notation[state.face[v]!] ?? v}'`;
    case 'duration': return `${v} ms`;
    case 'number': case 'bool': case 'Pile': return String(v);
    default: {
      const en = def.enums.find((e) => e.name === name.name.text);
      return en === undefined ? String(v) : (en.values[v] ?? 'none');
    }
  }
}
