// The HTTP API: games, rooms (create, join, spectate, summary, log), the paged lobby, health and metrics; strict input, quotas per client.
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { bearerToken, clientKeys } from '../../admission/client-keys.ts';
import { RoomAdmission } from '../../admission/rooms.ts';
import type { GameRegistry } from '../../games/registry.ts';
import type { ServerMetrics } from '../../metrics.ts';
import type { RoomManager } from '../../rooms/manager.ts';
import { toReplayLog, type Storage } from '../../storage/storage.ts';
import {
  CreateRoomBody,
  ErrorReply,
  GameSchema,
  JoinBody,
  JoinReply,
  LeaveReply,
  ReplayLogSchema,
  RoomParams,
  RoomSummary,
  SpectateReply,
} from '@decksmith/protocol';
import { LobbyQuery, lobbyPage } from './lobby.ts';
import { roomSummary } from './room-summary.ts';
import { codedErrorHandler, strictValidatorCompiler } from './strict.ts';
import { quickPlayRoutes } from '../../quickplay/routes.ts';

export interface RouteDeps {
  registry: GameRegistry;
  manager: RoomManager;
  storage: Storage;
  metrics: ServerMetrics;
  /** A cluster's Redis: the per-client request rates are then counted there, for the whole cluster, not per process. */
  rateRedis?: Redis;
}

/** Where a room is followed live: the room in the URL lets a --workers primary hand the socket to its owner. */
const wsPath = (room: string): string => `/ws?room=${encodeURIComponent(room)}`;
const Err = Type.Ref('ErrorReply');


