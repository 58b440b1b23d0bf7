// Declared integer ranges of variables (`var tricks: 0..13`, language.md §6): a write outside
// the range is the rule file's bug, reported as `var/out_of_range` at the first such write.
import { NONE, type GameDef, type Rejection, type VarBound } from './game-def.ts';
import type { GameState } from './state.ts';

/** Thrown by a variable write outside its range; caught where the write's effect began. */
export class VarOutOfRange extends Error {
  readonly rejection: Rejection;
  constructor(rejection: Rejection) {
    super(`${rejection.code}: ${rejection.message}`);
    this.rejection = rejection;
  }
}

function boundOf(b: VarBound, s: GameState): number {
  return typeof b === 'number' ? b : s.options[b.option];
}

/**
 * Throws VarOutOfRange when `value` lies outside variable v's declared range. `none` is allowed
 * for an optional variable (`0..13?`). `owner` is the player, side or pile written (NONE: global).
 */
export function checkVarRange(def: GameDef, s: GameState, v: number, owner: number, value: number): void {
  const d = def.vars[v];
  const range = d.range;
  if (range === undefined) return;
  const lo = boundOf(range[0], s);
  const hi = boundOf(range[1], s);
  if (value >= lo && value <= hi) return;
  if (value === NONE && d.type?.endsWith('?') === true) return;
  const whose = owner === NONE ? '' : d.scope === 'player' ? ` of player ${owner + 1}` : d.scope === 'side' ? ` of side ${owner + 1}` : ` of pile ${owner}`;
  throw new VarOutOfRange({
    code: 'var/out_of_range',
    message: `${d.name}${whose} would become ${value}, outside its range ${lo}..${hi}.`,
  });
}
