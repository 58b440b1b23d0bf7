-- A seat whose player resigned during the game: a bot plays it on (kind 'bot', its level), under the player's name.
alter table seats add column resigned boolean not null default false;
