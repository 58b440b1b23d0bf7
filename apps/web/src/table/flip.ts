// FLIP animation of cards between zones, driven by the server's move events: rectangles are read
// before a view lands (First), after it is drawn (Last), and each moved card glides from its old
// place (Invert, Play). Transforms only, so nothing else on the page shifts. Honours reduced motion.
import type { ViewEvent } from '../net/protocol.ts';

interface Snapshot {
  cards: Map<string, DOMRect>;
  zones: Map<string, DOMRect>;
}

const DURATION = 320;

export class Flipper {
  private snap: Snapshot | null = null;

  constructor(private readonly root: () => HTMLElement | null) {}

  private reduced(): boolean {
    return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
  }

  /** First: where every card and zone is now. */
  capture(): void {
    const root = this.root();
    if (!root || this.reduced()) return void (this.snap = null);
    const cards = new Map<string, DOMRect>();
    const zones = new Map<string, DOMRect>();
    for (const el of root.querySelectorAll<HTMLElement>('[data-card-id]')) {
      const id = el.dataset['cardId'];
      if (id) cards.set(id, el.getBoundingClientRect());
    }
    for (const el of root.querySelectorAll<HTMLElement>('[data-zone-id]')) {
      zones.set(el.dataset['zoneId']!, el.getBoundingClientRect());
    }
    this.snap = { cards, zones };
  }

  /** Last, Invert, Play: cards named by events glide from where they were; others that moved settle. */
  play(events: readonly ViewEvent[]): void {
    const root = this.root();
    const snap = this.snap;
    this.snap = null;
    if (!root || !snap) return;
    const done = new Set<Element>();
    let stagger = 0;
    for (const e of events) {
      if (e.type !== 'move') continue;
      const zone = root.querySelector<HTMLElement>(`[data-zone-id="${e.to}"]`);
      let el: HTMLElement | null = null;
      if ('card' in e) el = root.querySelector<HTMLElement>(`[data-card-id="${e.card}"]`);
      if (!el && zone) {
        el = zone.querySelector<HTMLElement>(`[data-slot="${e.at}"]`) ?? zone.querySelector<HTMLElement>('.card:last-of-type');
      }
      if (!el || done.has(el)) continue;
      const from = ('card' in e ? snap.cards.get(String(e.card)) : undefined) ?? snap.zones.get(String(e.from));
      if (!from) continue;
      done.add(el);
      this.glide(el, from, stagger);
      stagger = Math.min(stagger + 40, 400);
    }
    for (const el of root.querySelectorAll<HTMLElement>('[data-card-id]')) {
      if (done.has(el)) continue;
      const from = snap.cards.get(el.dataset['cardId']!);
      if (from) this.glide(el, from, 0, 200);
    }
  }

  private glide(el: HTMLElement, from: DOMRect, delay: number, duration = DURATION): void {
    const to = el.getBoundingClientRect();
    const dx = from.left - to.left;
    const dy = from.top - to.top;
    if (Math.abs(dx) < 2 && Math.abs(dy) < 2) return;
    const sx = to.width > 0 ? from.width / to.width : 1;
    el.animate(
      [
        { transform: `translate(${dx}px, ${dy}px) scale(${sx})`, zIndex: 30 },
        { transform: 'none', zIndex: 30 },
      ],
      { duration, delay, easing: 'cubic-bezier(.2,.8,.2,1)', fill: 'backwards' },
    );
  }
}
