// HTTP routes of remembered players and ratings: issue a player key, rename, link a seat to a player, a room's players, leaderboards.
import rateLimit from '@fastify/rate-limit';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorReply, RoomParams } from '@decksmith/protocol';
import { LeaderboardReply, MyRatingReply, MyRatingsReply, PlayerBody, PlayerInfo, PlayerKeyReply, RoomPlayersReply, SeatPlayerBody } from '@decksmith/protocol/ratings';
import { bearerToken } from '../admission/client-keys.ts';
import type { GameRegistry } from '../games/registry.ts';
import type { RoomManager } from '../rooms/manager.ts';
import { hashToken, sameHash } from '../tokens.ts';
import { codedErrorHandler, strictValidatorCompiler } from '../transport/http/strict.ts';
import type { Ratings } from './service.ts';

export interface RatingRouteDeps {
  ratings: Ratings;
  manager: RoomManager;
  registry: GameRegistry;
  /** Player keys one client (IP) may have issued per minute (default 10). */
  playersPerMinute?: number;
  /** Requests per client and minute over these routes (default: the server's httpPerMinutePerClient). */
  perMinute?: number;
}

/** Most rows a leaderboard page returns. */
export const LEADERBOARD_MAX = 100;

const Err = Type.Ref('ErrorReply');
const info = (p: { id: string; name: string; colour: string }) => ({ id: p.id, name: p.name, colour: p.colour });
const GameParams = Type.Object({ game: Type.String({ minLength: 1, maxLength: 64 }) });

