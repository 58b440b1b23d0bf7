// Resolve pass: the flow and action namespaces — `during`, rounds' stages, turn timers, idle handlers, roles.
import type * as A from '../../ast/index.ts';
import { actionUndefined, flowUndefined, roleUndefined, stageUndefined } from '../../diagnostics/check-names.ts';
import { turnTimerActionInvalid } from '../../diagnostics/check-types.ts';
import type { CheckContext } from '../context.ts';
import type { ActionInfo } from '../model.ts';
import { closest } from '../names.ts';

function resolveAction(ctx: CheckContext, id: A.Ident): ActionInfo | null {
  const info = ctx.actions.get(id.text);
  if (!info) {
    ctx.diagnostics.push(actionUndefined(id.loc, id.text, closest(id.text, ctx.actions.keys())));
    return null;
  }
  ctx.game.refs.set(id, { kind: 'action', info });
  return info;
}

function resolveDuring(ctx: CheckContext, id: A.Ident): void {
  const sym = ctx.flow.get(id.text);
  if (!sym) {
    ctx.diagnostics.push(flowUndefined(id.loc, id.text, closest(id.text, ctx.flow.keys())));
    return;
  }
  ctx.game.refs.set(id, sym);
}

function resolveRole(ctx: CheckContext, id: A.Ident): void {
  const index = ctx.game.roles.indexOf(id.text);
  if (index < 0) {
    const roles = ctx.file.items.find((i) => i.kind === 'roles');
    ctx.diagnostics.push(roleUndefined(id.loc, id.text, closest(id.text, ctx.game.roles), roles?.loc));
    return;
  }
  ctx.game.refs.set(id, { kind: 'role', name: id.text, index });
}

function resolveRoundStages(ctx: CheckContext, rounds: A.RoundsDecl): void {
  for (const id of rounds.stages) {
    const sym = ctx.flow.get(id.text);
    if (sym?.kind === 'stage') {
      ctx.game.refs.set(id, sym);
      continue;
    }
    ctx.diagnostics.push(stageUndefined(id.loc, id.text, closest(id.text, ctx.stagesByName.keys()), sym?.kind));
  }
}

/** Resolves every flow name and action name outside expressions; records Ident refs. */
export function resolveFlowNames(ctx: CheckContext): void {
  for (const item of ctx.file.items) {
    switch (item.kind) {
      case 'rounds': resolveRoundStages(ctx, item); break;
      case 'action':
        for (const id of item.during) resolveDuring(ctx, id);
        if (item.who?.kind === 'by_role') resolveRole(ctx, item.who.role);
        break;
      case 'stage':
        if (item.mode.kind === 'turns' && item.mode.turnTimer) {
          const timer = item.mode.turnTimer;
          const info = resolveAction(ctx, timer.action);
          if (info && info.params.length > 0) ctx.diagnostics.push(turnTimerActionInvalid(timer.action.loc, info.name, info.decl.name.loc));
        }
        if (item.mode.kind === 'realtime') for (const idle of item.mode.idles) for (const id of idle.on) resolveAction(ctx, id);
        break;
      default: break;
    }
  }
}
