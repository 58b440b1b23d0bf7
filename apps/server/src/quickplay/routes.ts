// HTTP routes of quick play, rematches and game READMEs; registered inside the API's routes (same rate limits, strict bodies, coded errors).
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { JoinReply, QuickPlayBody, QuickPlayReply, ReadmeReply, RoomParams, RulesReply } from '@decksmith/protocol';
import { bearerToken, clientKeys } from '../admission/client-keys.ts';
import type { RoomAdmission } from '../admission/rooms.ts';
import type { GameRegistry } from '../games/registry.ts';
import type { CreateRoomInput, RoomManager } from '../rooms/manager.ts';
import type { Storage } from '../storage/storage.ts';
import { BotFill } from './fill.ts';
import { openTable } from './match.ts';
import { opening } from './opening.ts';
import { readmeOf, ruleTextOf } from './readme.ts';
import { Rematches } from './rematch.ts';

export interface QuickPlayDeps {
  registry: GameRegistry;
  manager: RoomManager;
  storage: Storage;
  admission: RoomAdmission;
  wsPath: (room: string) => string;
}

const Err = Type.Ref('ErrorReply');

export function quickPlayRoutes(deps: QuickPlayDeps): FastifyPluginAsyncTypebox {
  const { registry, manager, admission } = deps;
  return async (app) => {
    const config = app.decksmith.config;
    const fill = new BotFill(deps.storage);
    const rematches = new Rematches(manager);
    app.addHook('onClose', async () => fill.close());
    const creation = { rateLimit: { max: config.createPerMinutePerClient, timeWindow: 60_000 } };

    /** Opens a room under the creator's quotas, as `POST /api/rooms` does. */
    const create = async (keys: string[], input: CreateRoomInput): ReturnType<RoomManager['create']> => {
      const ticket = admission.admit(keys, input.seats.every((s) => s.kind === 'bot'));
      if ('code' in ticket) return { rejected: { status: ticket.status, code: ticket.code, message: ticket.message } };
      try {
        const r = await manager.create(input);
        if ('rejected' in r) ticket.cancel();
        else ticket.commit(r.room.id);
        return r;
      } catch (error) {
        ticket.cancel();
        throw error;
      }
    };

    app.post(
      '/api/quickplay',
      {
        config: creation,
        schema: {
          tags: ['rooms'],
          summary: 'Play now: a seat at an open table of the game (the one closest to starting), or a new table whose empty seats bots take after `fill.afterMs`',
          body: QuickPlayBody,
          response: { 200: QuickPlayReply, 201: QuickPlayReply, 400: Err, 404: Err, 409: Err, 429: Err, 503: Err },
        },
      },
      async (req, reply) => {
        const body = req.body;
        const game = registry.get(body.game);
        if (!game) return reply.code(404).send({ code: 'game/unknown', message: `No game "${body.game}" is hosted here.` });
        if (body.fill && !game.botLevels.includes(body.fill.level)) {
          return reply.code(400).send({ code: 'seats/invalid', message: `No bot level "${body.fill.level}" (have: ${game.botLevels.join(', ')}).` });
        }
        // A table already open: its seat closest to starting (another quick player may take it first: then the next).
        for (let tries = 0; tries < 3; tries++) {
          const open = openTable(manager.rooms.values(), game.id);
          if (!open) break;
          const r = await manager.claim(open.id, undefined, body.name);
          if (!('rejected' in r)) return { room: open.id, seat: r.seat, token: r.token, ws: deps.wsPath(open.id), outcome: 'joined' as const };
        }
        const players = Math.min(game.maxPlayers, Math.max(game.minPlayers, body.players ?? Math.max(2, game.minPlayers)));
        const made = await create(clientKeys(req), { game: game.id, seats: Array.from({ length: players }, () => ({ kind: 'human' as const })) });
        if ('rejected' in made) {
          const { status, code, message } = made.rejected;
          if (status === 429 || status === 503) reply.header('retry-after', '5');
          return reply.code(status as 400).send({ code, message });
        }
        const room = made.room;
        const r = await manager.claim(room.id, 0, body.name);
        if ('rejected' in r) return reply.code(r.rejected.status as 409).send({ code: r.rejected.code, message: r.rejected.message });
        if (body.fill) fill.schedule(room, body.fill.level, body.fill.afterMs, (err) => req.log.error({ err, room: room.id }, 'filling seats with bots failed'));
        return reply.code(201).send({ room: room.id, seat: r.seat, token: r.token, ws: deps.wsPath(room.id), outcome: 'opened' as const });
      },
    );

    app.post(
      '/api/rooms/:id/rematch',
      {
        config: creation,
        schema: {
          tags: ['rooms'],
          summary: 'A rematch of a finished table (Authorization: Bearer <seat token of that table>): the same game, options and seats; you sit at your own seat again',
          params: RoomParams,
          response: { 200: JoinReply, 401: Err, 403: Err, 404: Err, 409: Err, 429: Err, 503: Err },
        },
      },
      async (req, reply) => {
        const token = bearerToken(req.headers.authorization);
        if (!token) return reply.code(401).send({ code: 'auth/missing_token', message: 'Say which seat asks: send its token as "Authorization: Bearer <token>".' });
        const r = await rematches.join(req.params.id, token, (input) => create(clientKeys(req), input));
        if ('code' in r) return reply.code(r.status as 409).send({ code: r.code, message: r.message });
        return { room: r.room.id, seat: r.seat, token: r.token, ws: deps.wsPath(r.room.id) };
      },
    );

    app.get(
      '/api/games/:id/opening',
      {
        schema: {
          tags: ['games'],
          summary: 'How many cards each zone holds right after the deal at a table of `players` with `options` (JSON of option names to values; defaults otherwise)',
          params: RoomParams,
          querystring: Type.Object({ players: Type.Optional(Type.Integer({ minimum: 1, maximum: 16 })), options: Type.Optional(Type.String({ maxLength: 2000 })) }, { additionalProperties: false }),
          response: {
            200: Type.Object({
              game: Type.String(),
              players: Type.Integer(),
              zones: Type.Array(Type.Object({ zone: Type.String(), owner: Type.Integer(), count: Type.Integer() })),
              rounds: Type.Optional(
                Type.Object({
                  count: Type.Union([Type.Integer(), Type.Null()]),
                  until: Type.Boolean(),
                  untilText: Type.Union([Type.String(), Type.Null()]),
                  dealer: Type.Object({ first: Type.String(), rotate: Type.String() }),
                  scoredEachRound: Type.Boolean(),
                  ties: Type.String(),
                }),
              ),
            }),
            400: Err,
            404: Err,
          },
        },
      },
      async (req, reply) => {
        const game = registry.get(req.params.id);
        if (!game) return reply.code(404).send({ code: 'game/unknown', message: `No game "${req.params.id}" is hosted here.` });
        let options: unknown;
        try {
          options = req.query.options ? JSON.parse(req.query.options) : {};
        } catch {
          return reply.code(400).send({ code: 'input/invalid', message: 'options must be a JSON object of option names to values.' });
        }
        const valid = typeof options === 'object' && options !== null && !Array.isArray(options) && Object.values(options).every((v) => ['number', 'string', 'boolean'].includes(typeof v));
        if (!valid) return reply.code(400).send({ code: 'input/invalid', message: 'options must be a JSON object of option names to values.' });
        const players = Math.min(game.maxPlayers, Math.max(game.minPlayers, req.query.players ?? game.minPlayers));
        const r = opening(game, players, options as Record<string, number | string | boolean>);
        if ('code' in r) return reply.code(400).send(r);
        return { game: game.id, players, ...r };
      },
    );

    app.get(
      '/api/games/:id/readme',
      { schema: { tags: ['games'], summary: "The game's README.md as its author wrote it (Markdown source, to be shown as text)", params: RoomParams, response: { 200: ReadmeReply, 404: Err } } },
      async (req, reply) => {
        const game = registry.get(req.params.id);
        if (!game) return reply.code(404).send({ code: 'game/unknown', message: `No game "${req.params.id}" is hosted here.` });
        return { game: game.id, markdown: readmeOf(game) };
      },
    );

    app.get(
      '/api/games/:id/rules',
      { schema: { tags: ['games'], summary: "The game's rule file (the studio checks a variant of it); 404 for a game not hosted from a rule file", params: RoomParams, response: { 200: RulesReply, 404: Err } } },
      async (req, reply) => {
        const game = registry.get(req.params.id);
        const text = game ? ruleTextOf(game) : null;
        if (!game || text === null) return reply.code(404).send({ code: 'game/unknown', message: `No rule file of a game "${req.params.id}" is hosted here.` });
        return { game: game.id, text };
      },
    );
  };
}
