// The game's compiled functions: defines, procedures, actions, hooks, triggers, flow, winner, constraints.
import type * as A from '../ast/index.ts';
import type { ActionInfo, CheckedGame } from '../check/model.ts';
import { CodegenError, condition, expr, loopLines, negate, P, paren, refOf, repeatedDefines, template, toStored } from './compile-expr.ts';
import { compileBlock, type StmtContext } from './compile-stmt.ts';
import { defineMemo, memoCall } from './define-memo.ts';
import { legalFn } from './emit-legal.ts';
import { iterate } from './iterate.ts';
import { visitNodes } from './js.ts';
import { bindParams, FnScope, Memo, type ModuleBuilder, tsTypeOf } from './module-builder.ts';
import { arrowCode, code, type Code, jsName, str } from './names.ts';
import { triggerReads } from './trigger-reads.ts';

/** Reserves every define's and procedure's function name, so calls compile in any order. */
export function declareCallables(game: CheckedGame, mod: ModuleBuilder): void {
  for (const name of [...game.defines.keys()].sort()) mod.defines.set(name, mod.unique(jsName(name)));
  for (const name of [...game.procedures.keys()].sort()) mod.procedures.set(name, mod.unique(jsName(name)));
}

/** Defines and procedures in file order. */
export function emitCallables(game: CheckedGame, mod: ModuleBuilder): void {
  for (const item of game.ast.items) {
    if (item.kind === 'define') {
      const info = game.defines.get(item.name.text)!;
      const fnName = mod.defineFn(info.name);
      const f = new FnScope(mod, fnName);
      const params = bindParams(f, info.params);
      // A define that is one quantifier or aggregate is that loop itself.
      const b = item.body;
      let body: string[];
      if (b.kind === 'quantifier' || b.kind === 'aggregate') body = loopLines(b, f);
      else {
        f.memo = new Memo(f, repeatedDefines([b], f));
        const value = expr(b, f);
        body = [...f.memo.lines, `return ${value};`];
      }
      const memo = defineMemo(info, game);
      if (memo !== null) {
        // A list built per call (plus_minus, [a, b] …) or a loop, asked for every candidate:
        // computed once per state version, actor and time by the runtime (Ctx.memo); never mutated.
        // One that reads neither `me` nor the time is shared by every actor and time.
        const valueFn = mod.unique(`${fnName}_value`);
        mod.addFunction({ name: fnName, params, returnType: tsTypeOf(info.type), body: [`return ${memoCall(mod, valueFn, memo)};`], doc: `define ${info.name} (memoised)` });
        mod.addFunction({ name: valueFn, params, returnType: tsTypeOf(info.type), body, doc: `define ${info.name}: its value` });
        continue;
      }
      mod.addFunction({ name: fnName, params, returnType: tsTypeOf(info.type), body, doc: `define ${info.name}` });
    } else if (item.kind === 'procedure') {
      const info = game.procedures.get(item.name.text)!;
      const fnName = mod.procedureFn(info.name);
      const f = new FnScope(mod, fnName);
      const params = bindParams(f, info.params);
      const body = compileBlock(item.body.statements, f, { rest: [], pausable: false });
      mod.addFunction({ name: fnName, params, returnType: 'void', body, doc: `procedure ${info.name}` });
    }
  }
}

/** A statement-list function `(x: Ctx) => void` (setup, scoring, a timeout, an idle handler). */
function blockFn(mod: ModuleBuilder, base: string, block: A.Block, doc: string): Code {
  const name = mod.unique(base);
  const f = new FnScope(mod, name);
  mod.addFunction({ name, params: [{ name: 'x', type: 'Ctx' }], returnType: 'void', body: compileBlock(block.statements, f, { rest: [], pausable: false }), doc });
  return code(name);
}

/** A small arrow for a table entry: `(x) => …`. */
function arrow(e: A.Expr, f: FnScope, params: readonly string[] = ['x']): Code {
  return arrowCode(paren(condition(e, f), P.cond), params);
}

// ---- actions ---------------------------------------------------------------------------

/** Names read in `nodes` that are action parameters. */
function paramsUsed(nodes: readonly unknown[], action: ActionInfo, game: CheckedGame): Set<string> {
  const names = new Set(action.params.map((p) => p.name));
  const used = new Set<string>();
  visitNodes(nodes, (o) => {
    if (o.kind === 'name') {
      const text = (o.name as A.Ident).text;
      const sym = game.refs.get(o as unknown as A.Node);
      if (names.has(text) && sym?.kind === 'param') used.add(text);
    }
  });
  return used;
}

