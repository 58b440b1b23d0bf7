// Compiles statements (effects) to TypeScript statements calling `Ctx`; `pause d` splits the block into a continuation.
import type * as A from '../ast/index.ts';
import { cardArray, CodegenError, compileExpr, condition, elementTs, expr, negate, P, paren, refOf, template, toStored } from './compile-expr.ts';
import { iterate } from './iterate.ts';
import type { FnScope } from './module-builder.ts';
import { jsName } from './names.ts';

/** Where a block sits: what follows it in enclosing blocks (for `pause`), and whether `pause` may split it. */
export interface StmtContext {
  /** Statements after the current block in each enclosing block, innermost first. */
  rest: A.Stmt[][];
  /** `pause` is allowed (trigger bodies, outside loops). */
  pausable: boolean;
  /** Makes the continuation for the statements after a `pause`; returns its index. */
  continuation?: (stmts: A.Stmt[]) => number;
  /** JS expression of the trigger's bound value passed on to a continuation. */
  bound?: string;
}

export function compileBlock(stmts: readonly A.Stmt[], f: FnScope, ctx: StmtContext): string[] {
  const out: string[] = [];
  for (let i = 0; i < stmts.length; i++) {
    const s = stmts[i]!;
    if (s.kind === 'pause') {
      if (!ctx.pausable || ctx.continuation === undefined) throw new CodegenError('pause outside a trigger block', s);
      const after = [...stmts.slice(i + 1), ...ctx.rest.flat()];
      const index = ctx.continuation(after);
      out.push(`x.pause(${expr(s.duration, f)}, ${index}, ${ctx.bound ?? '0'});`, 'return;');
      return out;
    }
    const rest = [stmts.slice(i + 1), ...ctx.rest];
    out.push(...compileStmt(s, f, { ...ctx, rest }));
  }
  return out;
}

function loopBody(body: A.Block, f: FnScope, ctx: StmtContext): string[] {
  return compileBlock(body.statements, f, { ...ctx, pausable: false, rest: [] });
}

function compileStmt(s: A.Stmt, f: FnScope, ctx: StmtContext): string[] {
  switch (s.kind) {
    case 'move': return [move(s, f)];
    case 'deal': return [deal(s, f)];
    case 'flip': {
      const args = [expr(s.from, f), expr(s.to, f)];
      if (s.at !== null || s.until !== null) args.push(s.at === null ? 'undefined' : expr(s.at, f));
      if (s.until !== null) args.push(`() => ${paren(condition(s.until, f), P.cond)}`);
      return [`x.flip(${args.join(', ')});`];
    }
    case 'shuffle': {
      if (s.into === null) return [`x.shuffle(${expr(s.target, f)});`];
      const { deck, side } = deckRef(s.target, f);
      return [`x.shuffleDeckInto(${deck}, ${side}, ${expr(s.into, f)});`];
    }
    case 'turn_over': return [`x.turnOver(${expr(s.from, f)}, ${expr(s.into, f)});`];
    case 'refill': return [`x.refillKeepingTop(${expr(s.zone, f)}, ${expr(s.from, f)});`];
    case 'lay_melds': {
      const rules = meldIndex(s.rules, f);
      return [`x.layMelds(${cardArray(s.cards, f)}, ${rules}, ${expr(s.into, f)}, ${s.best});`];
    }
    case 'set': return [assign(s.target, (read) => { void read; return null; }, s.value, f)];
    case 'add': case 'subtract': {
      const op = s.kind === 'add' ? '+' : '-';
      return [assign(s.target, (read) => `${read} ${op} ${paren(compileExpr(s.amount, f), P.add + 1)}`, null, f)];
    }
    case 'let': {
      const name = jsName(s.name.text);
      const value = expr(s.value, f);
      f.bind(s.name.text, { js: name, ts: tsOfExpr(s.value, f) });
      return [`const ${name} = ${value};`];
    }
    case 'if': {
      const out: string[] = [];
      s.branches.forEach((b, i) => {
        const head = `${i === 0 ? 'if' : '} else if'} (${condition(b.cond, f).s}) {`;
        out.push(head, ...compileBlock(b.body.statements, f.child(), ctx));
      });
      if (s.else !== null) out.push('} else {', ...compileBlock(s.else.statements, f.child(), ctx));
      out.push('}');
      return out;
    }
    case 'for_each': {
      const inner = f.child();
      const v = jsName(s.variable.text);
      inner.bind(s.variable.text, { js: v, ts: elementTs(s.source, f) });
      const where = s.where === null ? [] : [`if (${negate(condition(s.where, inner)).s}) continue;`];
      return iterate(s.source, v, f, [...where, ...loopBody(s.body, inner, ctx)], { copy: true });
    }
    case 'repeat': {
      const r = f.temp('r');
      const n = f.temp('n');
      // Each round spends a step of the call's fuel: `repeat` an option's count is bounded by it.
      return [`for (let ${r} = 0, ${n} = ${expr(s.count, f)}; ${r} < ${n}; ${r}++) {`, 'x.step();', ...loopBody(s.body, f.child(), ctx), '}'];
    }
    case 'end': {
      const m = { turn: 'endTurn', stage: 'endStage', round: 'endRound', game: 'endGame' }[s.what];
      return [`x.${m}();`];
    }
    case 'keep_turn': return ['x.keepTurn();'];
    case 'skip_next': return ['x.skipNext();'];
    case 'reverse': return ['x.reverse();'];
    case 'next_step': return ['x.nextStep();'];
    case 'close_window': return ['x.closeWindow();'];
    case 'turn_to': return [`x.turnTo(${expr(s.seat, f)});`];
    case 'open_window': return [`x.openWindow(${windowIndex(s.window, f)});`];
    case 'announce': {
      const interpolated: string[] = [];
      const text = template(s.text, f, interpolated);
      // Quiet calls (the fast path) record no announcement: a sentence of reads alone is not even built.
      return [readsOnly(interpolated) ? `if (!x.quiet) x.announce(${text});` : `x.announce(${text});`];
    }
    case 'call': {
      const sym = refOf(s, f);
      const name = sym?.kind === 'procedure' ? sym.info.name : s.callee.text;
      return [`${f.mod.procedureFn(name)}(${['x', ...s.args.map((a) => expr(a, f))].join(', ')});`];
    }
    case 'require': throw new CodegenError('require after an effect', s);
    case 'pause': throw new CodegenError('pause handled by compileBlock', s);
    default: throw new CodegenError(`cannot compile statement ${(s as A.Node).kind}`, s as A.Node);
  }
}

