// HTTP room operations forwarded to the room's owner over Redis: the owner runs them through its own routes (app.inject) and replies.
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

  /** Sends a request to `owner`; its reply, or null on timeout or when too many are waiting. */
  forward(owner: string, req: ForwardedRequest): Promise<ForwardedReply | null> {
    if (this.pending.size >= this.maxPending) return Promise.resolve(null);
    const id = (++this.seq).toString(36);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        resolve(null);
      }, this.timeoutMs);
      this.pending.set(id, { resolve, timer });
      this.bus.send(owner, REQUEST, id, JSON.stringify(req));
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
