// Report pass: a define or procedure that reaches itself through calls (define_recursive, procedure_recursive).
import type * as A from '../../ast/index.ts';
import { defineRecursive, procedureRecursive } from '../../diagnostics/check-usage.ts';
import type { CheckContext } from '../context.ts';

type Callable = A.DefineDecl | A.ProcedureDecl;

/** Reports each cycle of the call graph once, at its first declaration in file order. */
export function reportRecursiveCalls(ctx: CheckContext): void {
  const done = new Set<A.Node>();
  const onPath: A.Node[] = [];
  const reported = new Set<string>();
  const visit = (node: A.Node): void => {
    if (done.has(node)) return;
    const at = onPath.indexOf(node);
    if (at >= 0) return;
    onPath.push(node);
    for (const edge of ctx.calls.get(node) ?? []) {
      const i = onPath.indexOf(edge.callee);
      if (i < 0) {
        visit(edge.callee);
        continue;
      }
      const cycle = onPath.slice(i) as Callable[];
      const key = cycle.map((c) => c.name.text).sort().join(',');
      if (reported.has(key)) continue;
      reported.add(key);
      const head = cycle[0]!;
      const chain = [...cycle.map((c) => c.name.text), head.name.text];
      const make = head.kind === 'define' ? defineRecursive : procedureRecursive;
      ctx.diagnostics.push(make(head.name.loc, chain, edge.at));
    }
    onPath.pop();
    done.add(node);
  };
  for (const item of ctx.file.items) if (item.kind === 'define' || item.kind === 'procedure') visit(item);
}