function tsOfExpr(e: A.Expr, f: FnScope): 'number' | 'boolean' | 'readonly number[]' {
  const t = f.mod.game.types.get(e);
  const b = t?.t === 'optional' ? t.of : t;
  if (b?.t === 'bool') return 'boolean';
  if (b?.t === 'list') return 'readonly number[]';
  return 'number';
}

function move(s: A.MoveStmt, f: FnScope): string {
  const t = s.target;
  const zone = t.kind === 'new_pile' ? `x.newPile(${expr(t.family, f)})` : expr(t.zone, f);
  const src = s.source;
  // `move top of z to t`: the runtime refills z first when it is empty (`refill from … keeping top`).
  if (src.kind === 'card' && src.card.kind === 'top_of') {
    const pos = t.kind === 'top' ? ", 'top'" : t.kind === 'bottom' ? ", 'bottom'" : t.kind === 'at' ? `, ${expr(t.index, f)}` : '';
    return `x.moveTop(${expr(src.card.zone, f)}, ${zone}${pos});`;
  }
  if (src.kind === 'card' && f.mod.game.types.get(src.card)?.t === 'list') {
    // `move cs to z`: one card at a time, in list order, from a copy (the list may be a zone's).
    if (t.kind === 'at') throw new CodegenError('moving several cards to a slot', s);
    const pos = t.kind === 'top' ? ", 'top'" : t.kind === 'bottom' ? ", 'bottom'" : '';
    const to = f.temp('to');
    const c = f.temp('c');
    return `{ const ${to} = ${zone}; for (const ${c} of [...${cardArray(src.card, f)}]) x.move(${c}, ${to}${pos}); }`;
  }
  if (src.kind === 'card') {
    const pos = t.kind === 'top' ? ", 'top'" : t.kind === 'bottom' ? ", 'bottom'" : t.kind === 'at' ? `, ${expr(t.index, f)}` : '';
    return `x.move(${expr(src.card, f)}, ${zone}${pos});`;
  }
  if (t.kind === 'bottom' || t.kind === 'at') throw new CodegenError('moving several cards to a position', s);
  if (src.kind === 'count') return `x.moveN(${expr(src.count, f)}, ${expr(src.from, f)}, ${zone}, ${s.oneByOne});`;
  return `x.moveAll(${expr(src.from, f)}, ${zone});`;
}