export function ratingRoutes(deps: RatingRouteDeps): FastifyPluginAsyncTypebox {
  const { ratings, manager, registry } = deps;
  return async (app) => {
    app.addSchema(ErrorReply);
    app.setValidatorCompiler(strictValidatorCompiler);
    app.setErrorHandler(codedErrorHandler);
    await app.register(rateLimit, {
      max: deps.perMinute ?? app.decksmith.config.httpPerMinutePerClient,
      timeWindow: 60_000,
      keyGenerator: (req) => req.ip ?? 'unknown',
      errorResponseBuilder: (_req, ctx) => ({ statusCode: 429, code: 'quota/rate', message: `Too many requests: at most ${ctx.max} per minute from one client; retry in ${ctx.after}.` }),
    });
    const noKey = { code: 'auth/missing_key', message: 'Say who you are: send your player key as "Authorization: Bearer <key>".' };
    const badKey = { code: 'player/unknown', message: 'No player has this key.' };

    app.post(
      '/api/players',
      {
        config: { rateLimit: { max: deps.playersPerMinute ?? 10, timeWindow: 60_000 } },
        schema: { tags: ['players'], summary: 'Remember a player: a name and colour shown to others; returns the player key, shown once', body: PlayerBody, response: { 201: PlayerKeyReply, 400: Err, 429: Err } },
      },
      async (req, reply) => {
        const r = await ratings.register(req.body.name, req.body.colour);
        if (!r.ok) return reply.code(r.status as 400).send({ code: r.code, message: r.message });
        return reply.code(201).send({ key: r.key, player: info(r.player) });
      },
    );

    app.get('/api/players/me', { schema: { tags: ['players'], summary: 'The player a key (Authorization: Bearer) proves', response: { 200: PlayerInfo, 401: Err, 404: Err } } }, async (req, reply) => {
      const key = bearerToken(req.headers.authorization);
      if (!key) return reply.code(401).send(noKey);
      const p = await ratings.playerOf(key);
      return p ? info(p) : reply.code(404).send(badKey);
    });

    app.put('/api/players/me', { schema: { tags: ['players'], summary: 'Change your name and colour', body: PlayerBody, response: { 200: PlayerInfo, 400: Err, 401: Err, 404: Err } } }, async (req, reply) => {
      const key = bearerToken(req.headers.authorization);
      if (!key) return reply.code(401).send(noKey);
      const p = await ratings.playerOf(key);
      if (!p) return reply.code(404).send(badKey);
      const r = await ratings.rename(p, req.body.name, req.body.colour);
      if (!r.ok) return reply.code(r.status as 400).send({ code: r.code, message: r.message });
      return info(r.player);
    });

    app.post(
      '/api/rooms/:id/player',
      {
        schema: {
          tags: ['players'],
          summary: 'Say which remembered player holds your seat (Authorization: Bearer <seat token>, body: the player key), before the first action: a game between remembered humans is rated',
          params: RoomParams,
          body: SeatPlayerBody,
          response: { 200: Type.Object({ room: Type.String(), seat: Type.Integer(), player: PlayerInfo }), 401: Err, 403: Err, 404: Err, 409: Err },
        },
      },
      async (req, reply) => {
        const token = bearerToken(req.headers.authorization);
        if (!token) return reply.code(401).send({ code: 'auth/missing_token', message: 'Say which seat: send its token as "Authorization: Bearer <token>".' });
        const room = manager.rooms.get(req.params.id);
        if (!room) return reply.code(404).send({ code: 'room/unknown', message: `No open room "${req.params.id}".` });
        const hash = hashToken(token);
        const seat = room.record.seats.findIndex((s) => sameHash(s.tokenHash, hash));
        if (seat < 0) return reply.code(403).send({ code: 'auth/bad_token', message: 'This token holds no seat of this room.' });
        const player = await ratings.playerOf(req.body.key);
        if (!player) return reply.code(404).send(badKey);
        // Only before the game's first action: nobody names themselves once they see how it goes.
        if (room.status !== 'waiting' && !(room.status === 'playing' && room.height === 0)) {
          return reply.code(409).send({ code: 'room/started', message: 'A seat names its player before the first move.' });
        }
        await ratings.seat(room.id, seat, player.id);
        return { room: room.id, seat, player: info(player) };
      },
    );

    app.get('/api/rooms/:id/players', { schema: { tags: ['players'], summary: "A room's remembered players with their ratings in its game", params: RoomParams, response: { 200: RoomPlayersReply, 404: Err } } }, async (req, reply) => {
      const room = await manager.open(req.params.id);
      if (!room) return reply.code(404).send({ code: 'room/unknown', message: `No room "${req.params.id}".` });
      return { room: room.id, players: await ratings.seatsOf(room.id, room.record.game) };
    });

    app.get(
      '/api/ratings/:game',
      {
        schema: {
          tags: ['players'],
          summary: "A game's leaderboard and its bot levels' measured ratings",
          params: GameParams,
          querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LEADERBOARD_MAX })) }, { additionalProperties: false }),
          response: { 200: LeaderboardReply, 400: Err, 404: Err },
        },
      },
      async (req, reply) => {
        if (!registry.get(req.params.game)) return reply.code(404).send({ code: 'game/unknown', message: `No game "${req.params.game}" is hosted here.` });
        const board = await ratings.board(req.params.game, req.query.limit ?? 50);
        return { game: req.params.game, players: board.players.map((r) => ({ ...info({ id: r.player, name: r.name, colour: r.colour }), rating: r.rating, rd: r.rd, games: r.games })), bots: board.bots };
      },
    );

    app.get('/api/players/me/ratings', { schema: { tags: ['players'], summary: 'Your ratings in every game you have played rated games of, best first', response: { 200: MyRatingsReply, 401: Err, 404: Err } } }, async (req, reply) => {
      const key = bearerToken(req.headers.authorization);
      if (!key) return reply.code(401).send(noKey);
      const p = await ratings.playerOf(key);
      if (!p) return reply.code(404).send(badKey);
      const mine = await ratings.store.ratingsOf(p.id);
      return { player: info(p), ratings: mine.filter((r) => registry.get(r.game)).map((r) => ({ game: r.game, rating: r.rating, rd: r.rd, games: r.games })) };
    });

    app.get('/api/ratings/:game/me', { schema: { tags: ['players'], summary: 'Your rating in a game (a newcomer\'s until you play a rated game), and the bot level nearest it', params: GameParams, response: { 200: MyRatingReply, 401: Err, 404: Err } } }, async (req, reply) => {
      const key = bearerToken(req.headers.authorization);
      if (!key) return reply.code(401).send(noKey);
      if (!registry.get(req.params.game)) return reply.code(404).send({ code: 'game/unknown', message: `No game "${req.params.game}" is hosted here.` });
      const p = await ratings.playerOf(key);
      if (!p) return reply.code(404).send(badKey);
      const mine = await ratings.mine(req.params.game, p);
      return { player: info(p), game: req.params.game, ...mine };
    });
  };
}
