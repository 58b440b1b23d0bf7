// The games this server hosts, by id, and how the lobby describes them.
import type { HostedGame, OptionInfo } from './types.ts';

export interface GameSummary {
  id: string;
  title: string;
  summary: string;
  minPlayers: number;
  maxPlayers: number;
  options: (Omit<OptionInfo, 'values'> & { values?: string[] })[];
  botLevels: string[];
  source: string;
}

export class GameRegistry {
  private readonly games = new Map<string, HostedGame>();

  constructor(games: Iterable<HostedGame> = []) {
    for (const g of games) this.add(g);
  }

  /** Adds a game; a later game with the same id replaces the earlier one (an author's file over a package). */
  add(game: HostedGame): void {
    this.games.set(game.id, game);
  }

  get(id: string): HostedGame | undefined {
    return this.games.get(id);
  }

  list(): GameSummary[] {
    return [...this.games.values()]
      .filter((g) => g.listed !== false)
      .sort((a, b) => a.id.localeCompare(b.id))
      .map(({ id, title, summary, minPlayers, maxPlayers, options, botLevels, source }) => ({
        id,
        title,
        summary,
        minPlayers,
        maxPlayers,
        options: options.map(({ values, ...o }) => ({ ...o, ...(values ? { values: [...values] } : {}) })),
        botLevels: [...botLevels],
        source,
      }));
  }

  get size(): number {
    return this.games.size;
  }
}
