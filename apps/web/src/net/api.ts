// The server's HTTP API (games, a game's tables, rooms, seats, spectating, logs) as typed fetch calls.
import type { ClientDef } from '../state/def.ts';
import type * as P from '@decksmith/protocol';
import type { GameSummary, JoinReply, LeaveReply } from '@decksmith/protocol';
import type { GameResult, GameView } from './protocol.ts';

// The HTTP bodies and replies are @decksmith/protocol's (types only: the schemas stay on the server).
export type { GameSummary, JoinReply, LeaveReply, OptionInfo, SeatSummary } from '@decksmith/protocol';

/**
 * A room as the lobby lists it: its result with the runtime's reasons for the end; the seed
 * commitment and the practice flag read as optional (a page must not break on a room without them).
 */
export type RoomSummary = Omit<P.RoomSummary, 'result' | 'seedHash' | 'practice'> & { result?: GameResult; seedHash?: string; practice?: boolean };

export type OptionValue = number | string | boolean;

/** How the rounds go (games run by the runtime): a fixed number or an end condition, the dealer, scoring and ties. */
export interface RoundsInfo {
  count: number | null;
  until: boolean;
  /** The end condition as the rule file writes it (null: none, or an older server). */
  untilText?: string | null;
  dealer: { first: string; rotate: string };
  scoredEachRound: boolean;
  ties: string;
}

/** One zone instance's card count right after the deal (owner -1: shared). */
export interface OpeningZone {
  zone: string;
  owner: number;
  count: number;
}

export interface SeatSpec {
  kind: 'human' | 'bot';
  level?: string;
}

/** Filters and paging of the lobby (`GET /api/rooms`). */
export interface LobbyQuery {
  game?: string;
  status?: 'waiting' | 'playing' | 'finished';
  /** Rooms per page: 50 by default, at most 200. */
  limit?: number;
  /** The `next` of the previous page. */
  cursor?: string;
}

/** One page of the lobby, newest first; `next` is the cursor of the following page, absent on the last. */
export interface LobbyPage {
  rooms: RoomSummary[];
  next?: string;
}

/** The query string of a lobby request (empty values left out). */
export function lobbyQueryString(q: LobbyQuery = {}): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== '') params.set(k, String(v));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A finished game's complete log; a running game's log has no seed and no actions (they would reveal hidden cards). */
export interface ReplayLog {
  v: 1;
  game: string;
  status?: string;
  complete?: boolean;
  /** Accepted actions so far. */
  n?: number;
  seed?: string;
  players: number;
  options: Record<string, OptionValue>;
  actions?: { at: number; seat: number; action: unknown }[];
  /** Commitment to the seed (hex SHA-256), shown from the start; sha256(seed) must equal it. */
  seedHash?: string;
  /** The room's creator chose the seed (practice): the deal proves nothing. */
  practice?: boolean;
  /** Complete logs: the room's clock when timers fired after the last action (the replay ticks to it). */
  clockAt?: number;
  /** Complete logs: the table's chat lines and reactions. */
  chat?: P.ChatLine[];
}

/** A log that replays the whole game: seed and actions. */
export type CompleteLog = ReplayLog & Required<Pick<ReplayLog, 'seed' | 'actions'>>;

/** The log itself when it is complete (a finished game), else null. */
export function asComplete(log: ReplayLog): CompleteLog | null {
  return log.complete === false || log.seed === undefined || !log.actions ? null : (log as CompleteLog);
}

/** A coded failure from the server (`seat/taken`, `room/unknown` …). */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * A JSON request to the server; a refusal becomes an ApiError with the server's code (its
 * message, then any `report` lines the server adds, e.g. a draft's compile diagnostics).
 */
export async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, { ...init, headers: { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}), ...(init.headers as Record<string, string> | undefined) } });
  } catch {
    throw new ApiError('net/offline', 'The server cannot be reached.', 0);
  }
  const text = await res.text();
  const data = text ? (JSON.parse(text) as unknown) : undefined;
  if (!res.ok) {
    const e = (data ?? {}) as { code?: string; message?: string; report?: string[] };
    throw new ApiError(e.code ?? `http/${res.status}`, [e.message ?? res.statusText, ...(e.report ?? [])].join('\n'), res.status);
  }
  return data as T;
}

const post = (body: unknown): RequestInit => ({ method: 'POST', body: JSON.stringify(body) });

export const api = {
  games: () => call<GameSummary[]>('/api/games'),
  game: (id: string) => call<GameSummary>(`/api/games/${encodeURIComponent(id)}`),
  def: (id: string) => call<ClientDef>(`/api/games/${encodeURIComponent(id)}/def`),
  rooms: (query: LobbyQuery = {}) => call<LobbyPage>(`/api/rooms${lobbyQueryString(query)}`),
  room: (id: string) => call<RoomSummary>(`/api/rooms/${encodeURIComponent(id)}`),
  createRoom: (body: { game: string; options?: Record<string, OptionValue>; seats: SeatSpec[]; seed?: string }) => call<RoomSummary>('/api/rooms', post(body)),
  join: (id: string, seat?: number, name?: string) =>
    call<JoinReply>(`/api/rooms/${encodeURIComponent(id)}/join`, post({ ...(seat !== undefined ? { seat } : {}), ...(name ? { name } : {}) })),
  spectate: (id: string) => call<{ room: string; ws: string; n: number; status: string; view: GameView }>(`/api/rooms/${encodeURIComponent(id)}/spectate`),
  log: (id: string) => call<ReplayLog>(`/api/rooms/${encodeURIComponent(id)}/log`),
  /** Play now: a seat at an open table of the game, or a new table (bots fill it after `fill.afterMs` when given). */
  quickPlay: (body: P.QuickPlayBody) => call<P.QuickPlayReply>('/api/quickplay', post(body)),
  /** The same game again at the same seats (the token of your seat at the finished table). */
  rematch: (id: string, token: string) => call<JoinReply>(`/api/rooms/${encodeURIComponent(id)}/rematch`, { method: 'POST', headers: { authorization: `Bearer ${token}` } }),
  /** The zones' card counts right after the deal at a table of `players` with `options`. */
  opening: (id: string, players?: number, options?: Readonly<Record<string, unknown>>) =>
    call<{ game: string; players: number; zones: OpeningZone[]; rounds?: RoundsInfo }>(
      `/api/games/${encodeURIComponent(id)}/opening${lobbyQueryString({ ...(players ? { players } : {}), ...(options && Object.keys(options).length > 0 ? { options: JSON.stringify(options) } : {}) } as LobbyQuery)}`,
    ),
  /** The game's README as its author wrote it (Markdown source: shown as text). */
  readme: (id: string) => call<P.ReadmeReply>(`/api/games/${encodeURIComponent(id)}/readme`),
  leave: (id: string, token: string) => call<LeaveReply>(`/api/rooms/${encodeURIComponent(id)}/leave`, { method: 'POST', headers: { authorization: `Bearer ${token}` } }),
};
