// HTTP room operations forwarded to the room's owner over Redis (the owner runs them through its own routes with app.inject and replies), and the hook that forwards them.
import type { FastifyInstance } from 'fastify';
import type { RedisBus } from './redis-bus.ts';

export const REQUEST = 'q';
export const REPLY = 'r';
/** Header marking a forwarded request (it is served where it lands, never forwarded again). */
export const VIA = 'x-decksmith-via';

export interface ForwardedRequest {
  method: string;
  url: string;
  body?: unknown;
  ip: string;
  /** The request's `Authorization` (a seat token: leaving a seat). */
  authorization?: string;
}

export interface ForwardedReply {
  status: number;
  contentType?: string;
  retryAfter?: string;
  body: string;
}

/** Runs a forwarded request on this node (the app's inject). */
export type LocalRun = (req: ForwardedRequest, from: string) => Promise<ForwardedReply>;

/** Requests this node forwarded and waits for, and the serving of requests forwarded to it. */
export class HttpRelay {
  private readonly pending = new Map<string, { resolve: (r: ForwardedReply | null) => void; timer: ReturnType<typeof setTimeout> }>();
  private seq = 0;

  constructor(
    private readonly bus: RedisBus,
    private readonly run: LocalRun,
    private readonly timeoutMs: number,
    /** At most this many forwarded requests wait at once; more get null (the caller answers 503). */
    private readonly maxPending: number,
  ) {}

  /** Sends a request to `owner`; its reply, or null on timeout, when too many are waiting, or at once when the owner no longer listens (its process died). */
  forward(owner: string, req: ForwardedRequest): Promise<ForwardedReply | null> {
    if (this.pending.size >= this.maxPending) return Promise.resolve(null);
    const id = (++this.seq).toString(36);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        resolve(null);
      }, this.timeoutMs);
      this.pending.set(id, { resolve, timer });
      void this.bus.deliver(owner, REQUEST, id, JSON.stringify(req)).then((heard) => {
        const p = this.pending.get(id);
        if (heard || !p) return;
        this.pending.delete(id);
        clearTimeout(p.timer);
        resolve(null);
      });
    });
  }

  /** Handles a request to serve or a reply to a request of ours. */
  handle(kind: string, id: string, from: string, payload: string): void {
    if (kind === REPLY) {
      const p = this.pending.get(id);
      if (!p) return;
      this.pending.delete(id);
      clearTimeout(p.timer);
      p.resolve(JSON.parse(payload) as ForwardedReply);
    } else if (kind === REQUEST) {
      const req = JSON.parse(payload) as ForwardedRequest;
      this.run(req, from).then(
        (reply) => this.bus.send(from, REPLY, id, JSON.stringify(reply)),
        () => this.bus.send(from, REPLY, id, JSON.stringify({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'server/internal', message: 'The forwarded request failed.' }) })),
      );
    }
  }
}

/** Room operations forwarded to the owner (the log is read from storage by any node). */
const ROOM_ROUTES = new Set(['GET /api/rooms/:id', 'POST /api/rooms/:id/join', 'GET /api/rooms/:id/spectate', 'POST /api/rooms/:id/leave']);

type LobbyQuery = { game?: string; status?: string; limit?: number; cursor?: string };

/**
 * A preHandler hook (register before the routes): a room operation of a room owned by another
 * node is forwarded there and its reply sent back as is; `GET /api/rooms` is answered from the
 * cluster's lobby. A request that is itself forwarded (the {@link VIA} header) is served here.
 */
export function forwardRoomRoutes(
  app: FastifyInstance,
  o: {
    relay: HttpRelay;
    locate: (room: string) => Promise<object>;
    lobby: (q: LobbyQuery) => Promise<object>;
    lobbyPageMax: number;
  },
): void {
  app.addHook('preHandler', async (req, reply) => {
    if (req.headers[VIA] !== undefined) return;
    const route = `${req.method} ${req.routeOptions.url ?? ''}`;
    if (route === 'GET /api/rooms') {
      const q = req.query as LobbyQuery;
      // Out-of-range limits and bad cursors fall through to the route's own coded answer.
      if (q.limit !== undefined && q.limit > o.lobbyPageMax) return;
      const page = await o.lobby(q);
      if ('invalid' in page) return;
      return reply.send(page);
    }
    if (!ROOM_ROUTES.has(route)) return;
    const where = await o.locate((req.params as { id: string }).id);
    if (!('owner' in where)) return;
    const r = await o.relay.forward(where.owner as string, { method: req.method, url: req.url, ...(req.body !== undefined ? { body: req.body } : {}), ip: req.ip, ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}) });
    if (!r) return reply.code(503).header('retry-after', '1').send({ code: 'server/busy', message: 'The room’s server did not answer in time; try again.' });
    reply.code(r.status);
    if (r.contentType) reply.header('content-type', r.contentType);
    if (r.retryAfter) reply.header('retry-after', r.retryAfter);
    return reply.send(r.body);
  });
}

/** Serves a forwarded request through this node's own routes (marked, so it is not forwarded again). */
export async function runLocally(app: FastifyInstance, req: ForwardedRequest, from: string): Promise<ForwardedReply> {
  const res = await app.inject({
    method: req.method as 'GET',
    url: req.url,
    remoteAddress: req.ip,
    headers: { [VIA]: from, ...(req.body !== undefined ? { 'content-type': 'application/json' } : {}), ...(req.authorization ? { authorization: req.authorization } : {}) },
    ...(req.body !== undefined ? { payload: JSON.stringify(req.body) } : {}),
  });
  const type = res.headers['content-type'];
  const retry = res.headers['retry-after'];
  return { status: res.statusCode, body: res.body, ...(typeof type === 'string' ? { contentType: type } : {}), ...(retry !== undefined ? { retryAfter: String(retry) } : {}) };
}
