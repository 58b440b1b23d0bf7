// One node of a cluster on Redis: room leases and takeover, presence, the lobby, and relaying of sockets and HTTP room operations to each room's owner.
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { RawData, WebSocket } from 'ws';
import type { ServerConfig } from '../config.ts';
import type { RoomManager } from '../rooms/manager.ts';
import type { Room } from '../rooms/room.ts';
import type { Storage } from '../storage/storage.ts';
import { LeaseKeeper } from './lease.ts';
import { fencedStorage } from './lease-storage.ts';
import { connectRedis, NODE_ID, RedisBus, type BusMessage } from './redis-bus.ts';
import { clusterKeys, leaseScripts, type ClusterKeys } from './redis-keys.ts';
import { RedisLobby } from './redis-lobby.ts';
import { RelayEdge } from './relay-edge.ts';
import { forwardRoomRoutes, HttpRelay, REPLY, REQUEST, runLocally } from './relay-http.ts';
import { BINARY, CLOSE, MESSAGE, OPEN, RelayOwner } from './relay-owner.ts';
import { workerEnv } from './worker.ts';

/** Hands a socket (real or relayed) to the ordinary connection handler, bound to the room of its URL. */
export type Connect = (socket: WebSocket, ip: string, room: string | undefined) => void;

/** Where a room is served. */
type Where = { local: Room } | { owner: string } | { none: true };

/** What a client is told when its room was given up here (it reconnects and resumes elsewhere). */
const MOVED = ['server/moved', 'This server no longer hosts the room; reconnect to resume.'] as const;

/** The node's id: `--node-id` (suffixed `-w<i>` in each worker of `--workers N`: each is a node of its own), else hostname-pid. */
function nodeIdOf(config: Pick<ServerConfig, 'nodeId'>): string {
  const worker = workerEnv();
  if (!config.nodeId) return `${hostname()}-${process.pid}`;
  return worker ? `${config.nodeId}-w${worker.index}` : config.nodeId;
}

/**
 * A cluster node. Every room is owned by one node at a time through a lease in Redis
 * (`room:<id>:owner`, SET NX PX), renewed by its owner; a room whose lease this node cannot
 * prove valid is unloaded at once (see {@link LeaseKeeper}) and every write for it is refused
 * (see {@link fencedStorage}). Rooms whose lease expired (their node died or was cut off) are
 * taken over by replaying their log from storage. Any node accepts any client: a socket or
 * HTTP room operation for a room owned elsewhere is relayed to the owner over pub/sub.
 */
export class ClusterNode {
  readonly nodeId: string;
  readonly storage: Storage;
  private readonly keys: ClusterKeys;
  private readonly leases: LeaseKeeper;
  private readonly bus: RedisBus;
  private readonly lobby: RedisLobby;
  private readonly loading = new Map<string, Promise<Room | null>>();
  /** Rooms loaded here as of the last tick (to notice the ones the manager unloaded). */
  private readonly known = new Map<string, Room>();
  private readonly alive = new Map<string, boolean>();
  private manager!: RoomManager;
  private edge!: RelayEdge;
  private owner!: RelayOwner;
  private http!: HttpRelay;
  private ticker: ReturnType<typeof setInterval> | undefined;
  private ticks = 0;
  private stopped = false;

  private constructor(
    private readonly redis: Redis,
    private readonly sub: Redis,
    inner: Storage,
    private readonly config: ServerConfig & { redis: string },
    private readonly log: Logger,
  ) {
    this.nodeId = nodeIdOf(config);
    if (!NODE_ID.test(this.nodeId)) throw new Error(`--node-id must be 1–64 letters, digits, '.', '_' or '-', got "${this.nodeId}"`);
    this.keys = clusterKeys(config.redisPrefix);
    this.leases = new LeaseKeeper({
      nodeId: this.nodeId,
      leaseMs: config.leaseMs,
      scripts: leaseScripts(redis),
      keys: this.keys,
      log,
      onLost: (room) => void this.manager?.unload(room, ...MOVED),
    });
    this.storage = fencedStorage(inner, this.leases, (room) => void this.reload(room));
    this.bus = new RedisBus(redis, sub, this.keys, this.nodeId);
    this.lobby = new RedisLobby(redis, this.keys, config.leaseMs * 4);
  }

