// Every game's tables in one object layout (issue 24: a process hosting many games runs each as
// fast as alone). The generated modules write an object only with the properties a game uses (a
// `turns` stage has `first` and `steps`, a `pause` stage `ms`; a card parameter `zone`, an int one
// `min` and `max`), so after several games the runtime's reads of `def.stages[i].kind`,
// `params[i].kind`, `who.kind`, `def.rounds` … saw up to 8 shapes each and V8 left them
// polymorphic or megamorphic (slow lookups in every shared function of the hot path). The engine
// reads this copy instead: the same values, every optional property present (undefined when
// absent), in one order, so each read sees one shape whatever games were loaded before.
import type { ActionDef, GameDef, ParamDef, RoundsDef, StageDef, TriggerDef, VarDef, Who, WindowDef, WinnerDef, ZoneDef } from './game-def.ts';

const cache = new WeakMap<GameDef, GameDef>();

/**
 * The game's definition with every table in one layout per kind (cached; its own image).
 *
 * @example
 * const u = uniformDef(def); // u.stages[i] has name, kind, first, steps, stepWhen, turnTimer, idle, ms
 */
export function uniformDef(def: GameDef): GameDef {
  let u = cache.get(def);
  if (u === undefined) {
    u = build(def);
    cache.set(def, u);
    cache.set(u, u);
  }
  return u;
}

/** The copy of `def` made so far, if any (setFuel keeps its budget in step). */
export function uniformCopyOf(def: GameDef): GameDef | undefined {
  return cache.get(def);
}

function build(d: GameDef): GameDef {
  return {
    id: d.id,
    title: d.title,
    summary: d.summary,
    minPlayers: d.minPlayers,
    maxPlayers: d.maxPlayers,
    options: d.options,
    constraints: d.constraints,
    enums: d.enums,
    faces: d.faces,
    decks: d.decks,
    zones: d.zones.map(zone),
    vars: d.vars.map(variable),
    scoreVar: d.scoreVar,
    dice: d.dice,
    melds: d.melds,
    sides: d.sides,
    rounds: rounds(d.rounds),
    stages: d.stages.map(stage),
    windows: d.windows.map(window),
    actions: d.actions.map(action),
    beforeTurnAction: d.beforeTurnAction,
    triggers: d.triggers.map(trigger),
    continuations: d.continuations,
    memoReads: d.memoReads,
    winner: winner(d.winner),
    layout: d.layout,
    fuel: d.fuel,
  };
}

function zone(z: ZoneDef): ZoneDef {
  return { name: z.name, scope: z.scope, shape: z.shape, slots: z.slots, visibility: z.visibility, hiddenWhen: z.hiddenWhen, refill: z.refill };
}

function variable(v: VarDef): VarDef {
  return { name: v.name, scope: v.scope, type: v.type, init: v.init, range: v.range };
}

function rounds(r: RoundsDef): RoundsDef {
  return {
    count: r.count,
    until: r.until,
    untilText: r.untilText,
    values: r.values,
    dealer: { first: r.dealer.first, rotate: r.dealer.rotate, firstIf: r.dealer.firstIf },
    setup: r.setup,
    stages: r.stages,
    stageWhen: r.stageWhen,
    scoring: r.scoring,
  };
}

/** A union's members as one object type: every member's properties, each optional. */
type Merged<T> = { [K in T extends unknown ? keyof T : never]?: T extends Record<K, infer V> ? V : never };

function stage(st: StageDef): StageDef {
  const s = st as Merged<StageDef>;
  return { name: st.name, kind: st.kind, first: s.first, steps: s.steps, stepWhen: s.stepWhen, turnTimer: s.turnTimer, idle: s.idle, ms: s.ms } as StageDef;
}

function window(w: WindowDef): WindowDef {
  return { name: w.name, blocking: w.blocking, ms: w.ms, onTimeout: w.onTimeout };
}

function action(a: ActionDef): ActionDef {
  return {
    name: a.name,
    who: who(a.who),
    during: a.during,
    params: a.params.map(param),
    races: a.races,
    racesZone: a.racesZone,
    rate: a.rate,
    once: a.once,
    byTimer: a.byTimer,
    guard: a.guard,
    guardArity: a.guardArity,
    legal: a.legal,
    effect: a.effect,
  };
}

function who(w: Who): Who {
  const m = w as Merged<Who>;
  return { kind: w.kind, except: m.except, role: m.role, when: m.when } as Who;
}

function param(p: ParamDef): ParamDef {
  const m = p as Merged<ParamDef>;
  return { name: p.name, kind: p.kind, zone: m.zone, count: m.count, where: m.where, when: p.when, family: m.family, orNew: m.orNew, enumIndex: m.enumIndex, min: m.min, max: m.max } as ParamDef;
}

function trigger(t: TriggerDef): TriggerDef {
  return { name: t.name, during: t.during, test: t.test, effect: t.effect, reads: t.reads };
}

function winner(w: WinnerDef): WinnerDef {
  return { by: w.by, value: w.value, ties: { replay: w.ties.replay, amongTied: w.ties.amongTied, when: w.ties.when } };
}
