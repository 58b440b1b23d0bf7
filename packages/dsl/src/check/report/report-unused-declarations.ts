// Report pass: options, variables, defines, procedures, zones never used; windows never opened; stages not in the rounds (warnings, <kind>_unused).
import type * as A from '../../ast/index.ts';
import { declarationUnused } from '../../diagnostics/check-usage.ts';
import type { CheckContext } from '../context.ts';

/** Only declarations written in the checked file itself are reported (not a variant's base). */
export function reportUnusedDeclarations(ctx: CheckContext): void {
  const g = ctx.game;
  const own = (n: A.Node) => n.loc.file === ctx.file.file;
  const check = (what: Parameters<typeof declarationUnused>[0], decl: A.Node & { name: A.Ident }) => {
    if (!ctx.used.has(decl) && own(decl)) ctx.diagnostics.push(declarationUnused(what, decl.name.loc, decl.name.text));
  };
  // `compensation` is read by the runtime itself (latency compensation, docs/fairness.md).
  for (const o of g.options) if (o.decl.name.text !== 'compensation') check('option', o.decl);
  for (const v of g.vars) if (v.decl) check('var', v.decl);
  for (const d of g.defines.values()) check('define', d.decl);
  for (const p of g.procedures.values()) check('procedure', p.decl);
  for (const z of g.zones) check('zone', z.decl);
  for (const w of g.windows) check('window', w.decl);
  const listed = new Set((g.rounds?.stages ?? []).map((s) => s.text));
  for (const s of g.stages) {
    if (!listed.has(s.name) && own(s.decl)) ctx.diagnostics.push(declarationUnused('stage', s.decl.name.loc, s.name));
  }
}