  /** The node's Redis connection (commands, not pub/sub): the cluster-wide request rate limits count there. */
  get redisClient(): Redis {
    return this.redis;
  }

  /** Connects to Redis; `storage` is wrapped so that writes need this node's lease. */
  static async open(config: ServerConfig & { redis: string }, storage: Storage, log: Logger): Promise<ClusterNode> {
    const clog = log.child({ node: nodeIdOf(config) });
    const redis = connectRedis(config.redis, Math.max(100, Math.round(config.leaseMs / 3)), clog);
    const sub = connectRedis(config.redis, undefined, clog);
    await Promise.all([redis.ping(), sub.ping()]);
    return new ClusterNode(redis, sub, storage, config, clog);
  }

  /** Binds the node to the app: its rooms, the handler of (relayed) sockets, and local serving of forwarded requests. */
  attach(app: FastifyInstance, manager: RoomManager, connect: Connect): void {
    this.manager = manager;
    const c = this.config;
    this.edge = new RelayEdge(this.bus, { heartbeatMs: c.heartbeatMs, ratePerSecond: c.ratePerSecond, rateBurst: c.rateBurst, maxBuffered: 4 * 1024 * 1024 }, this.log);
    this.owner = new RelayOwner(
      this.bus,
      c.maxRooms * 16,
      (socket, ip, room) => this.serveRelayed(socket, ip, room, connect),
      (node) => this.alive.get(node) !== false,
    );
    this.http = new HttpRelay(this.bus, (req, from) => runLocally(app, req, from), 5000, 1024);
    // Room operations of rooms owned elsewhere are forwarded; the lobby is the cluster's.
    forwardRoomRoutes(app, { relay: this.http, locate: (room) => this.locate(room), lobby: (q) => this.lobby.page(q), lobbyPageMax: c.lobbyPageMax });
  }

  /** Starts serving: the bus, presence, leases, takeover of free rooms and the lobby. */
  async start(): Promise<void> {
    await this.claimId();
    await this.bus.start((m) => this.dispatch(m));
    const live = await this.adopt();
    await this.tick();
    this.leases.start();
    const every = Math.max(20, Math.round(this.config.leaseMs / 3));
    let ticking = false;
    this.ticker = setInterval(() => {
      if (ticking) return;
      ticking = true;
      this.tick()
        .catch((err: unknown) => this.log.warn({ err }, 'cluster tick failed'))
        .finally(() => (ticking = false));
    }, every);
    this.log.info({ leaseMs: this.config.leaseMs, stored: live }, 'cluster node started');
  }