export function routes(deps: RouteDeps): FastifyPluginAsyncTypebox {
  const { registry, manager, storage, metrics } = deps;
  return async (app) => {
    const config = app.decksmith.config;
    app.addSchema(ErrorReply);
    // Bodies exactly as their schemas say; every failure a coded answer (strict.ts).
    app.setValidatorCompiler(strictValidatorCompiler);
    app.setErrorHandler(codedErrorHandler);
    // Requests per client (IP) and minute, over the whole API; room creation has a tighter limit of its own.
    await app.register(rateLimit, {
      max: config.httpPerMinutePerClient,
      timeWindow: 60_000,
      keyGenerator: (req) => req.ip ?? 'unknown',
      // In a cluster the windows are shared through Redis (one round trip per request); while
      // Redis is unreachable requests are let through (the rooms stop acting then anyway).
      ...(deps.rateRedis ? { redis: deps.rateRedis, nameSpace: `${config.redisPrefix}rate:`, skipOnError: true } : {}),
      errorResponseBuilder: (_req, ctx) => ({ statusCode: 429, code: 'quota/rate', message: `Too many requests: at most ${ctx.max} per minute from one client; retry in ${ctx.after}.` }),
    });
    const admission = new RoomAdmission(config, (id) => manager.get(id), () => manager.rooms.values());
    const unlimited = { rateLimit: false as const };
    // Play now, rematches, game READMEs (quickplay/routes.ts): under the same limits and error handling.
    await app.register(quickPlayRoutes({ registry, manager, storage, admission, wsPath }));

    app.get('/health', { config: unlimited, schema: { tags: ['ops'], summary: 'Liveness', response: { 200: Type.Object({ status: Type.Literal('ok') }) } } }, async () => ({
      status: 'ok' as const,
    }));

    app.get('/metrics', { config: unlimited, schema: { tags: ['ops'], summary: 'Prometheus metrics (text exposition format)', response: { 200: Type.String() } } }, async (_req, reply) => {
      reply.type(metrics.registry.contentType);
      return metrics.registry.metrics();
    });

    app.get('/api/games', { schema: { tags: ['games'], summary: 'Games hosted here, with options and seat ranges', response: { 200: Type.Array(GameSchema) } } }, async () =>
      registry.list(),
    );

    app.get(
      '/api/games/:id',
      { schema: { tags: ['games'], summary: 'One game', params: RoomParams, response: { 200: GameSchema, 404: Err } } },
      async (req, reply) => {
        const game = registry.list().find((g) => g.id === req.params.id);
        return game ?? reply.code(404).send({ code: 'game/unknown', message: `No game "${req.params.id}" is hosted here.` });
      },
    );

    app.post(
      '/api/rooms',
      {
        config: { rateLimit: { max: config.createPerMinutePerClient, timeWindow: 60_000 } },
        schema: { tags: ['rooms'], summary: 'Create a room (quotas per client: 429 quota/rate, quota/rooms, server/busy with Retry-After)', body: CreateRoomBody, response: { 201: RoomSummary, 400: Err, 404: Err, 429: Err, 503: Err } },
      },
      async (req, reply) => {
        const ticket = admission.admit(clientKeys(req), req.body.seats.every((s) => s.kind === 'bot'));
        if ('code' in ticket) return reply.code(ticket.status).header('retry-after', String(ticket.retryAfterSeconds)).send({ code: ticket.code, message: ticket.message });
        let r: Awaited<ReturnType<typeof manager.create>>;
        try {
          r = await manager.create(req.body);
        } catch (error) {
          ticket.cancel();
          throw error;
        }
        if ('rejected' in r) {
          ticket.cancel();
          return reply.code(r.rejected.status as 400).send({ code: r.rejected.code, message: r.rejected.message });
        }
        ticket.commit(r.room.id);
        return reply.code(201).send(roomSummary(r.room.record, r.room, r.room.height));
      },
    );

    app.get(
      '/api/rooms',
      {
        schema: {
          tags: ['rooms'],
          summary: 'Rooms loaded in this server (the lobby), newest first, a page at a time',
          querystring: LobbyQuery,
          response: { 200: Type.Object({ rooms: Type.Array(RoomSummary), next: Type.Optional(Type.String({ description: 'Cursor of the next page; absent on the last.' })) }), 400: Err },
        },
      },
      async (req, reply) => {
        if (req.query.limit !== undefined && req.query.limit > config.lobbyPageMax) {
          return reply.code(400).send({ code: 'input/invalid', message: `Invalid querystring: limit is at most ${config.lobbyPageMax}.` });
        }
        const page = lobbyPage(manager.rooms.values(), req.query);
        if ('invalid' in page) return reply.code(400).send({ code: 'input/invalid', message: page.invalid });
        return { rooms: page.rooms.map((r) => roomSummary(r.record, r, r.height)), ...(page.next ? { next: page.next } : {}) };
      },
    );

    app.get(
      '/api/rooms/:id',
      { schema: { tags: ['rooms'], summary: 'Room summary', params: RoomParams, response: { 200: RoomSummary, 404: Err } } },
      async (req, reply) => {
        const room = manager.get(req.params.id);
        if (room) return roomSummary(room.record, room, room.height);
        const record = await storage.getRoom(req.params.id);
        if (!record) return reply.code(404).send({ code: 'room/unknown', message: `No room "${req.params.id}".` });
        return roomSummary(record, undefined, (await storage.getActions(record.id)).length);
      },
    );

    app.post(
      '/api/rooms/:id/join',
      {
        schema: {
          tags: ['rooms'],
          summary: 'Claim a seat; returns its token',
          params: RoomParams,
          body: Type.Optional(JoinBody),
          response: { 200: JoinReply, 400: Err, 404: Err, 409: Err },
        },
      },
      async (req, reply) => {
        const r = await manager.claim(req.params.id, req.body?.seat, req.body?.name);
        if ('rejected' in r) return reply.code(r.rejected.status as 400).send({ code: r.rejected.code, message: r.rejected.message });
        return { room: req.params.id, seat: r.seat, token: r.token, ws: wsPath(req.params.id) };
      },
    );

    app.post(
      '/api/rooms/:id/leave',
      {
        schema: {
          tags: ['rooms'],
          summary: 'Leave a seat (Authorization: Bearer <seat token>): before the game it is freed; during it the player resigns and a bot plays on (the game ends when no other player is left)',
          params: RoomParams,
          response: { 200: LeaveReply, 401: Err, 403: Err, 404: Err, 409: Err },
        },
      },
      async (req, reply) => {
        const token = bearerToken(req.headers.authorization);
        if (!token) return reply.code(401).send({ code: 'auth/missing_token', message: 'Say which seat leaves: send its token as "Authorization: Bearer <token>".' });
        const r = await manager.leave(req.params.id, token);
        if (!r.ok) return reply.code(r.status as 403).send({ code: r.code, message: r.message });
        return { room: req.params.id, seat: r.seat, outcome: r.outcome, ...(r.level ? { level: r.level } : {}) };
      },
    );

    app.get(
      '/api/rooms/:id/spectate',
      { schema: { tags: ['rooms'], summary: 'The public view, and where to follow it live', params: RoomParams, response: { 200: SpectateReply, 404: Err } } },
      async (req, reply) => {
        // A game that is over is rebuilt from storage when not loaded (its final table).
        const room = await manager.open(req.params.id);
        if (!room) return reply.code(404).send({ code: 'room/unknown', message: `No open room "${req.params.id}".` });
        const view = await room.snapshot('spectator');
        return { room: room.id, ws: wsPath(room.id), n: view.n, status: room.status, view: view.view };
      },
    );

    app.get(
      '/api/rooms/:id/log',
      { schema: { tags: ['rooms'], summary: 'The action log: complete (seed + actions, the replay input) once the game is over; while it runs, metadata only (no seed, no actions)', params: RoomParams, response: { 200: ReplayLogSchema, 404: Err } } },
      async (req, reply) => {
        const record = await storage.getRoom(req.params.id);
        if (!record) return reply.code(404).send({ code: 'room/unknown', message: `No room "${req.params.id}".` });
        reply.header('content-disposition', `attachment; filename="${record.game}-${record.id}.json"`);
        const log = toReplayLog(record, await storage.getActions(record.id));
        // The chat goes with the complete log only (a running game's chat is followed live).
        return log.complete ? { ...log, chat: await storage.getChat(record.id) } : log;
      },
    );
  };
}
