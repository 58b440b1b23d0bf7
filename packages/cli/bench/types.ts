// What the peer and the hand-written baseline share with the bench harness.

/** Tiv-Miv's options (the rule file's defaults: 6 phases, indexes 1..5). */
export interface TivMivOptions {
  phases: number;
  maxIndex: number;
}

export const TIV_MIV_DEFAULTS: TivMivOptions = { phases: 6, maxIndex: 5 };

/** One whole random game: the figures the fidelity check compares (Tiv-Miv's phases, Super Taki's one round). */
export interface PlayoutStats {
  /** Accepted moves (draws and plays). */
  moves: number;
  /** Phases played. */
  phases: number;
  /** Phases that ended blocked (a full rotation with nobody able to play). */
  blocked: number;
  /** Final totals per seat (lower is better). */
  scores: number[];
  winners: number[];
}

/** A Tiv-Miv implementation the bench can drive: one random game per call. */
export interface TivMivImpl {
  name: string;
  playout(seed: number, players: number, options?: TivMivOptions): PlayoutStats;
}

/** A peer of any game the bench can drive (at the rule file's default options): one random game per call. */
export interface PeerImpl {
  name: string;
  playout(seed: number, players: number): PlayoutStats;
}
