// The server's HTTP API (games, a game's tables, rooms, seats, spectating, logs) as typed fetch calls.
import type { ClientDef } from '../state/def.ts';
import type { GameResult, GameView } from './protocol.ts';

export interface OptionInfo {
  name: string;
  description: string;
  kind: 'int' | 'duration' | 'bool' | 'enum';
  min?: number;
  max?: number;
  values?: string[];
  default: number;
  /** The rule file's grouping for the new-table form (`basic` shown at once; else under "Advanced options"). */
  group?: 'basic' | 'advanced';
}

export interface GameSummary {
  id: string;
  title: string;
  summary: string;
  minPlayers: number;
  maxPlayers: number;
  options: OptionInfo[];
  botLevels: string[];
  source: string;
}

export type OptionValue = number | string | boolean;

export interface SeatSpec {
  kind: 'human' | 'bot';
  level?: string;
}

export interface SeatSummary {
  kind: 'human' | 'bot';
  level?: string;
  name?: string;
  claimed: boolean;
  connected: boolean;
  /** Its player resigned during the game: a bot (`level`) plays it on under their `name`. */
  resigned?: boolean;
}

export interface RoomSummary {
  id: string;
  game: string;
  status: 'waiting' | 'playing' | 'finished' | 'expired';
  players: number;
  options: Record<string, OptionValue>;
  seats: SeatSummary[];
  n: number;
  createdAt: number;
  startedAt?: number;
  endedAt?: number;
  result?: GameResult;
  /** Commitment to the room's seed (hex SHA-256), shown from the start; the finished game's log reveals the seed. */
  seedHash?: string;
  /** The room's creator chose the seed (a practice table): the deal proves nothing. */
  practice?: boolean;
  /** A game under way with no player connected (ended after a few minutes). */
  abandoned?: boolean;
}

/** What leaving a seat did: freed before the game, resigned (a bot plays on), or the game ended (last player). */
export interface LeaveReply {
  room: string;
  seat: number;
  outcome: 'freed' | 'resigned' | 'abandoned';
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

export interface JoinReply {
  room: string;
  seat: number;
  token: string;
  ws: string;
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

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, { ...init, headers: { accept: 'application/json', ...(init?.body ? { 'content-type': 'application/json' } : {}), ...(init?.headers as Record<string, string> | undefined) } });
  } catch {
    throw new ApiError('net/offline', 'The server cannot be reached.', 0);
  }
  const text = await res.text();
  const data = text ? (JSON.parse(text) as unknown) : undefined;
  if (!res.ok) {
    const e = (data ?? {}) as { code?: string; message?: string };
    throw new ApiError(e.code ?? `http/${res.status}`, e.message ?? res.statusText, res.status);
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
  leave: (id: string, token: string) => call<LeaveReply>(`/api/rooms/${encodeURIComponent(id)}/leave`, { method: 'POST', headers: { authorization: `Bearer ${token}` } }),
};
