// Collect pass: decks (lines, kinds and candidate faces, counts) and dice (faces).
import type * as A from '../../ast/index.ts';
import { deckCountInvalid, dieFacesInvalid } from '../../diagnostics/check-declarations.ts';
import { kindUndefined } from '../../diagnostics/check-names.ts';
import type { CheckContext } from '../context.ts';
import type { DeckInfo, DeckLineInfo, DieInfo, Type } from '../model.ts';
import { closest } from '../names.ts';
import { constValue } from '../types/const-eval.ts';
import { typeOfNode } from '../types/type-of-node.ts';
import { T } from '../types/type-util.ts';
import { registerValue } from './register.ts';

/** A count is a positive integer literal or an integer option. */
function checkCount(ctx: CheckContext, e: A.Expr): void {
  if (e.kind === 'name') {
    const sym = ctx.values.get(e.name.text);
    if (sym?.kind === 'option' && sym.info.kind === 'int') {
      ctx.game.refs.set(e, sym);
      ctx.game.types.set(e, T.number);
      ctx.used.add(sym.info.decl);
      return;
    }
    ctx.diagnostics.push(deckCountInvalid(e.loc, `: "${e.name.text}" is not ${sym ? 'an integer option' : 'an option'}`));
    return;
  }
  const v = constValue(ctx, e);
  if (!v || v.type.t !== 'number' || !Number.isInteger(v.value) || v.value < 1) {
    ctx.diagnostics.push(deckCountInvalid(e.loc, ''));
    return;
  }
  ctx.game.types.set(e, T.number);
}

function lineInfo(ctx: CheckContext, line: A.DeckLine): DeckLineInfo | null {
  checkCount(ctx, line.count);
  const kind = ctx.kinds.get(line.cardKind.text);
  if (!kind) {
    ctx.diagnostics.push(kindUndefined(line.cardKind.loc, line.cardKind.text, closest(line.cardKind.text, ctx.kinds.keys())));
    return null;
  }
  ctx.game.refs.set(line.cardKind, { kind: 'kind', info: kind });
  const candidates = ctx.game.faces.filter((f) => f.kind === kind.index).map((f) => f.index);
  return { kind: kind.index, candidates, faces: line.where ? null : candidates, decl: line };
}

function dieFaces(ctx: CheckContext, die: A.DieDecl): { type: Type; faces: number[] } | null {
  const f = die.faces;
  if (f.kind === 'type_range') {
    const lo = constValue(ctx, f.min);
    const hi = constValue(ctx, f.max);
    if (!lo || !hi || lo.type.t !== 'number' || hi.type.t !== 'number' || lo.value > hi.value || hi.value - lo.value > 1000) return null;
    const faces: number[] = [];
    for (let v = Math.ceil(lo.value); v <= hi.value; v++) faces.push(v);
    return { type: T.number, faces };
  }
  if (f.kind === 'type_union' && f.members.every((m) => m.kind !== 'member_value')) {
    const faces: number[] = [];
    for (const m of f.members) {
      if (m.kind === 'member_int') faces.push(m.value);
      else if (m.kind === 'member_range') for (let v = m.min; v <= m.max && faces.length < 1000; v++) faces.push(v);
    }
    return { type: T.number, faces };
  }
  const t = typeOfNode(ctx, f, die.name.text);
  if (t.t !== 'enum') return null;
  return { type: t, faces: ctx.enums.get(t.name)!.values.map((_, i) => i) };
}

/** Registers decks and dice in the value namespace. */
export function collectDecks(ctx: CheckContext): void {
  for (const item of ctx.file.items) {
    if (item.kind === 'deck') {
      const info: DeckInfo = { name: item.name.text, index: ctx.game.decks.length, perSide: item.per !== null, decl: item, lines: [], home: null };
      if (!registerValue(ctx, item.name, { kind: 'deck', info })) continue;
      if (item.copies) checkCount(ctx, item.copies);
      for (const line of item.lines) {
        const l = lineInfo(ctx, line);
        if (l) info.lines.push(l);
      }
      ctx.game.decks.push(info);
    } else if (item.kind === 'die') {
      const faces = dieFaces(ctx, item);
      if (!faces) ctx.diagnostics.push(dieFacesInvalid(item.faces.loc, item.name.text));
      const info: DieInfo = { name: item.name.text, index: ctx.game.dice.length, type: faces?.type ?? T.error, faces: faces?.faces ?? [], decl: item };
      if (registerValue(ctx, item.name, { kind: 'die', info })) ctx.game.dice.push(info);
    }
  }
}
