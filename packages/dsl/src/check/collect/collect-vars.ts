// Collect pass: variables (declared, then round values, then the implicit score) with their runtime indices.
import type * as A from '../../ast/index.ts';
import type { CheckContext } from '../context.ts';
import type { VarInfo } from '../model.ts';
import { typeOfNode } from '../types/type-of-node.ts';
import { T } from '../types/type-util.ts';
import { registerValue } from './register.ts';

function add(ctx: CheckContext, name: A.Ident, info: Omit<VarInfo, 'index'>): VarInfo | null {
  const full: VarInfo = { ...info, index: ctx.game.vars.length };
  if (!registerValue(ctx, name, { kind: 'var', info: full })) return null;
  ctx.game.vars.push(full);
  return full;
}

/**
 * Registers `var`s in file order, then each `rounds { value x = … }` as a global var with
 * `roundValue` (typed number until the types stage infers it), then `score` unless declared:
 * per side when the game has `sides`, else per player.
 */
export function collectVars(ctx: CheckContext): void {
  let score: VarInfo | null = null;
  for (const item of ctx.file.items) {
    if (item.kind !== 'var') continue;
    const info = add(ctx, item.name, {
      name: item.name.text, scope: item.scope, type: typeOfNode(ctx, item.type, item.name.text), decl: item, roundValue: null, implicit: false,
    });
    if (info && info.name === 'score') score = info;
  }
  for (const item of ctx.file.items) {
    if (item.kind !== 'rounds') continue;
    for (const v of item.values) {
      add(ctx, v.name, { name: v.name.text, scope: 'global', type: T.number, decl: null, roundValue: v, implicit: false });
    }
    break;
  }
  if (!score) {
    const perSide = ctx.file.items.some((i) => i.kind === 'sides');
    const full: VarInfo = {
      name: 'score', index: ctx.game.vars.length, scope: perSide ? 'side' : 'player', type: T.number, decl: null, roundValue: null, implicit: true,
    };
    ctx.values.set('score', { kind: 'var', info: full });
    ctx.game.vars.push(full);
    score = full;
  }
  ctx.game.scoreVar = score.index;
}
