-- Rooms, their seats (token hashes only, never tokens) and their append-only action logs.
-- Applied by apps/server/src/storage/pg/migrate.ts inside the instance's schema (search_path).
-- Options, results and actions are `json` (kept as written, key order included), not `jsonb`.

create table rooms (
  id text primary key,
  game text not null,
  seed text not null,
  -- hex SHA-256 of the seed: the commitment shown from the start
  seed_hash text not null,
  practice boolean not null default false,
  players integer not null check (players > 0),
  options json not null,
  status text not null check (status in ('waiting', 'playing', 'finished', 'expired')),
  -- wall-clock ms
  created_at bigint not null,
  started_at bigint,
  ended_at bigint,
  result json,
  -- the room's logical-time high-water mark (ms)
  clock_at bigint
);
-- listRooms: by status, oldest first
create index rooms_status_created on rooms (status, created_at, id);
-- pruneRooms: rooms over, oldest end first
create index rooms_over_ended on rooms (ended_at) where status in ('finished', 'expired');

create table seats (
  room text not null references rooms (id) on delete cascade,
  seat integer not null check (seat >= 0),
  kind text not null check (kind in ('human', 'bot')),
  level text,
  -- hex SHA-256 of the seat token once a human claimed it
  token_hash text,
  name text,
  primary key (room, seat)
);

create table actions (
  room text not null references rooms (id) on delete cascade,
  n integer not null check (n > 0),
  at bigint not null,
  seat integer not null,
  seq bigint not null,
  action json not null,
  -- the previous position (null for the first): with the foreign key below, no gap can be written
  prev integer generated always as (nullif(n - 1, 0)) stored,
  -- the fence between writers: one entry per position, so two nodes cannot both write action n
  primary key (room, n),
  -- deferred to the commit so that deleting a whole log (pruneRooms) does not cascade row by row
  foreign key (room, prev) references actions (room, n) deferrable initially deferred
);
