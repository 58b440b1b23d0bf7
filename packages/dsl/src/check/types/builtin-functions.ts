// The built-in functions of the expression language (math and the runtime's stdlib) and their signatures.
import type { Type } from '../model.ts';
import { T } from './type-util.ts';

/** A parameter kind the checker knows how to test. */
export type ParamKind = 'number' | 'cards' | 'meld_rules' | 'card';

export interface BuiltinFn {
  params: ParamKind[];
  /** The result, given the argument types (for `min`/`max`, which keep durations). */
  result: (args: Type[]) => Type;
}

const num = (): Type => T.number;
const keepNumeric = (args: Type[]): Type => (args.every((a) => a.t === 'duration') ? T.duration : T.number);

export const BUILTIN_FUNCTIONS: Record<string, BuiltinFn> = {
  abs: { params: ['number'], result: keepNumeric },
  floor: { params: ['number'], result: num },
  ceil: { params: ['number'], result: num },
  sqrt: { params: ['number'], result: num },
  sin: { params: ['number'], result: num },
  cos: { params: ['number'], result: num },
  min: { params: ['number', 'number'], result: keepNumeric },
  max: { params: ['number', 'number'], result: keepNumeric },
  wrap: { params: ['number', 'number', 'number'], result: num },
  plus_minus: { params: ['number', 'number', 'number', 'number'], result: () => T.list(T.number) },
  can_meld_all: { params: ['cards', 'meld_rules'], result: () => T.bool },
  can_go_out: { params: ['cards', 'meld_rules', 'number'], result: () => T.bool },
  unmelded_points: { params: ['cards', 'meld_rules'], result: num },
  owner: { params: ['card'], result: () => T.side },
};
