// The view a protocol v2 connection holds: welcomes and whole-view updates set it, each patch update is applied to it, and a patch that does not fit asks for a resync.
// The patch module alone (its own export): the whole runtime would weigh on the main chunk.
import { applyViewPatch } from '@decksmith/runtime/view-patch';
import type { GameView, ServerMessage, WireMessage } from '../net/protocol.ts';

export class ViewFeed {
  /** The view as of version `ver`; null before the welcome and while a resync is awaited. */
  private view: GameView | null = null;
  private ver = -1;

  /** Forgets the view (a new connection starts from its welcome). */
  reset(): void {
    this.view = null;
  }

  /**
   * The frame as the table takes it, an update always with its whole view; null for an update
   * dropped (its patch did not fit, or a resync is awaited). `resync` is true once per lost view:
   * the caller then asks the server for a welcome.
   *
   * @example
   * feed.take({ t: 'update', n: 3, now: 9, events: [], base: 4, ver: 5, patch: { s: { now: 9 } } })
   * // { msg: { t: 'update', n: 3, now: 9, events: [], view: { …, now: 9 } }, resync: false }
   */
  take(msg: WireMessage): { msg: ServerMessage | null; resync: boolean } {
    if (msg.t === 'welcome') {
      this.view = msg.view;
      this.ver = msg.ver;
      return { msg, resync: false };
    }
    if (msg.t !== 'update') return { msg, resync: false };
    if ('view' in msg) {
      this.view = msg.view;
      this.ver = msg.ver;
      return { msg, resync: false };
    }
    const { base, ver, patch, ...rest } = msg;
    const applied = this.view && base === this.ver ? applyViewPatch(this.view, patch) : null;
    if (!applied || 'error' in applied) {
      const resync = this.view !== null;
      this.view = null;
      return { msg: null, resync };
    }
    this.view = applied.value as GameView;
    this.ver = ver;
    return { msg: { ...rest, view: this.view }, resync: false };
  }
}
