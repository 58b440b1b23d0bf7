// Validates a parsed scenario against the game's checked model and lists the probes (defines)
// its expressions compile to. Everything an author can get wrong here is a located diagnostic.
import type * as A from '../ast/index.ts';
import type { CheckedGame, Type } from '../check/model.ts';
import { closest } from '../check/names.ts';
import { faceNotationUnknown } from '../diagnostics/check-literals.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import * as sd from '../diagnostics/scenario.ts';
import type { OptionValue } from './runtime.ts';
import { typeNode, type Probe } from './probes.ts';

/** A zone of `arrange`: its declaration, who owns it (a probe), its cards and whether it takes the rest. */
export interface PlannedZone {
  item: A.ArrangeZone;
  decl: number;
  owner: string | null;
  /** Bottom to top (null: an empty slot of a row); with `rest`, on top of the rest. */
  faces: (string | null)[];
  rest: boolean;
}

/** How one argument of a `does` step becomes a wire value. */
export type PlannedArg =
  | { kind: 'face'; param: string; text: string }
  | { kind: 'faces'; param: string; texts: string[] }
  | { kind: 'new'; param: string }
  | { kind: 'pile'; param: string; number: number }
  | { kind: 'probe'; param: string; probe: string };

export interface ScenarioPlan {
  ast: A.ScenarioAst;
  file: string;
  text: string;
  players: number;
  seed: string | number;
  options: Record<string, OptionValue>;
  zones: PlannedZone[];
  /** Flow and variable changes of `arrange`, in written order. */
  changes: A.ArrangeItem[];
  probes: Probe[];
  /** Node → probe name: expect conjuncts, their operands, owners, values, seats, arguments. */
  probeOf: Map<A.Node, string>;
  /** An `expect`'s conjuncts (its `and`s split), each with a probe. */
  conjuncts: Map<A.ExpectStep, A.Expr[]>;
  args: Map<A.ScenarioArg, PlannedArg>;
  /** A `does` step's `rolling` outcomes, as the runtime stores them (enum values by index). */
  rolls: Map<A.DoesStep, number[]>;
  diagnostics: Diagnostic[];
}

/** Numbers probes across every scenario compiled with one game. */
export interface ProbeCounter {
  n: number;
}

const named = (text: string, at: A.Loc): A.TypeNode => ({ kind: 'type_name', name: { kind: 'ident', text, loc: at }, loc: at });

/** Splits `a and b and c` into its conjuncts. */
function conjunctsOf(e: A.Expr): A.Expr[] {
  return e.kind === 'binary' && e.op === 'and' ? [...conjunctsOf(e.left), ...conjunctsOf(e.right)] : [e];
}

function optionValue(e: A.Expr): OptionValue | null {
  switch (e.kind) {
    case 'number': return e.value;
    case 'duration': return e.ms;
    case 'bool': return e.value;
    case 'name': return e.name.text;
    default: return null;
  }
}

/**
 * Builds the plan of one scenario from the game's model (checked without probes). The
 * plan's diagnostics make the scenario broken; its probes are added to the game's check.
 */
