-- Remembered players (a public id; the player key only as its SHA-256), who sat where, and Glicko-2 ratings per game (#25).
create table players (
  id text primary key,
  key_hash text not null unique,
  name text not null,
  colour text not null,
  created_at bigint not null
);
create table room_players (
  room text not null,
  seat integer not null,
  player text not null references players (id) on delete cascade,
  primary key (room, seat)
);
create table rated_rooms (
  room text primary key,
  game text not null
);
create table ratings (
  game text not null,
  player text not null references players (id) on delete cascade,
  rating double precision not null,
  rd double precision not null,
  vol double precision not null,
  games integer not null,
  updated_at bigint not null,
  primary key (game, player)
);
create index ratings_board on ratings (game, rating desc);
