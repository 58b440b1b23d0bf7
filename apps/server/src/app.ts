// Fastify app factory: OpenAPI docs, HTTP API, WebSocket endpoint, rooms and storage, and the built web client.
import { fileURLToPath } from 'node:url';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import { resolveConfig, type ServerConfig } from './config.ts';
import { BotPool, type BotDecider } from './bots/pool.ts';
import { ClusterNode } from './cluster/node.ts';
import { GameRegistry } from './games/registry.ts';
import type { HostedGame } from './games/types.ts';
import { createMetrics, type ServerMetrics } from './metrics.ts';
import { systemClock, type Clock } from './rooms/clock.ts';
import { RoomManager } from './rooms/manager.ts';
import type { HostGame } from './rooms/rebuild.ts';
import { MemoryStorage } from './storage/memory.ts';
import type { RoomRecord, Storage } from './storage/storage.ts';
import { routes } from './transport/http/routes.ts';
import { clientDefRoutes } from './transport/http/client-def.ts';
import { handleConnection, socketErrorHandler, type FrameTap } from './transport/ws/connection.ts';
import { BufferBudget } from './admission/buffer-budget.ts';
import { ChatRooms } from './chat/room-chat.ts';
import { ConnectionAdmission, ipOf } from './admission/connections.ts';
import { registerCompression, serveClient } from './transport/http/serve-client.ts';
import { DEFAULT_COMPILER, DraftCompiler, type DraftCompilerOptions } from './drafts/compiler.ts';
import { restoreDraftGame } from './drafts/draft-games.ts';
import { draftRoutes, type DraftLimits } from './drafts/routes.ts';
import { MemoryDrafts, type DraftStore } from './drafts/store.ts';
import { ratingRoutes } from './ratings/routes.ts';
import { Ratings } from './ratings/service.ts';
import { MemoryRatings, type RatingStore } from './ratings/store.ts';

/** Where `vite build` of apps/web puts the client. */
export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface AppOptions {
  /** Folder of the built web client; defaults to apps/web/dist. */
  webRoot?: string;
  /** A pino logger, or false for none (tests). */
  logger?: Logger | false;
  /** Games to host (start() discovers them; tests pass fixtures). */
  games?: readonly HostedGame[];
  /** Defaults to in-memory storage (start() passes SQLite). */
  storage?: Storage;
  config?: Partial<ServerConfig>;
  clock?: Clock;
  /** Rebuild unfinished rooms from storage before serving (default true). */
  recover?: boolean;
  /** Test hook: every WebSocket frame sent, with its room and viewer. */
  onFrame?: FrameTap;
  /** `--workers`: the room ids this process owns (it creates and recovers only those). */
  owns?: (roomId: string) => boolean;
  /** Fastify's `trustProxy`: which hops' X-Forwarded-For to believe (a worker believes only its primary's). */
  trustProxy?: (address: string, hop: number) => boolean;
  /** The studio's drafts (start() opens them beside the storage); defaults to in memory. */
  drafts?: DraftStore;
  /** The draft compiler's bounds and the draft API's quotas (tests tighten them). */
  draftCompiler?: Partial<DraftCompilerOptions>;
  draftLimits?: Partial<DraftLimits>;
  /** Remembered players and ratings (start() opens them beside the storage); defaults to in memory. */
  ratings?: RatingStore;
}

/** What the app holds besides routes (tests reach rooms and storage through it). */
export interface Decksmith {
  registry: GameRegistry;
  manager: RoomManager;
  storage: Storage;
  metrics: ServerMetrics;
  config: ServerConfig;
  /** Where bots think (tests read its counters). */
  bots: BotDecider;
  /** Remembered players and their ratings. */
  ratings: Ratings;
}

declare module 'fastify' {
  interface FastifyInstance {
    decksmith: Decksmith;
  }
}

/**
 * Builds the server app without listening, so tests can use `app.inject()` and `app.injectWS()`.
 *
 * @example
 * const app = await buildApp({ games: [myGame] });
 * const res = await app.inject('/api/games');
 */