  /**
   * Takes this node's presence key (SET NX): two live nodes with one id would both trust the same
   * leases. A node restarted under its id waits for its old presence (and so its old leases) to
   * expire; an id still taken after that is refused.
   */
  private async claimId(): Promise<void> {
    const key = this.keys.node(this.nodeId);
    const ttl = this.config.leaseMs * 2;
    for (const deadline = Date.now() + ttl + 2000; ; ) {
      if (await this.redis.set(key, this.config.publicUrl ?? '', 'PX', ttl, 'NX')) return;
      if (Date.now() > deadline) throw new Error(`node id "${this.nodeId}" is in use by a live node of this cluster (--node-id must be unique)`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  /** Rooms stored as live but unknown to the directory (a cluster started on an empty Redis, or Redis lost its data) become free rooms. */
  private async adopt(): Promise<number> {
    const live = await this.storage.listRooms(['waiting', 'playing']);
    for (let i = 0; i < live.length; i += 500) {
      const args = live.slice(i, i + 500).flatMap((r) => [0, r.id]);
      if (args.length > 0) await this.redis.zadd(this.keys.leases, 'NX', ...args);
    }
    return live.length;
  }

  /** Whether this node serves `room` now. */
  isLocal(room: string): boolean {
    return this.manager.get(room) !== undefined && this.leases.valid(room);
  }

  /** Finds where a room is served: here (taking it over if it is free and unfinished), at another node, or nowhere. */
  async locate(room: string): Promise<Where> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const here = this.manager.get(room);
      if (here && this.leases.valid(room)) return { local: here };
      const pending = this.loading.get(room);
      if (pending) {
        const r = await pending;
        if (r) return { local: r };
        continue;
      }
      const owner = await this.redis.get(this.keys.owner(room));
      if (owner && owner !== this.nodeId) return { owner };
      const taken = await this.takeOver(room);
      if (taken) return { local: taken };
    }
    return { none: true };
  }

  /** Takes a free room over: its lease, then its log replayed from storage. Null when another node won it or it is not live. */
  takeOver(room: string): Promise<Room | null> {
    const pending = this.loading.get(room);
    if (pending) return pending;
    if (this.stopped) return Promise.resolve(null);
    const p = (async (): Promise<Room | null> => {
      const record = await this.storage.getRoom(room);
      if (!record || (record.status !== 'waiting' && record.status !== 'playing')) return null;
      if (this.manager.rooms.size >= this.config.maxRooms) return null;
      if (!(await this.leases.acquire(room))) return null;
      try {
        const loaded = await this.manager.load(room);
        if (!loaded) await this.leases.release(room, 'over');
        else this.log.info({ room, n: loaded.height, at: Date.now() }, 'room taken over');
        return loaded;
      } catch (err) {
        await this.leases.release(room, 'free');
        throw err;
      }
    })().finally(() => this.loading.delete(room));
    this.loading.set(room, p);
    return p;
  }

  /** Rebuilds a room of ours from the log after storage refused one of its writes as not next. */
  private async reload(room: string): Promise<void> {
    if (this.loading.has(room)) return;
    this.log.warn({ room }, 'log position taken: reloading the room from storage');
    await this.manager.unload(room, ...MOVED);
    const p = this.manager.load(room).catch(async (err: unknown) => {
      this.log.error({ err, room }, 'reloading failed; giving the room up');
      await this.leases.release(room, 'free');
      return null;
    });
    this.loading.set(room, p.finally(() => this.loading.delete(room)));
    await p;
  }

  /** The `/ws` route: a socket for a room (`/ws?room=`) owned elsewhere is relayed there; anything else is served here. */
  route(socket: WebSocket, room: string | undefined, ip: string, connect: Connect): void {
    if (!room || room.length > 64 || this.isLocal(room)) return connect(socket, ip, room);
    // Frames that arrive while the owner is looked up are kept (a few: a client sends its join first).
    const early: RawData[] = [];
    const hold = (data: RawData): void => void (early.length < 8 ? early.push(data) : socket.close(1008, 'too early'));
    socket.on('message', hold);
    const serveHere = (): void => {
      connect(socket, ip, room);
      for (const data of early) socket.emit('message', data, false);
    };
    this.locate(room).then(
      (where) => {
        socket.off('message', hold);
        if (socket.readyState !== socket.OPEN) return;
        if ('owner' in where) this.edge.open(socket, where.owner, room, ip, early);
        else serveHere();
      },
      (err: unknown) => {
        this.log.warn({ err, room }, 'locating a room failed; serving the socket here');
        socket.off('message', hold);
        if (socket.readyState === socket.OPEN) serveHere();
      },
    );
  }

  private async serveRelayed(socket: WebSocket, ip: string, room: string, connect: Connect): Promise<void> {
    // Still ours (or being loaded here)? Otherwise the client reconnects and is routed afresh.
    const ok = this.isLocal(room) || (this.loading.has(room) && (await this.loading.get(room)) !== null);
    if (!ok) {
      socket.send(JSON.stringify({ t: 'bye', code: MOVED[0], message: MOVED[1] }));
      return socket.close(1012, MOVED[0]);
    }
    connect(socket, ip, room);
  }

  private dispatch(m: BusMessage): void {
    try {
      if (m.kind === REQUEST || m.kind === REPLY) return this.http.handle(m.kind, m.conn, m.from, m.payload);
      // A connection id starts with the id of the node holding the real socket.
      const edgeSide = m.conn.startsWith(`${this.nodeId}.`);
      if (m.kind === OPEN || m.kind === BINARY || ((m.kind === MESSAGE || m.kind === CLOSE) && !edgeSide)) return this.owner.handle(m.kind, m.conn, m.from, m.payload);
      if (m.kind === MESSAGE || m.kind === CLOSE) return this.edge.handle(m.kind, m.conn, m.from, m.payload);
    } catch (err) {
      this.log.warn({ err, kind: m.kind }, 'bad cluster message');
    }
  }

  /** Every third of a lease: presence, rooms unloaded here, free rooms to take over, relayed rooms that moved, the lobby. */
  private async tick(): Promise<void> {
    if (this.stopped) return;
    this.ticks++;
    // About once a minute, check storage for live rooms the directory lost (Redis restarted empty).
    if (this.ticks % Math.max(1, Math.round(60_000 / Math.max(20, this.config.leaseMs / 3))) === 0) await this.adopt();
    await this.redis.set(this.keys.node(this.nodeId), this.config.publicUrl ?? '', 'PX', this.config.leaseMs * 2);
    // Rooms the manager unloaded (finished and archived, expired, shut down) give their lease up.
    for (const [id, room] of [...this.known]) {
      // Still (or again: reloaded, taken back) loaded here: the loop below records the current room.
      if (this.manager.get(id)) continue;
      this.known.delete(id);
      if (this.leases.valid(id) || room.status === 'finished') {
        await this.leases.release(id, room.status === 'finished' ? 'over' : 'free');
        await this.lobby.remove(id).catch(() => {});
      }
    }
    for (const [id, room] of this.manager.rooms) {
      // A room loaded here without a lease must not act (nothing should load one so, but never trust it).
      if (!this.leases.valid(id) && !this.loading.has(id)) {
        this.log.warn({ room: id }, 'room loaded without a valid lease: unloading');
        void this.manager.unload(id, ...MOVED);
        continue;
      }
      this.known.set(id, room);
    }
    // Free rooms: a few per tick each, in random order, so surviving nodes share a dead node's rooms.
    const free = await this.leases.free(256);
    let took = 0;
    for (const id of free.sort(() => Math.random() - 0.5)) {
      if (took >= 32 || this.stopped) break;
      if (this.manager.get(id) || this.loading.has(id)) continue;
      const owner = await this.redis.get(this.keys.owner(id));
      if (owner) continue;
      const room = await this.takeOver(id).catch((err: unknown) => (this.log.warn({ err, room: id }, 'takeover failed'), null));
      if (room) took++;
      else if (!(await this.storage.getRoom(id).then((r) => r && (r.status === 'waiting' || r.status === 'playing')))) {
        await this.leases.forget(id);
      }
    }
    await this.checkRelays();
    await this.lobby.publish([...this.manager.rooms.values()].filter((r) => this.leases.valid(r.id)), this.ticks % 3 === 0);
  }

  /** Relayed clients of rooms whose owner changed are told to reconnect; relayed sockets of nodes that are gone are dropped. */
  private async checkRelays(): Promise<void> {
    const rooms = [...this.edge.rooms()];
    if (rooms.length > 0) {
      const owners = await this.redis.mget(...rooms.map(([room]) => this.keys.owner(room)));
      rooms.forEach(([room, owner], i) => owners[i] !== owner && this.edge.moved(room, owners[i] ?? null));
    }
    const nodes = [...new Set(this.owner.edges())];
    if (nodes.length > 0) {
      const present = await this.redis.mget(...nodes.map((n) => this.keys.node(n)));
      nodes.forEach((n, i) => this.alive.set(n, present[i] !== null));
      this.owner.sweep();
    }
  }

  /** First step of a shutdown, before the rooms close: no more takeovers (leases are still renewed while rooms drain). */
  leave(): void {
    this.stopped = true;
    clearInterval(this.ticker);
  }

  /** Leaves the cluster: relayed sockets are closed (clients reconnect elsewhere), leases are freed for other nodes at once. Call after the rooms closed. */
  async stop(): Promise<void> {
    this.leave();
    this.leases.stop();
    this.edge?.closeAll();
    this.owner?.closeAll();
    for (const id of [...this.leases.rooms()]) {
      const room = this.known.get(id);
      await this.leases.release(id, room?.status === 'finished' ? 'over' : 'free');
    }
    await this.redis.del(this.keys.node(this.nodeId)).catch(() => {});
    this.redis.disconnect();
    this.sub.disconnect();
  }
}