/** Binds the parameters as `a[i]` reads (for the table's small arrows). */
function paramScope(mod: ModuleBuilder, owner: string, action: ActionInfo): FnScope {
  const f = new FnScope(mod, owner);
  action.params.forEach((p, i) => {
    const ts = tsTypeOf(p.type);
    f.bind(p.name, { js: paramRead(p, i, ts, true), ts });
  });
  return f;
}

/** How a parameter's argument is read: bools as booleans, `cards` through their handle. */
function paramRead(p: ActionInfo['params'][number], i: number, ts: string, inline: boolean): string {
  if (p.decl.type.kind === 'param_card' && p.decl.type.many) return `x.cardsArg(a[${i}]!)`;
  if (ts === 'boolean') return inline ? `(a[${i}] !== 0)` : `a[${i}] !== 0`;
  return `a[${i}]!`;
}

/** `const c = a[0]!;` for each used parameter; binds them in `f`. */
function paramLines(action: ActionInfo, used: Set<string>, f: FnScope): string[] {
  const lines: string[] = [];
  action.params.forEach((p, i) => {
    if (!used.has(p.name)) return;
    const ts = tsTypeOf(p.type);
    const name = jsName(p.name);
    f.bind(p.name, { js: name, ts });
    lines.push(`const ${name} = ${paramRead(p, i, ts, false)};`);
  });
  return lines;
}

export function actionsTable(game: CheckedGame, mod: ModuleBuilder): unknown[] {
  return game.actions.map((action, ai) => {
    const d = action.decl;
    const stmts = d.body.statements;
    let firstEffect = stmts.findIndex((s) => s.kind !== 'require');
    if (firstEffect < 0) firstEffect = stmts.length;
    const requires = stmts.slice(0, firstEffect) as A.RequireStmt[];
    const effects = stmts.slice(firstEffect);

    let guard: Code = code('() => null');
    if (requires.length > 0) {
      const name = mod.unique(`${action.name}_guard`);
      const f = new FnScope(mod, name);
      const body = paramLines(action, paramsUsed(requires, action, game), f);
      // The requires are pure: a define they read twice (a condition and its sentence) is computed once.
      f.memo = new Memo(f, repeatedDefines(requires, f));
      // Legal-action enumeration only needs pass/fail: the sentence is built when apply asks (x.explain).
      const rejected = mod.useRuntime('REJECTED');
      const checks = requires.map((r) => `if (${negate(condition(r.cond, f)).s}) return x.explain ? { code: ${str(r.code.text)}, message: ${template(r.message, f)} } : ${rejected};`);
      body.push(...f.memo.lines, ...checks, 'return null;');
      mod.addFunction({ name, params: [{ name: 'x', type: 'Ctx' }, { name: 'a', type: 'number[]' }], returnType: 'Rejection | null', body, doc: `action ${action.name}: its requires` });
      guard = code(name);
    }

    let effect: Code = code('() => {}');
    if (effects.length > 0) {
      const name = mod.unique(`${action.name}_effect`);
      const f = new FnScope(mod, name);
      const body = paramLines(action, paramsUsed(effects, action, game), f);
      body.push(...compileBlock(effects, f, { rest: [], pausable: false }));
      mod.addFunction({ name, params: [{ name: 'x', type: 'Ctx' }, { name: 'a', type: 'number[]' }], returnType: 'void', body, doc: `action ${action.name}` });
      effect = code(name);
    }

    const ps = paramScope(mod, action.name, action);
    const params = action.params.map((p, i) => paramDef(p, ps, game, i));
    let races: number | undefined;
    let racesZone: Code | undefined;
    if (d.races !== null) {
      const idx = d.races.kind === 'name' ? action.params.findIndex((p) => p.name === (d.races as A.NameExpr).name.text && refOf(d.races!, ps)?.kind === 'param') : -1;
      if (idx >= 0) races = idx;
      else {
        races = -2;
        racesZone = arrow(d.races, ps, ['x', 'a']);
      }
    }
    const rate = d.rate === null ? undefined : constantMs(d.rate, ps);
    // The guard reads only the first guardArity parameters: enumeration checks it once for every
    // choice of the others (a Colour chosen for a card the guard judges alone).
    const guardReads = paramsUsed(requires, action, game);
    let guardArity = 0;
    action.params.forEach((p, i) => { if (guardReads.has(p.name)) guardArity = i + 1; });
    // Every action of every game has the same properties in the same order (an absent one is
    // written `undefined`), so the runtime's reads of them see one object shape: a process
    // hosting several games keeps them monomorphic (issue 24).
    const absent = code('undefined');
    return {
      name: action.name,
      who: who(action, game, ps),
      during: d.during.map((i) => i.text),
      params,
      races: races ?? absent,
      racesZone: racesZone ?? absent,
      rate: rate ?? absent,
      once: d.once !== null ? true : absent,
      byTimer: d.who?.kind === 'by_turn_timer' ? true : absent,
      guardArity: guardArity < action.params.length ? guardArity : absent,
      guard,
      // The enumeration specialised for this action (the runtime's generic walk is the reference).
      legal: (d.who?.kind === 'by_turn_timer' ? undefined : legalFn(game, mod, action, ai, requires, (nodes) => paramsUsed(nodes, action, game))) ?? absent,
      effect,
    };
  });
}

