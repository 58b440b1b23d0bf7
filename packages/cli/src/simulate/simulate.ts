// The simulation driver: many bot games of one set-up (and of each compared option value).
import { loadRuntime, type BotBudget, type GameDef, type MatchRecord, type OptionValue } from './runtime.ts';
import { summarize, type SimulationSummary } from './summary.ts';

export interface SimulationConfig {
  def: GameDef;
  players: number;
  games: number;
  seed: string;
  options: Record<string, OptionValue>;
  /** Bot level per seat. */
  bots: string[];
  /** Rotate the levels around the table from game to game (game g: seat s plays bots[(s + g) mod n]). */
  rotate?: boolean;
  budget?: BotBudget;
  /** Accepted actions after which a game is stopped unfinished (default DEFAULT_MAX_ACTIONS). */
  maxActions?: number;
  /** Called after each game (for a progress bar). */
  onGame?: (done: number, total: number) => void;
}

export interface SimulationResult {
  records: MatchRecord[];
  summary: SimulationSummary;
}

/** The action cap of a simulated game unless `--max-actions` says otherwise (the runtime's playMatch default). */
export const DEFAULT_MAX_ACTIONS = 20_000;

/** The bot levels of game g. */
export function botsOfGame(bots: readonly string[], g: number, rotate: boolean): string[] {
  const n = bots.length;
  return bots.map((_, s) => bots[rotate ? (s + g) % n : s]!);
}

/**
 * Plays `games` games between bots (game g uses seed `${seed}/${g}`, so runs repeat exactly
 * and compared variants meet the same deals) and summarizes them. Yields to the event loop
 * between games so a progress bar can redraw.
 *
 * @example
 * const { summary } = await runSimulation({ def, players: 2, games: 100, seed: 's', options: {}, bots: ['ismcts', 'random'] });
 */
export async function runSimulation(config: SimulationConfig): Promise<SimulationResult> {
  const { def, players, games, seed } = config;
  const maxActions = config.maxActions ?? DEFAULT_MAX_ACTIONS;
  const { playMatch, setup } = await loadRuntime();
  const records: MatchRecord[] = [];
  const probe = setup(def, { players, seed, options: config.options });
  for (let g = 0; g < games; g++) {
    records.push(
      playMatch(def, {
        players,
        seed: `${seed}/${g}`,
        options: config.options,
        bots: botsOfGame(config.bots, g, config.rotate ?? false),
        budget: config.budget,
        maxActions,
      }),
    );
    config.onGame?.(g + 1, games);
    if (config.onGame !== undefined) await new Promise((resolve) => setImmediate(resolve));
  }
  const summary = summarize(
    records,
    { game: def.id, title: def.title, seed, options: config.options, bots: config.bots, rotate: config.rotate ?? false, maxActions },
    probe.sideOf,
  );
  return { records, summary };
}

export interface ComparisonSummary {
  option: string;
  variants: (SimulationSummary & { value: string })[];
  /** Differences of the later variants from the first one. */
  effect: {
    value: string;
    winRateBySeat: number[];
    firstSeatAdvantage: number;
    meanActions: number;
    meanRounds: number;
    meanTime: number;
    leadChanges: number;
    decisiveness: number | null;
  }[];
}

/** Parses a `--compare k=v1,v2` flag. */
export function parseCompare(text: string): { option: string; values: string[] } | null {
  const eq = text.indexOf('=');
  if (eq <= 0) return null;
  const values = text.slice(eq + 1).split(',').map((v) => v.trim()).filter((v) => v !== '');
  return values.length >= 2 ? { option: text.slice(0, eq), values } : null;
}

/** The later variants' figures minus the first's. */
export function comparisonEffect(variants: ComparisonSummary['variants']): ComparisonSummary['effect'] {
  const base = variants[0]!;
  const d = (a: number, b: number): number => Math.round((a - b) * 1e6) / 1e6;
  return variants.slice(1).map((v) => ({
    value: v.value,
    winRateBySeat: v.seats.map((s, i) => d(s.winRate, base.seats[i]!.winRate)),
    firstSeatAdvantage: d(v.firstSeat.advantage, base.firstSeat.advantage),
    meanActions: d(v.length.actions.mean, base.length.actions.mean),
    meanRounds: d(v.length.rounds.mean, base.length.rounds.mean),
    meanTime: d(v.length.time.mean, base.length.time.mean),
    leadChanges: d(v.leadChanges.mean, base.leadChanges.mean),
    decisiveness: v.decisiveness.rate === null || base.decisiveness.rate === null ? null : d(v.decisiveness.rate, base.decisiveness.rate),
  }));
}
