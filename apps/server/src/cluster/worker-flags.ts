// The Node flags a `--workers` worker is forked with: the primary's own, plus a larger young generation unless the operator chose one.

/**
 * Megabytes of each of a worker's two semi-spaces (V8's young generation). A fan-out allocates
 * views, patches and frame strings that die within the update; with Node's default (16 MB) the
 * scavenger runs so often that some of them survive it and are promoted, to be collected again by
 * the major GC. 64 MB cost each worker ~65 MB more RSS at 2,500 rooms and saved ~13 % of the
 * server's CPU per action in the fan-out bench (docs/performance.md, "fifth round: the young generation").
 */
export const YOUNG_GENERATION_MB = 64;

const FLAG = '--max-semi-space-size';

/**
 * `execArgv` (the primary's) with `--max-semi-space-size=YOUNG_GENERATION_MB` added, unless it or
 * `nodeOptions` (the NODE_OPTIONS the worker inherits) already sets one: the operator's choice wins.
 */
export function workerExecArgv(execArgv: readonly string[], nodeOptions: string | undefined): string[] {
  // V8 takes `_` and `-` alike in a flag's name, and its value after `=` or as the next argument.
  const chosen = (arg: string): boolean => arg.split('=')[0]!.replaceAll('_', '-') === FLAG;
  if (execArgv.some(chosen) || (nodeOptions ?? '').split(/\s+/).some(chosen)) return [...execArgv];
  return [...execArgv, `${FLAG}=${YOUNG_GENERATION_MB}`];
}