/** `rate d`: ms, a literal or an option (the runtime table takes a number or a function). */
function constantMs(e: A.Expr, f: FnScope): number | Code {
  if (e.kind === 'duration') return e.ms;
  if (e.kind === 'number') return e.value;
  return arrowCode(expr(e, f));
}

/** The parameter scope with `name` read as the single card in a[index] (a `cards` parameter's `where`). */
function cardBound(f: FnScope, name: string, index: number): FnScope {
  const c = f.child();
  c.bind(name, { js: `a[${index}]!`, ts: 'number' });
  return c;
}

function paramDef(p: ActionInfo['params'][number], f: FnScope, game: CheckedGame, index: number): unknown {
  const d = p.decl;
  const when = d.condition === null ? undefined : arrow(d.condition, f, ['x', 'a']);
  const t = d.type;
  if (t.kind === 'param_card') {
    return {
      name: p.name,
      kind: t.many ? 'cards' : 'card',
      zone: arrow(t.zone, f),
      count: t.count === null ? undefined : { min: t.count.min, max: t.count.max },
      // A `cards` parameter's `where` judges each candidate card, bound as a[index] while it is asked.
      where: t.where === null ? undefined : arrow(t.where, t.many ? cardBound(f, p.name, index) : f, ['x', 'a']),
      when,
    };
  }
  if (t.kind === 'param_pile') {
    const sym = refOf(t.family, f);
    if (sym?.kind !== 'zone') throw new CodegenError('pile parameter over something that is not a family', t.family);
    return { name: p.name, kind: 'pile', family: sym.info.index, orNew: t.orNew, when };
  }
  const type = p.type.t === 'optional' ? p.type.of : p.type;
  switch (type.t) {
    case 'enum': return { name: p.name, kind: 'enum', enumIndex: game.enums.find((e) => e.name === type.name)?.index ?? -1, when };
    case 'bool': return { name: p.name, kind: 'bool', when };
    case 'player': return { name: p.name, kind: 'player', when };
    default: {
      const range = t.kind === 'type_range' ? t : null;
      const bound = (e: A.Expr | undefined, dflt: number): number => (e?.kind === 'number' ? e.value : dflt);
      return { name: p.name, kind: 'int', min: bound(range?.min, 0), max: bound(range?.max, 100), when };
    }
  }
}

function who(action: ActionInfo, game: CheckedGame, f: FnScope): unknown {
  const w = action.decl.who;
  if (w === null) {
    const turnBased = action.decl.during.some((id) => {
      const sym = game.refs.get(id);
      if (sym?.kind === 'step') return true;
      if (sym?.kind === 'stage') return sym.info.mode === 'turns';
      return game.stages.some((s) => s.name === id.text && s.mode === 'turns') || game.steps.includes(id.text);
    });
    return turnBased ? { kind: 'current' } : { kind: 'any' };
  }
  if (w.kind === 'by_current' || w.kind === 'by_turn_timer') return { kind: 'current' };
  if (w.kind === 'by_any') return { kind: 'any', except: w.except === null ? undefined : arrow(w.except, f) };
  const sym = game.refs.get(w.role);
  const role = sym?.kind === 'role' ? sym.index : game.roles.indexOf(w.role.text);
  return { kind: 'role', role, when: w.when === null ? undefined : arrow(w.when, f) };
}

