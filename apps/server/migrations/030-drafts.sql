-- The studio's drafts (#21): an author's rule files and scenarios, by the SHA-256 of their author token.
create table drafts (
  author text not null,
  id text not null,
  files jsonb not null,
  bytes integer not null,
  updated_at bigint not null,
  primary key (author, id)
);