export function planScenario(ast: A.ScenarioAst, text: string, model: CheckedGame, counter: ProbeCounter): ScenarioPlan {
  const plan: ScenarioPlan = {
    ast, file: ast.file, text, players: model.minPlayers, seed: 1, options: {}, zones: [], changes: [], probes: [],
    probeOf: new Map(), conjuncts: new Map(), args: new Map(), rolls: new Map(), diagnostics: [],
  };
  const report = (d: Diagnostic): void => void plan.diagnostics.push(d);
  const probe = (prefix: string, expr: A.Expr, type: A.TypeNode, key: A.Node = expr): string => {
    const name = `__${prefix}_${counter.n++}`;
    plan.probes.push({ name, type, expr });
    plan.probeOf.set(key, name);
    return name;
  };
  const face = (f: A.FaceLit): boolean => {
    if (model.faces.some((x) => x.notation === f.text)) return true;
    const all = model.faces.map((x) => x.notation);
    report(faceNotationUnknown(f.loc, f.text, closest(f.text, all), all[0] ?? null));
    return false;
  };
  const src = (n: A.Node): string => text.slice(n.loc.start.offset, n.loc.end.offset).replace(/\s+/g, '');
  const seatNumber = (s: A.SeatLit, what: string): number | null => {
    if (s.of !== 'player') {
      report(sd.argumentInvalid(s.loc, `${what} is a player (p1, p2 …), not a side`));
      return null;
    }
    return s.number;
  };

  for (const item of ast.items) {
    switch (item.kind) {
      case 'sc_players':
        plan.players = item.count.value;
        if (plan.players < model.minPlayers || plan.players > model.maxPlayers) {
          report(sd.tableInvalid(item.loc, `${model.title} is for ${model.minPlayers}..${model.maxPlayers} players, not ${plan.players}`));
        }
        break;
      case 'sc_seed':
        plan.seed = item.seed.kind === 'number' ? item.seed.value : item.seed.value;
        break;
      case 'sc_option': {
        const o = model.options.find((x) => x.name === item.name.text);
        if (o === undefined) {
          report(sd.nameUnknown(item.name.loc, 'option', item.name.text, closest(item.name.text, model.options.map((x) => x.name))));
          break;
        }
        const v = optionValue(item.value);
        if (v === null) report(sd.tableInvalid(item.value.loc, 'an option is set to a literal: a number, a duration, true/false or a value name'));
        else plan.options[o.name] = v;
        break;
      }
      case 'sc_arrange':
        for (const a of item.items) planArrange(a);
        break;
      default:
        planStep(item);
    }
  }
  for (const s of plan.ast.items) checkSeats(s);
  const arranged = new Set(plan.zones.map((z) => z.decl));
  const unnamed = model.zones.filter((z) => z.shape !== 'piles' && z.scope === 'shared' && !arranged.has(z.index));
  const arrangeBlock = ast.items.find((i): i is A.ArrangeBlock => i.kind === 'sc_arrange');
  if (arrangeBlock !== undefined && plan.zones.length > 0 && unnamed.length === 0 && !plan.zones.some((z) => z.rest)
    && model.zones.every((z) => z.scope !== 'shared' || z.shape === 'piles' || arranged.has(z.index))) {
    report(sd.arrangeInvalid(arrangeBlock.loc, 'every shared zone is arranged, so the cards not listed have nowhere to go', [
      { message: 'write "= rest" (or "= rest + [...]" for the top cards) for the zone that takes them' },
    ]));
  }
  return plan;

  function planArrange(a: A.ArrangeItem): void {
    switch (a.kind) {
      case 'ar_zone': {
        const name = a.zone.kind === 'name' ? a.zone.name : a.zone.callee;
        const z = model.zones.find((x) => x.name === name.text);
        if (z === undefined) {
          report(sd.nameUnknown(name.loc, 'zone', name.text, closest(name.text, model.zones.map((x) => x.name))));
          return;
        }
        if (z.shape === 'piles') {
          report(sd.arrangeInvalid(a.zone.loc, `"${z.name}" is a family of piles created in play: arrange the zones its cards come from`));
          return;
        }
        const args = a.zone.kind === 'call' ? a.zone.args : [];
        const wanted = z.scope === 'shared' ? 0 : 1;
        if (args.length !== wanted) {
          const how = z.scope === 'player' ? `${z.name}(p1)` : z.scope === 'side' ? `${z.name}(s1)` : z.name;
          report(sd.arrangeInvalid(a.zone.loc, `zone "${z.name}" is written ${how} here`));
          return;
        }
        const owner = args[0] === undefined ? null : probe('owner', args[0], named(z.scope === 'player' ? 'Player' : 'Side', args[0].loc));
        const faces: (string | null)[] = [];
        for (const c of a.cards) {
          if (c.kind === 'hole') {
            if (z.shape !== 'row' || a.rest) report(sd.arrangeInvalid(c.loc, `"_" (an empty slot) is only for rows; "${z.name}" is a ${z.shape}`));
            faces.push(null);
          } else if (face(c)) faces.push(c.text);
        }
        // Several rest zones only with one per side (per-side decks): `stock(s1) = rest`, `stock(s2) = rest`.
        if (a.rest && plan.zones.some((p) => p.rest && (z.scope === 'shared' || p.item.zone.kind !== 'call'))) {
          report(sd.arrangeInvalid(a.loc, 'only one zone may take the rest (or one zone of each side, for per-side decks)'));
        }
        if (plan.zones.some((p) => p.decl === z.index && src(p.item.zone) === src(a.zone))) {
          report(sd.arrangeInvalid(a.zone.loc, `${src(a.zone)} is arranged twice`));
        }
        plan.zones.push({ item: a, decl: z.index, owner, faces, rest: a.rest });
        return;
      }
      case 'ar_set': {
        const name = a.target.kind === 'name' ? a.target.name : a.target.callee;
        const v = model.vars.find((x) => x.name === name.text);
        if (v === undefined) {
          report(sd.nameUnknown(name.loc, 'variable', name.text, closest(name.text, model.vars.map((x) => x.name))));
          return;
        }
        const args = a.target.kind === 'call' ? a.target.args : [];
        if (args.length !== (v.scope === 'global' ? 0 : 1)) {
          report(sd.arrangeInvalid(a.target.loc, v.scope === 'global' ? `"${v.name}" is one variable: set ${v.name} = …` : `"${v.name}" is a ${v.scope} variable: set ${v.name}(…) = …`));
          return;
        }
        if (args[0] !== undefined) probe('owner', args[0], named(v.scope === 'player' ? 'Player' : v.scope === 'side' ? 'Side' : 'Pile', args[0].loc));
        const t = typeNode(v.type, a.value.loc);
        if (t === null) report(sd.arrangeInvalid(a.loc, `"${v.name}" cannot be set by a scenario`));
        else probe('set', a.value, t);
        plan.changes.push(a);
        return;
      }
      case 'ar_turn':
      case 'ar_dealer':
        probe('seat', a.seat, named('Player', a.seat.loc));
        plan.changes.push(a);
        return;
      case 'ar_stage': {
        const stages = (model.rounds?.stages ?? []).map((s) => s.text);
        if (!stages.includes(a.name.text)) report(sd.nameUnknown(a.name.loc, 'stage in its rounds', a.name.text, closest(a.name.text, stages)));
        plan.changes.push(a);
        return;
      }
      case 'ar_round':
        if (!Number.isInteger(a.round.value) || a.round.value < 1) report(sd.arrangeInvalid(a.round.loc, 'rounds are numbered from 1'));
        plan.changes.push(a);
        return;
      case 'ar_window': {
        const names = model.windows.map((w) => w.name);
        if (!names.includes(a.name.text)) report(sd.nameUnknown(a.name.loc, 'window', a.name.text, closest(a.name.text, names)));
        plan.changes.push(a);
        return;
      }
    }
  }

  function planDoes(s: A.DoesStep): void {
    seatNumber(s.seat, 'who acts');
    const action = model.actions.find((x) => x.name === s.action.text);
    if (action === undefined) {
      report(sd.nameUnknown(s.action.loc, 'action', s.action.text, closest(s.action.text, model.actions.map((x) => x.name))));
      return;
    }
    for (const arg of s.args) {
      const p = action.params.find((x) => x.name === arg.name.text);
      if (p === undefined) {
        report(sd.nameUnknown(arg.name.loc, 'parameter', arg.name.text, closest(arg.name.text, action.params.map((x) => x.name)), `action ${action.name}`));
        continue;
      }
      planArg(arg, p.name, p.type);
    }
    if (s.rolling !== null) planRolling(s, s.rolling);
  }

  /** `rolling red` / `rolling [red, 4, -2]`: whole numbers and enum values, stored as the runtime stores them. */
  function planRolling(s: A.DoesStep, values: A.Expr[]): void {
    const out: number[] = [];
    for (const v of values) {
      if (v.kind === 'number' && Number.isInteger(v.value)) {
        out.push(v.value);
        continue;
      }
      const en = v.kind === 'name' ? model.enums.filter((e) => e.values.includes(v.name.text)) : [];
      if (en.length === 1) {
        out.push(en[0]!.values.indexOf((v as A.NameExpr).name.text));
        continue;
      }
      const why = en.length > 1 ? `"${src(v)}" is a value of several enums (${en.map((e) => e.name).join(', ')})` : `"${src(v)}" is not a whole number or a value of one of the game's enums`;
      report(sd.argumentInvalid(v.loc, `${why}: rolling gives die faces and random numbers`));
      return;
    }
    plan.rolls.set(s, out);
  }

  function planArg(arg: A.ScenarioArg, param: string, type: Type): void {
    const t = type.t === 'optional' ? type.of : type;
    const v = arg.value;
    if (t.t === 'card') {
      if (v.kind !== 'face') report(sd.argumentInvalid(v.loc, `"${param}" is a card: write it in the game's notation, such as '${model.faces[0]?.notation ?? 'R5'}'`));
      else if (face(v)) plan.args.set(arg, { kind: 'face', param, text: v.text });
      return;
    }
    if (t.t === 'list' && t.of.t === 'card') {
      if (v.kind !== 'list' || !v.elements.every((el) => el.kind === 'face')) {
        report(sd.argumentInvalid(v.loc, `"${param}" is a list of cards: write them as ['R5', 'G5']`));
      } else if (v.elements.every((el) => face(el as A.FaceLit))) {
        plan.args.set(arg, { kind: 'faces', param, texts: v.elements.map((el) => (el as A.FaceLit).text) });
      }
      return;
    }
    if (t.t === 'pile') {
      if (v.kind === 'arg_new') plan.args.set(arg, { kind: 'new', param });
      else if (v.kind === 'arg_pile') plan.args.set(arg, { kind: 'pile', param, number: v.number });
      else report(sd.argumentInvalid(v.loc, `"${param}" is a pile: write new or pile 1, pile 2 … (in the order they were made)`));
      return;
    }
    if (v.kind === 'arg_new' || v.kind === 'arg_pile') {
      report(sd.argumentInvalid(v.loc, `"${param}" is not a pile`));
      return;
    }
    const tn = typeNode(t, v.loc);
    if (tn === null) report(sd.argumentInvalid(v.loc, `"${param}" cannot be given by a scenario`));
    else plan.args.set(arg, { kind: 'probe', param, probe: probe('arg', v, tn) });
  }

  function planStep(s: A.ScenarioStep): void {
    switch (s.kind) {
      case 'st_at': case 'st_after':
        if (s.step !== null) planStep(s.step);
        return;
      case 'st_together':
        for (const d of s.steps) planDoes(d);
        return;
      case 'st_does':
        planDoes(s);
        return;
      case 'st_expect': {
        const parts = conjunctsOf(s.expr);
        plan.conjuncts.set(s, parts);
        for (const c of parts) probe('expect', c, named('bool', c.loc));
        return;
      }
      case 'st_expect_winners':
        for (const w of s.seats) seatNumber(w, 'a winner');
        return;
      case 'st_expect_all':
        for (const c of s.checks) planStep(c);
        return;
      case 'st_expect_flow': {
        if (s.name === null) return;
        const names = s.what === 'stage' ? model.stages.map((x) => x.name) : s.what === 'step' ? model.steps : model.windows.map((x) => x.name);
        if (!names.includes(s.name.text)) report(sd.nameUnknown(s.name.loc, s.what, s.name.text, closest(s.name.text, names)));
        return;
      }
      default:
        return;
    }
  }

  /** Every seat literal in the scenario must be a seat of this table. */
  function checkSeats(node: unknown): void {
    if (Array.isArray(node)) {
      for (const n of node) checkSeats(n);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const o = node as Record<string, unknown>;
    if (o.kind === 'seat') {
      const seat = o as unknown as A.SeatLit;
      const max = seat.of === 'player' ? plan.players : plan.players; // sides ≤ players
      if (seat.number > max) report(sd.argumentInvalid(seat.loc, `there is no ${seat.of} ${seat.number} at a table of ${plan.players}`));
      return;
    }
    for (const [k, v] of Object.entries(o)) if (k !== 'loc' && typeof v === 'object') checkSeats(v);
  }
}

/**
 * After a first check, adds probes for the operands of failing-prone comparisons in
 * expectations (`count(hand(p3)) == 7` → the value of `count(hand(p3))`), so that a failure
 * can say what was found. `types` are the first check's expression types.
 */
export function addOperandProbes(plan: ScenarioPlan, types: ReadonlyMap<A.Expr, Type>, counter: ProbeCounter): void {
  for (const parts of plan.conjuncts.values()) {
    for (const c of parts) {
      if (c.kind !== 'binary' || !['==', '!=', '<', '<=', '>', '>='].includes(c.op)) continue;
      for (const side of [c.left, c.right]) {
        if (side.kind === 'number' || side.kind === 'bool' || side.kind === 'none' || side.kind === 'face' || side.kind === 'seat') continue;
        const t = types.get(side);
        const tn = t === undefined ? null : typeNode(t, side.loc);
        if (t === undefined || tn === null || t.t === 'list') continue;
        const name = `__value_${counter.n++}`;
        plan.probes.push({ name, type: tn, expr: side });
        plan.probeOf.set(side, name);
      }
    }
  }
}
