// Collect pass: defines (values) and procedures (their own namespace) with typed signatures.
import type { CheckContext } from '../context.ts';
import type { DefineInfo, ProcedureInfo } from '../model.ts';
import { typeOfNode } from '../types/type-of-node.ts';
import { registerValue } from './register.ts';

/** Registers `define`s and `procedure`s; their bodies are typed in the types stage. */
export function collectCallables(ctx: CheckContext): void {
  for (const item of ctx.file.items) {
    if (item.kind === 'define') {
      const info: DefineInfo = {
        name: item.name.text,
        type: typeOfNode(ctx, item.type, item.name.text),
        params: (item.params ?? []).map((p) => ({ name: p.name.text, type: typeOfNode(ctx, p.type, p.name.text) })),
        decl: item,
      };
      if (registerValue(ctx, item.name, { kind: 'define', info })) ctx.game.defines.set(info.name, info);
    } else if (item.kind === 'procedure') {
      const info: ProcedureInfo = {
        name: item.name.text,
        params: item.params.map((p) => ({ name: p.name.text, type: typeOfNode(ctx, p.type, p.name.text) })),
        decl: item,
      };
      if (ctx.procedures.has(info.name)) continue; // reported by report-duplicate-declaration
      ctx.procedures.set(info.name, info);
      ctx.game.procedures.set(info.name, info);
    }
  }
}