export async function buildApp(options: AppOptions = {}): Promise<FastifyInstance> {
  const { webRoot = DEFAULT_WEB_ROOT, logger = false } = options;
  const config = resolveConfig(options.config);
  const log: Logger = logger || pino({ level: 'silent' });
  // One instance type whether or not a logger is given (pino's Logger is a FastifyBaseLogger).
  const app: FastifyInstance = (
    logger
      ? Fastify({ loggerInstance: logger as FastifyBaseLogger, bodyLimit: 64 * 1024, ...(options.trustProxy ? { trustProxy: options.trustProxy } : {}) })
      : Fastify({ logger: false, bodyLimit: 64 * 1024, ...(options.trustProxy ? { trustProxy: options.trustProxy } : {}) })
  ).withTypeProvider<TypeBoxTypeProvider>();

  const registry = new GameRegistry(options.games ?? []);
  // Cluster mode (config.redis): this server is one node of a cluster, and its storage writes need the room's lease.
  const cluster = config.redis ? await ClusterNode.open({ ...config, redis: config.redis }, options.storage ?? new MemoryStorage(), log) : undefined;
  const storage = cluster?.storage ?? options.storage ?? new MemoryStorage();
  const metrics = createMetrics(() => {
    const counts: Record<string, number> = { waiting: 0, playing: 0, finished: 0 };
    for (const r of manager.rooms.values()) counts[r.status] = (counts[r.status] ?? 0) + 1;
    return counts;
  });
  // Bots think in worker threads (started at the first decision), never on this event loop.
  const bots = new BotPool({ threads: config.botThreads, queue: config.botGlobalQueue, log });
  const ratings = new Ratings(options.ratings ?? new MemoryRatings(), log);
  // A finished game between remembered humans is rated (after its record is stored as finished).
  const onFinished = (room: { record: RoomRecord }): void => void ratings.gameOver(room.record).catch((err: unknown) => log.error({ err, room: room.record.id }, 'rating failed'));
  // A stored table of a studio draft's game is rebuilt after the draft is recompiled from its stored text (set below, with the drafts).
  let hostDraft: HostGame = async () => false;
  const hostGame: HostGame = (id) => hostDraft(id);
  const manager: RoomManager = new RoomManager({ registry, storage, clock: options.clock ?? systemClock, config, log, bots, onOutcome: (ok, code) => metrics.outcome(ok, code), onFinished, onPruned: (ids) => ratings.store.forgetRooms(ids), hostGame, ...(options.owns ? { owns: options.owns } : {}) });
  app.decorate('decksmith', { registry, manager, storage, metrics, config, bots, ratings });

  // Before every route, so their responses (API JSON, the client's files) are compressed.
  await registerCompression(app);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Decksmith server', version: '1.0.0', description: 'HTTP API of the Decksmith game server. The WebSocket protocol is in docs/protocol.md.' },
      tags: [{ name: 'games' }, { name: 'rooms' }, { name: 'ops' }],
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });
  const rooms = manager;
  // Graceful shutdown: before the WebSocket plugin drops its sockets, rooms finish queued work
  // (every accepted action is already stored), say goodbye and close their sockets; then storage closes.
  // A cluster node first stops taking rooms over, and once its rooms closed (their leases still
  // renewed meanwhile), closes relayed sockets and frees its leases for the other nodes.
  if (cluster) app.addHook('preClose', async () => cluster.leave());
  app.addHook('preClose', async () => rooms.close());
  if (cluster) app.addHook('preClose', async () => cluster.stop());
  app.addHook('onClose', async () => storage.close());
  app.addHook('onClose', async () => bots.close());
  app.addHook('onClose', async () => ratings.store.close());
  await app.register(fastifyWebsocket, { options: { maxPayload: config.maxFrameBytes }, errorHandler: socketErrorHandler });
  // Room operations of rooms owned by another node are forwarded there; the cluster's lobby (before the routes, so they inherit the hook).
  cluster?.attach(app, manager, (socket, ip, room) => connect(socket, ip, room));
  await app.register(routes({ registry, manager, storage, metrics, ...(cluster ? { rateRedis: cluster.redisClient } : {}) }));
  await app.register(clientDefRoutes(registry));
  // The studio: drafts stored per author token, compiled here (never trusting client code) in a bounded thread.
  const drafts = options.drafts ?? new MemoryDrafts();
  const draftCompiler = new DraftCompiler({ ...DEFAULT_COMPILER, ...options.draftCompiler });
  hostDraft = (id) => restoreDraftGame({ store: drafts, compiler: draftCompiler, registry, log }, id);
  app.addHook('onClose', async () => Promise.all([draftCompiler.close(), drafts.close()]).then(() => undefined));
  await app.register(draftRoutes({ registry, manager, store: drafts, compiler: draftCompiler, ...(options.draftLimits ? { limits: options.draftLimits } : {}) }));
  await app.register(ratingRoutes({ ratings, manager, registry }));
  // Connection caps (total, per IP) refuse before the upgrade; buffer caps bound what slow readers hold.
  const connections = new ConnectionAdmission(config);
  const buffers = new BufferBudget(config);
  const chat = new ChatRooms(storage);
  const connect = (socket: WebSocket, ip: string, urlRoom: string | undefined, upgrade?: object): void =>
    handleConnection(socket, { manager: rooms, config, metrics, log, connections, buffers, social: { chat, registry }, ...(options.onFrame ? { onFrame: options.onFrame } : {}), ...(urlRoom !== undefined ? { urlRoom } : {}) }, ip, upgrade);
  app.get('/ws', { websocket: true, schema: { hide: true }, preValidation: connections.hook }, (socket, request) => {
    // `/ws?room=<id>` (the first one, as the primary routed it) binds the connection to that room.
    const q = (request.query as { room?: unknown }).room;
    const urlRoom = Array.isArray(q) ? q[0] : q;
    const room = typeof urlRoom === 'string' ? urlRoom : undefined;
    // In a cluster, a socket for a room owned by another node is relayed there.
    if (cluster) return cluster.route(socket, room, ipOf(request), (s, ip, r) => connect(s, ip, r, request.raw));
    connect(socket, ipOf(request), room, request.raw);
  });

  await serveClient(app, webRoot);
  if (cluster) await cluster.start();
  else if (options.recover !== false) await rooms.recover();
  rooms.startSweeping();
  return app;
}