function deal(s: A.DealStmt, f: FnScope): string {
  const n = s.count === null ? '-1' : expr(s.count, f);
  if (s.to.kind === 'each') {
    const sym = refOf(s.to.zone, f);
    const zone = sym?.kind === 'zone' ? sym.info : f.mod.game.zones.find((z) => z.name === (s.to as { zone: A.Ident }).zone.text);
    if (zone === undefined) throw new CodegenError('deal to an unknown zone', s);
    return `x.deal(${n}, ${expr(s.from, f)}, ${zone.index}, '${s.to.each}');`;
  }
  if (s.count === null) return `x.moveAll(${expr(s.from, f)}, ${expr(s.to.zone, f)});`;
  return `x.moveN(${n}, ${expr(s.from, f)}, ${expr(s.to.zone, f)}, false);`;
}

/** `set`/`add`/`subtract` on a variable: `update` maps the current read to the new value (null: `value`). */
function assign(target: A.Expr, update: (read: string) => string | null, value: A.Expr | null, f: FnScope): string {
  const sym = refOf(target, f);
  if (sym?.kind !== 'var') throw new CodegenError('assignment to something that is not a variable', target);
  const v = sym.info;
  let read: string;
  let write: (val: string) => string;
  if (v.scope === 'global') {
    read = `x.g(${v.index})`;
    write = (val) => `x.setG(${v.index}, ${val});`;
  } else {
    const m = v.scope === 'player' ? 'Pv' : v.scope === 'side' ? 'Sv' : 'Zv';
    let seat: string;
    if (target.kind === 'call') seat = expr(target.args[0]!, f);
    else {
      const p = f.vars.get('p');
      if (p === undefined) throw new CodegenError(`per-${v.scope} variable ${v.name} set without a seat`, target);
      seat = v.scope === 'side' ? `x.sideOf(${p.js})` : p.js;
    }
    read = `x.${m.toLowerCase()}(${v.index}, ${seat})`;
    write = (val) => `x.set${m}(${v.index}, ${seat}, ${val});`;
  }
  const updated = update(read);
  if (updated !== null) return write(updated);
  return write(toStored(value!, f, v.type));
}

function deckRef(target: A.Expr, f: FnScope): { deck: number; side: string } {
  const sym = refOf(target, f);
  if (sym?.kind !== 'deck') throw new CodegenError('shuffle … into needs a deck', target);
  if (target.kind === 'call') return { deck: sym.info.index, side: expr(target.args[0]!, f) };
  if (target.kind === 'deck_of') return { deck: sym.info.index, side: expr(target.owner, f) };
  return { deck: sym.info.index, side: '-1' };
}

function meldIndex(id: A.Ident, f: FnScope): number {
  const sym = refOf(id, f);
  if (sym?.kind === 'meld') return sym.info.index;
  const m = f.mod.game.melds.find((r) => r.name === id.text);
  if (m === undefined) throw new CodegenError(`unknown meld rules ${id.text}`, id);
  return m.index;
}

export function windowIndex(id: A.Ident, f: FnScope): number {
  const sym = refOf(id, f);
  if (sym?.kind === 'window') return sym.info.index;
  const w = f.mod.game.windows.find((win) => win.name === id.text);
  if (w === undefined) throw new CodegenError(`unknown window ${id.text}`, id);
  return w.index;
}

/** The context's calls a sentence may make and still be left out when quiet: reads that spend no fuel, memoise nothing and draw nothing. */
const PLAIN_READS = new Set([
  'opt', 'g', 'pv', 'sv', 'zv', 'players', 'active', 'sides', 'sideOf', 'current', 'dealer', 'round', 'nextAfter', 'leftOf', 'rightOf',
  'zone', 'count', 'size', 'top', 'bottom', 'zoneOf', 'zoneOwner', 'face', 'kind', 'attr', 'cardOwner', 'show', 'showValue',
]);

/**
 * Whether a sentence interpolates something (a constant one costs nothing to build) and its
 * interpolations (compiled code, never the author's text) call nothing but the context's plain
 * reads: no define, procedure or helper, no zone's cards, no meld search, no roll (they may spend
 * the call's fuel, memoise a value or draw from the RNG, which quiet and loud calls must do alike).
 */
function readsOnly(interpolated: readonly string[]): boolean {
  if (interpolated.length === 0) return false;
  for (const code of interpolated) {
    for (const m of code.matchAll(/([\w$.]+)\(/g)) {
      const callee = m[1]!;
      if (!callee.startsWith('x.') || !PLAIN_READS.has(callee.slice(2))) return false;
    }
  }
  return true;
}
