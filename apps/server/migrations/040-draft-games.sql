-- Hosted draft games (#21): the rule file text (and a variant's bases) each `draft-<hash>` game was
-- compiled from, so that a restarted node recompiles it and resumes the draft's tables.
create table draft_games (
  id text primary key,
  text text not null,
  bases jsonb not null,
  created_at bigint not null
);
