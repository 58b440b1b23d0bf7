// What the literal and loop compilers need of the expression compiler: `compileExpr` is registered
// here by compile-expr.ts when it loads, so those modules depend on this one and compile-expr.ts
// depends on them, with no import back.
import type * as A from '../ast/index.ts';
import type { Js } from './js.ts';
import type { FnScope } from './module-builder.ts';

/** Compiles a rule-file expression to a TypeScript expression over `Ctx`. */
export type CompileExpr = (e: A.Expr, f: FnScope) => Js;

let registered: CompileExpr | null = null;

/** Called once by compile-expr.ts with its `compileExpr`. */
export function registerCompileExpr(compile: CompileExpr): void {
  registered = compile;
}

/** Compiles `e` (through the registered compiler). */
export function compileExpr(e: A.Expr, f: FnScope): Js {
  if (registered === null) throw new Error('codegen: compileExpr used before compile-expr.ts registered it');
  return registered(e, f);
}

/** The compiled expression as a string. */
export function expr(e: A.Expr, f: FnScope): string {
  return compileExpr(e, f).s;
}
