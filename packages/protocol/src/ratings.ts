// TypeBox schemas of remembered players and ratings (#25): the player key, a seat's player, leaderboards.
import Type, { type Static } from 'typebox';

const Colour = Type.String({ pattern: '^#[0-9a-fA-F]{6}$', description: '#rrggbb' });

export const PlayerBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 64, description: 'Trimmed and checked by the server: 1–24 characters, no control characters.' }),
    colour: Colour,
  },
  { additionalProperties: false },
);

export const PlayerInfo = Type.Object({
  id: Type.String({ description: 'Public id (leaderboards, seats).' }),
  name: Type.String(),
  colour: Type.String(),
});

export const PlayerKeyReply = Type.Object({
  key: Type.String({ description: 'The player key (256 random bits), shown once: the browser keeps it and sends it as "Authorization: Bearer <key>". The server keeps only its hash.' }),
  player: PlayerInfo,
});

export const SeatPlayerBody = Type.Object(
  { key: Type.String({ minLength: 1, maxLength: 64, description: 'The player key of whoever holds the seat.' }) },
  { additionalProperties: false },
);

export const SeatPlayerSchema = Type.Object({
  seat: Type.Integer(),
  id: Type.String(),
  name: Type.String(),
  colour: Type.String(),
  rating: Type.Optional(Type.Number({ description: 'Glicko-2 rating in this game (absent before the first rated game).' })),
  rd: Type.Optional(Type.Number({ description: 'Rating deviation.' })),
  games: Type.Optional(Type.Integer()),
});

export const RoomPlayersReply = Type.Object({ room: Type.String(), players: Type.Array(SeatPlayerSchema) });

export const BotRatingSchema = Type.Object({ level: Type.String(), rating: Type.Number(), rd: Type.Number() });

export const LeaderRowSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  colour: Type.String(),
  rating: Type.Number(),
  rd: Type.Number(),
  games: Type.Integer(),
});

export const LeaderboardReply = Type.Object({
  game: Type.String(),
  players: Type.Array(LeaderRowSchema),
  bots: Type.Array(BotRatingSchema, { description: 'Bot levels with ratings measured from bot-vs-bot games (decksmith bot-ratings).' }),
});

export const MyRatingReply = Type.Object({
  player: PlayerInfo,
  game: Type.String(),
  rating: Type.Number(),
  rd: Type.Number(),
  games: Type.Integer(),
  botAtYourLevel: Type.Optional(Type.String({ description: 'The bot level whose measured rating is closest to yours.' })),
});

export const MyRatingsReply = Type.Object({
  player: PlayerInfo,
  ratings: Type.Array(Type.Object({ game: Type.String(), rating: Type.Number(), rd: Type.Number(), games: Type.Integer() })),
});

export type PlayerBody = Static<typeof PlayerBody>;
export type PlayerInfo = Static<typeof PlayerInfo>;
export type PlayerKeyReply = Static<typeof PlayerKeyReply>;
export type SeatPlayer = Static<typeof SeatPlayerSchema>;
export type RoomPlayersReply = Static<typeof RoomPlayersReply>;
export type BotRatingInfo = Static<typeof BotRatingSchema>;
export type LeaderRow = Static<typeof LeaderRowSchema>;
export type LeaderboardReply = Static<typeof LeaderboardReply>;
export type MyRatingReply = Static<typeof MyRatingReply>;
export type MyRatingsReply = Static<typeof MyRatingsReply>;
