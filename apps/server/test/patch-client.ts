// A protocol v2 test client: joins with v:2 and keeps its view by applying each update's patch, asking to resync when one does not apply.
import { applyViewPatch, type ViewPatch } from '@decksmith/runtime';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { Client } from './helpers.ts';

type Msg = Client['messages'][number];

export class PatchClient extends Client {
  /** The view as this client rebuilt it, its version, and what it did to get there. */
  view: unknown = undefined;
  ver: number | undefined;
  patches = 0;
  wholeViews = 0;
  mismatches: string[] = [];
  /** Every view the client held after an update, in order (for comparing with a v1 socket's). */
  readonly history: unknown[] = [];
  private waitingForWelcome = false;

  constructor(ws: WebSocket) {
    super(ws);
    // Runs after the base class recorded the frame, before any awaiting test resumes.
    ws.on('message', (data) => this.fold(JSON.parse(data.toString()) as Msg));
  }

  static override async connect(url: string): Promise<PatchClient> {
    const ws = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return new PatchClient(ws);
  }

  static override async inject(app: FastifyInstance): Promise<PatchClient> {
    return new PatchClient((await app.injectWS('/ws')) as unknown as WebSocket);
  }

  private fold(m: Msg): void {
    if (m.t === 'welcome') {
      this.view = m['view'];
      this.ver = m['ver'] as number;
      this.waitingForWelcome = false;
      return;
    }
    if (m.t !== 'update' || this.waitingForWelcome) return;
    if ('view' in m) {
      this.view = m['view'];
      this.wholeViews++;
    } else {
      const r = m['base'] === this.ver ? applyViewPatch(this.view, m['patch'] as ViewPatch) : { error: `base ${String(m['base'])}, holding ${this.ver}` };
      if ('error' in r) {
        this.mismatches.push(r.error);
        this.waitingForWelcome = true;
        this.send({ t: 'resync' });
        return;
      }
      this.view = r.value;
      this.patches++;
    }
    this.ver = m['ver'] as number;
    this.history.push(this.view);
  }

  override async join(room: string, token?: string): Promise<Msg> {
    const from = this.messages.length;
    this.send({ t: 'join', v: 2, room, ...(token ? { token } : {}) });
    return this.next((m) => m.t === 'welcome' || m.t === 'error', 20_000, from);
  }

  /** The rebuilt view with the latest frame's legal actions, n and result. */
  override latest(): { view: unknown; legal: unknown[]; n: number; result?: unknown } {
    const last = super.latest();
    return { ...last, view: this.view };
  }
}