// ---- hooks and triggers -------------------------------------------------------------------

export function beforeTurnAction(game: CheckedGame, mod: ModuleBuilder): Code | undefined {
  if (game.beforeTurnAction === null) return undefined;
  return blockFn(mod, 'before_turn_action', game.beforeTurnAction.body, 'before turn action');
}

export function triggersTable(game: CheckedGame, mod: ModuleBuilder, continuations: Code[]): unknown[] {
  return game.triggers.map((t) => {
    const base = `when_${t.index + 1}`;
    const testName = mod.unique(`${base}_test`);
    const tf = new FnScope(mod, testName);
    let testBody: string[];
    let boundName: string | null = null;
    if (t.bound !== null) {
      boundName = t.bound.variable.text;
      const v = jsName(boundName);
      const inner = tf.child();
      inner.bind(boundName, { js: v, ts: 'number' });
      const where = t.bound.where === null ? `return ${v};` : `if (${condition(t.bound.where, inner).s}) return ${v};`;
      testBody = [...iterate(t.bound.source, v, tf, [where], {}), 'return -1;'];
    } else {
      testBody = [`return ${paren(condition(t.decl.cond, tf), P.cond + 1)} ? 0 : -1;`];
    }
    mod.addFunction({ name: testName, params: [{ name: 'x', type: 'Ctx' }], returnType: 'number', body: testBody, doc: `when …: the bound value, 0 for true, -1 for false` });

    // The effect, and a continuation per `pause` in it.
    const makeBody = (fnName: string, stmts: readonly A.Stmt[]): string[] => {
      const f = new FnScope(mod, fnName);
      const head: string[] = [];
      if (boundName !== null) {
        f.bind(boundName, { js: jsName(boundName), ts: 'number' });
        head.push(`const ${jsName(boundName)} = bound;`);
      }
      const ctx: StmtContext = {
        rest: [],
        pausable: true,
        bound: 'bound',
        continuation: (after) => {
          const index = continuations.length;
          const contName = mod.unique(`${base}_after_pause_${index}`);
          continuations.push(code(contName));
          const body = makeBody(contName, after);
          mod.addFunction({ name: contName, params: [{ name: 'x', type: 'Ctx' }, { name: 'bound', type: 'number' }], returnType: 'void', body, doc: 'what follows a pause' });
          return index;
        },
      };
      const body = compileBlock(stmts, f, ctx);
      if (boundName !== null && !body.some((l) => new RegExp(`\\b${jsName(boundName!)}\\b`).test(l))) head.pop();
      return [...head, ...body];
    };
    const effectName = mod.unique(`${base}_effect`);
    const effectBody = makeBody(effectName, t.decl.body.statements);
    mod.addFunction({ name: effectName, params: [{ name: 'x', type: 'Ctx' }, { name: 'bound', type: 'number' }], returnType: 'void', body: effectBody, doc: 'when … { … }' });
    // What the test reads: the runtime re-tests it only after a write there (undefined: always).
    return { name: base, during: [], test: code(testName), effect: code(effectName), reads: triggerReads(game, t) ?? code('undefined') };
  });
}

// ---- flow ------------------------------------------------------------------------------------

export function stagesTable(game: CheckedGame, mod: ModuleBuilder): unknown[] {
  return game.stages.map((s) => {
    const f = new FnScope(mod, s.name);
    const m = s.decl.mode;
    if (m.kind === 'turns') {
      let first: Code = code('(x) => x.leftOf(x.dealer())');
      if (m.from !== null) {
        first = m.from.kind === 'random_player' ? code('(x) => x.random(0, x.players() - 1)') : arrow(m.from as A.Expr, f);
      }
      return {
        name: s.name,
        kind: 'turns',
        first,
        steps: m.steps.map((i) => i.text),
        stepWhen: m.stepIfs?.map((c) => (c === null ? null : arrow(c, f))),
        turnTimer: m.turnTimer === null ? undefined : { ms: arrow(m.turnTimer.duration, f), action: m.turnTimer.action.text },
      };
    }
    if (m.kind === 'realtime') {
      const idle = m.idles[0];
      if (m.idles.length > 1) throw new CodegenError('more than one idle handler in a stage', m.idles[1]);
      return {
        name: s.name,
        kind: 'realtime',
        idle: idle === undefined ? undefined : {
          ms: arrow(idle.duration, f),
          on: idle.on.map((i) => i.text),
          effect: blockFn(mod, `${s.name}_idle`, idle.body, `stage ${s.name}: idle`),
        },
      };
    }
    return { name: s.name, kind: 'pause', ms: arrow(m.duration, f) };
  });
}

