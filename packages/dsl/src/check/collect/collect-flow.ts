// Collect pass: the flow namespace (stages, their steps, windows), roles, and actions with typed parameters.
import type * as A from '../../ast/index.ts';
import { declarationDuplicate } from '../../diagnostics/catalogue.ts';
import type { CheckContext, FlowSymbol } from '../context.ts';
import type { ActionInfo, StageInfo, Type, WindowInfo } from '../model.ts';
import { typeOfNode } from '../types/type-of-node.ts';
import { T } from '../types/type-util.ts';

function flowLoc(s: FlowSymbol): A.Loc {
  if (s.kind === 'step') return s.stage.decl.mode.kind === 'turns' ? s.stage.decl.mode.steps[s.index]!.loc : s.stage.decl.loc;
  return s.info.decl.name.loc;
}

/**
 * Adds a flow name. Stages and windows repeating each other are reported by
 * report-duplicate-declaration; a step repeating any flow name is reported here.
 */
function addFlow(ctx: CheckContext, id: A.Ident, sym: FlowSymbol, what: string): boolean {
  const prev = ctx.flow.get(id.text);
  if (prev) {
    if (sym.kind === 'step' || prev.kind === 'step') {
      ctx.diagnostics.push(declarationDuplicate(id.loc, what, id.text, flowLoc(prev), prev.kind));
    }
    return false;
  }
  ctx.flow.set(id.text, sym);
  return true;
}

function paramType(ctx: CheckContext, p: A.ActionParam): Type {
  const t = p.type;
  let base: Type;
  if (t.kind === 'param_card') base = t.many ? T.list(T.card) : T.card;
  else if (t.kind === 'param_pile') base = t.orNew ? T.optional(T.pile) : T.pile;
  else base = typeOfNode(ctx, t, p.name.text);
  return p.condition ? T.optional(base) : base;
}

/** Registers stages (and their steps), windows, roles and actions. */
export function collectFlow(ctx: CheckContext): void {
  for (const item of ctx.file.items) {
    if (item.kind === 'stage') {
      const steps = item.mode.kind === 'turns' ? item.mode.steps.map((s) => s.text) : [];
      const info: StageInfo = { name: item.name.text, index: ctx.game.stages.length, decl: item, mode: item.mode.kind, steps };
      if (!addFlow(ctx, item.name, { kind: 'stage', info }, 'stage')) continue;
      ctx.stagesByName.set(info.name, info);
      ctx.game.stages.push(info);
      if (item.mode.kind !== 'turns') continue;
      item.mode.steps.forEach((s, index) => {
        if (addFlow(ctx, s, { kind: 'step', stage: info, name: s.text, index }, 'step')) ctx.game.steps.push(s.text);
      });
    } else if (item.kind === 'window') {
      const info: WindowInfo = { name: item.name.text, index: ctx.game.windows.length, decl: item };
      if (!addFlow(ctx, item.name, { kind: 'window', info }, 'window')) continue;
      ctx.windowsByName.set(info.name, info);
      ctx.game.windows.push(info);
    } else if (item.kind === 'roles') {
      for (const r of item.names) if (!ctx.game.roles.includes(r.text)) ctx.game.roles.push(r.text);
    }
  }
  for (const item of ctx.file.items) {
    if (item.kind !== 'action') continue;
    if (ctx.actions.has(item.name.text)) continue; // reported by report-duplicate-declaration
    const info: ActionInfo = {
      name: item.name.text, index: ctx.game.actions.length, decl: item,
      params: item.params.map((p) => ({ name: p.name.text, type: paramType(ctx, p), decl: p })),
    };
    ctx.actions.set(info.name, info);
    ctx.game.actions.push(info);
  }
}
