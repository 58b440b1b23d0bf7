// Do the implementations play the same game? Means over the games each played (Tiv-Miv), or the
// same seeded games replayed step by step (Super Taki, whose long games make means too noisy).

/** Running means of what a random Tiv-Miv game looks like in one implementation. */
export class Tally {
  games = 0;
  private moves = 0;
  private phases = 0;
  private score = 0;
  private seen = -1;

  /** Counts game `seed` once (the runs replay the same seeds). */
  add(seed: number, moves: number, phases: number, scores: readonly number[]): void {
    if (seed <= this.seen) return;
    this.seen = seed;
    this.games++;
    this.moves += moves;
    this.phases += phases;
    let s = 0;
    for (const x of scores) s += x;
    this.score += scores.length === 0 ? 0 : s / scores.length;
  }

  /** The first seed not counted yet. */
  nextSeed(): number {
    return this.seen + 1;
  }

  summary(): GameShape {
    const n = Math.max(1, this.games);
    return { games: this.games, movesPerGame: this.moves / n, phasesPerGame: this.phases / n, meanScore: this.score / n };
  }
}

export interface GameShape {
  games: number;
  movesPerGame: number;
  phasesPerGame: number;
  /** Mean final total per seat. */
  meanScore: number;
}

export interface FidelityCheck {
  /** Largest relative difference from Decksmith's mean moves and phases per game, in %. */
  maxDeviationPercent: number;
  tolerancePercent: number;
  /** True within tolerance (or, with `lockstep`, when every replayed game agreed); null when some implementation played too few games to judge. */
  ok: boolean | null;
  /** Present when the peer replayed Decksmith's own games step by step: then this is the verdict. */
  lockstep?: LockstepCheck;
}

/** The lockstep verdict: `games` seeded games, `decisions` compared, the first disagreement if any. */
export interface LockstepCheck {
  games: number;
  decisions: number;
  mismatch: string | null;
}

/** Games the bench replays in lockstep (each about a thousand decisions, a second or so of CPU). */
export const LOCKSTEP_GAMES = 10;

/**
 * Replays seeds 0 … games-1 in lockstep, stopping at the first disagreement.
 *
 * @example
 * checkLockstep((seed) => lockstep(rt, def, seed, 4), 10); // { games: 10, decisions: 11873, mismatch: null }
 */
export function checkLockstep(play: (seed: number) => { steps: number; mismatch: string | null }, games: number): LockstepCheck {
  let decisions = 0;
  for (let seed = 0; seed < games; seed++) {
    const r = play(seed);
    decisions += r.steps;
    if (r.mismatch !== null) return { games: seed + 1, decisions, mismatch: r.mismatch };
  }
  return { games, decisions, mismatch: null };
}

/** Games per implementation the bench tops the timed games up to (`--fidelity`), and the fewest it judges. */
export const FIDELITY_GAMES = 30;

/**
 * Compares every implementation's means with the reference's (moves and phases per game).
 *
 * @example
 * checkFidelity(decksmith, [bgio, hand], 5); // { maxDeviationPercent: 1.2, tolerancePercent: 5, ok: true }
 */
export function checkFidelity(reference: GameShape, others: readonly GameShape[], tolerancePercent = 5, minGames = FIDELITY_GAMES): FidelityCheck {
  let worst = 0;
  for (const o of others) {
    for (const [a, b] of [[o.movesPerGame, reference.movesPerGame], [o.phasesPerGame, reference.phasesPerGame]] as const) {
      if (b > 0) worst = Math.max(worst, (Math.abs(a - b) / b) * 100);
    }
  }
  const enough = reference.games >= minGames && others.every((o) => o.games >= minGames);
  return { maxDeviationPercent: Math.round(worst * 100) / 100, tolerancePercent, ok: enough ? worst <= tolerancePercent : null };
}
