// The PostgreSQL storage's statements (unqualified: each connection's search_path is the instance's schema) and row mapping.
import type { LogEntry, RoomPatch, RoomRecord, RoomStatus, SeatRecord } from '../storage.ts';

/** A room row with its seats aggregated in seat order. */
export interface RoomRow {
  id: string;
  game: string;
  seed: string;
  seed_hash: string;
  practice: boolean;
  players: number;
  options: RoomRecord['options'];
  status: RoomStatus;
  created_at: number;
  started_at: number | null;
  ended_at: number | null;
  result: RoomRecord['result'] | null;
  clock_at: number | null;
  seats: SeatRecord[];
}

const SEATS = `coalesce((select jsonb_agg(jsonb_strip_nulls(jsonb_build_object('kind', s.kind, 'level', s.level, 'tokenHash', s.token_hash, 'name', s.name, 'resigned', case when s.resigned then true end)) order by s.seat)
  from seats s where s.room = r.id), '[]'::jsonb) as seats`;

const ROOM_COLUMNS = `r.id, r.game, r.seed, r.seed_hash, r.practice, r.players, r.options, r.status, r.created_at, r.started_at, r.ended_at, r.result, r.clock_at, ${SEATS}`;

/** Inserts a room and its seats in one statement (so in one transaction). $1 room fields, $2 seats as a JSON array. */
export const INSERT_ROOM = `with r as (
  insert into rooms (id, game, seed, seed_hash, practice, players, options, status, created_at, started_at, ended_at, result, clock_at)
  select id, game, seed, seed_hash, coalesce(practice, false), players, options, status, created_at, started_at, ended_at, result, clock_at
  from json_to_record($1::json) as x(id text, game text, seed text, seed_hash text, practice boolean, players integer, options json,
    status text, created_at bigint, started_at bigint, ended_at bigint, result json, clock_at bigint)
  returning id
)
insert into seats (room, seat, kind, level, token_hash, name)
select r.id, s.seat, s.kind, s.level, s.token_hash, s.name
from r, json_to_recordset($2::json) as s(seat integer, kind text, level text, token_hash text, name text)`;

/** Claims a free human seat: the row lock makes a second concurrent claim re-check and find it taken. */
export const CLAIM_SEAT = `update seats set token_hash = $3, name = coalesce($4, name)
  where room = $1 and seat = $2 and kind = 'human' and token_hash is null`;

/** Replaces a seat ($4…$8) while the token hash $3 holds it. */
export const RELEASE_SEAT = `update seats set kind = $4, level = $5, token_hash = $6, name = $7, resigned = $8
  where room = $1 and seat = $2 and token_hash = $3`;

export const GET_ROOM = `select ${ROOM_COLUMNS} from rooms r where r.id = $1`;

export const LIST_ROOMS = `select ${ROOM_COLUMNS} from rooms r where r.status = any($1::text[]) order by r.created_at, r.id limit $2`;

export const GET_ACTIONS = 'select n, at, seat, seq, action from actions where room = $1 order by n';

/** Appends a batch of entries ($1: a JSON array) in one statement: all or none (a duplicate or gap fails it). */
export const APPEND_ACTIONS = `insert into actions (room, n, at, seat, seq, action)
select room, n, at, seat, seq, action
from json_to_recordset($1::json) as x(room text, n integer, at bigint, seat integer, seq bigint, action json)`;

/** Deletes up to $2 rooms over before $1 (oldest end first), their seats and actions by cascade; skips rows another node is deleting. */
export const PRUNE_ROOMS = `with gone as (
  delete from rooms where id in (
    select id from rooms where status in ('finished', 'expired') and ended_at < $1 order by ended_at limit $2 for update skip locked
  ) returning id
), seats as (
  delete from room_players where room in (select id from gone)
)
select id from gone`;

/** One append as its row in the APPEND_ACTIONS JSON array. */
export function actionRow(roomId: string, e: LogEntry): Record<string, unknown> {
  return { room: roomId, n: e.n, at: e.at, seat: e.seat, seq: e.seq, action: e.action };
}

/** The room fields of INSERT_ROOM's $1 and its seats ($2). */
export function roomParams(room: RoomRecord): [string, string] {
  const fields = {
    id: room.id,
    game: room.game,
    seed: room.seed,
    seed_hash: room.seedHash,
    practice: room.practice === true,
    players: room.players,
    options: room.options,
    status: room.status,
    created_at: room.createdAt,
    started_at: room.startedAt ?? null,
    ended_at: room.endedAt ?? null,
    result: room.result ?? null,
    clock_at: room.clockAt ?? null,
  };
  const seats = room.seats.map((s, seat) => ({ seat, kind: s.kind, level: s.level ?? null, token_hash: s.tokenHash ?? null, name: s.name ?? null }));
  return [JSON.stringify(fields), JSON.stringify(seats)];
}

/** An `update rooms` statement for `patch`, or null when it changes nothing. */
export function updateRoomStatement(roomId: string, patch: RoomPatch): { text: string; values: unknown[] } | null {
  const sets: string[] = [];
  const values: unknown[] = [roomId];
  const set = (column: string, value: unknown, cast = ''): void => {
    values.push(value);
    sets.push(`${column} = $${values.length}${cast}`);
  };
  if (patch.status !== undefined) set('status', patch.status);
  if (patch.startedAt !== undefined) set('started_at', patch.startedAt);
  if (patch.endedAt !== undefined) set('ended_at', patch.endedAt);
  if (patch.result !== undefined) set('result', JSON.stringify(patch.result), '::json');
  if (patch.clockAt !== undefined) set('clock_at', patch.clockAt);
  if (sets.length === 0) return null;
  return { text: `update rooms set ${sets.join(', ')} where id = $1`, values };
}

/** A room row as the record the rest of the server uses (absent optional fields left out, as SQLite does). */
export function fromRow(r: RoomRow): RoomRecord {
  return {
    id: r.id,
    game: r.game,
    seed: r.seed,
    seedHash: r.seed_hash,
    ...(r.practice ? { practice: true } : {}),
    players: r.players,
    options: r.options,
    seats: r.seats,
    status: r.status,
    createdAt: r.created_at,
    ...(r.started_at !== null ? { startedAt: r.started_at } : {}),
    ...(r.ended_at !== null ? { endedAt: r.ended_at } : {}),
    ...(r.result !== null ? { result: r.result } : {}),
    ...(r.clock_at !== null ? { clockAt: r.clock_at } : {}),
  };
}
