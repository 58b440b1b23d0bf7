-- The tables' chat lines and reactions (#25): plain text and who wrote it, kept with the room's log and deleted with the room.
create table chat (
  room text not null references rooms (id) on delete cascade,
  id bigint generated always as identity,
  at bigint not null,
  line json not null,
  primary key (room, id)
);
