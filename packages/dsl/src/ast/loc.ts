// Source locations and identifiers shared by every AST node.

/** A point in a source file: 0-based `offset`, 1-based `line` and `col` (UTF-16 code units). */
export interface Position {
  offset: number;
  line: number;
  col: number;
}

/** The span of a node: from `start` (inclusive) to `end` (exclusive) in `file`. */
export interface Loc {
  file: string;
  start: Position;
  end: Position;
}

/** Every AST node has a discriminating `kind` and a location. */
export interface Node {
  kind: string;
  loc: Loc;
}

/**
 * A name as written, with its own location, so a diagnostic can point at the name itself
 * ("defined here") rather than at the whole declaration.
 *
 * @example `zone hand: …` has `name: { kind: 'ident', text: 'hand', loc }`.
 */
export interface Ident extends Node {
  kind: 'ident';
  text: string;
}

/** A kebab-case game id, written only after `game` and `extends` (`super-taki`). */
export interface GameId extends Node {
  kind: 'game_id';
  text: string;
}

/** A rejection code `namespace/name` (`card/not_playable`). */
export interface RejectionCode extends Node {
  kind: 'rejection_code';
  namespace: string;
  name: string;
  /** `namespace/name` as written. */
  text: string;
}