export function windowsTable(game: CheckedGame, mod: ModuleBuilder): unknown[] {
  return game.windows.map((w) => ({
    name: w.name,
    blocking: w.decl.blocking,
    ms: w.decl.duration === null ? undefined : arrow(w.decl.duration, new FnScope(mod, w.name)),
    onTimeout: w.decl.onTimeout === null ? undefined : blockFn(mod, `${w.name}_timeout`, w.decl.onTimeout, `window ${w.name}: on timeout`),
  }));
}

export function roundsTable(game: CheckedGame, mod: ModuleBuilder): unknown {
  const r = game.rounds;
  const f = new FnScope(mod, 'rounds');
  const values = game.vars
    .filter((v) => v.roundValue !== null)
    .map((v) => ({ varIndex: v.index, compute: arrow(v.roundValue!.value, f) }));
  const stageIndex = (id: A.Ident): number => {
    const sym = game.refs.get(id);
    return sym?.kind === 'stage' ? sym.info.index : game.stages.findIndex((s) => s.name === id.text);
  };
  return {
    count: r === null ? code('() => 1') : r.count !== null ? arrow(r.count, f) : undefined,
    until: r?.until ? arrow(r.until, f) : undefined,
    untilText: r?.until ? sourceText(game, r.until.loc) : undefined,
    values,
    dealer: {
      first: r?.dealer?.first ?? 'first',
      rotate: r?.dealer?.then ?? 'left',
      firstIf: r?.dealer?.when ? arrow(r.dealer.when, f) : undefined,
    },
    setup: r?.setup ? blockFn(mod, 'setup', r.setup, 'rounds: setup') : code('() => {}'),
    stages: r === null ? game.stages.map((s) => s.index) : r.stages.map(stageIndex),
    stageWhen: r?.stageIfs?.map((c) => (c === null ? null : arrow(c, f))),
    scoring: r?.scoring ? blockFn(mod, 'scoring', r.scoring, 'rounds: scoring') : undefined,
  };
}

export function winnerTable(game: CheckedGame, mod: ModuleBuilder): unknown {
  const w = game.winner;
  const score = game.vars[game.scoreVar];
  const scoreRead = score?.scope === 'side' ? `x.sv(${game.scoreVar}, x.sideOf(p))` : `x.pv(${game.scoreVar}, p)`;
  if (w === null) return { by: 'highest', value: code(`(x, p) => ${scoreRead}`), ties: { replay: false, amongTied: false } };
  const name = mod.unique('winner_value');
  const f = new FnScope(mod, name);
  const v = w.over === null ? 'p' : w.over.variable.text;
  f.bind(v, { js: jsName(v), ts: 'number' });
  const type = game.types.get(w.measure);
  const value = type?.t === 'bool' ? toStored(w.measure, f, type) : expr(w.measure, f);
  mod.addFunction({ name, params: [{ name: 'x', type: 'Ctx' }, { name: jsName(v), type: 'number' }], returnType: 'number', body: [`return ${value};`], doc: 'winner: the ranked value of a player' });
  return { by: w.order, value: code(name), ties: ties(w, mod) };
}

function ties(w: A.WinnerDecl, mod: ModuleBuilder): unknown {
  const t = w.ties;
  if (t === null || t.kind === 'ties_shared') return { replay: false, amongTied: false };
  const f = new FnScope(mod, 'ties');
  return { replay: true, amongTied: t.amongTied, when: t.cond === null ? undefined : arrow(t.cond, f) };
}

export function constraintsTable(game: CheckedGame, mod: ModuleBuilder): unknown {
  if (game.constraints.length === 0) return undefined;
  const f = new FnScope(mod, 'constraint');
  return game.constraints.map((c) => ({ test: arrow(c.cond, f), message: c.message.value }));
}

/** A node's text as the author wrote it, on one line (for readers: the rules panel), or undefined. */
function sourceText(game: CheckedGame, loc: A.Expr['loc']): string | undefined {
  const src = game.sources.find((x) => x.file === loc.file) ?? game.sources[0];
  const text = src?.text.slice(loc.start.offset, loc.end.offset).replace(/\s+/g, ' ').trim();
  return text === undefined || text === '' ? undefined : text;
}
