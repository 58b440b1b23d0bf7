// The client's side of protocol v2: patches applied to the view it holds, whole views taken, a patch that does not fit dropped with one resync asked.
import { diffView } from '@decksmith/runtime';
import { describe, expect, it } from 'vitest';
import type { GameView, WireMessage } from '../src/net/protocol.ts';
import { ViewFeed } from '../src/state/view-feed.ts';
import { view } from './fixtures.ts';

const welcome = (v: GameView, ver: number) =>
  ({ t: 'welcome', v: 2, room: 'r', game: 'g', seat: 0, players: 2, status: 'playing', n: 0, lastSeq: 0, now: 0, view: v, ver, seats: [], seedHash: '', practice: false }) as WireMessage;
const patchOf = (from: GameView, to: GameView, base: number) =>
  ({ t: 'update', n: 1, now: 5, events: [], legal: [], base, ver: base + 1, patch: JSON.parse(JSON.stringify(diffView(from, to))) }) as WireMessage;

/** The fixture view after a card left zone 2 and the clock moved. */
function later(v: GameView): GameView {
  const next = structuredClone(v);
  next.now = 5;
  next.zones[2]!.cards!.splice(1, 1);
  next.zones[2]!.count -= 1;
  return next;
}

describe('ViewFeed', () => {
  it('applies each patch to the view it holds and hands on the whole view', () => {
    const feed = new ViewFeed();
    const v0 = view();
    const v1 = later(v0);
    expect(feed.take(welcome(v0, 1))).toMatchObject({ resync: false, msg: { t: 'welcome' } });
    const got = feed.take(patchOf(v0, v1, 1));
    expect(got.resync).toBe(false);
    expect(got.msg).toMatchObject({ t: 'update', n: 1, now: 5, legal: [] });
    expect((got.msg as { view: GameView }).view).toEqual(v1);
    expect(got.msg).not.toHaveProperty('patch');
    const v2 = structuredClone(v1);
    v2.current = 1;
    expect((feed.take(patchOf(v1, v2, 2)).msg as { view: GameView }).view).toEqual(v2);
  });

  it('drops a patch made against another version, asks one resync, and starts again from the welcome', () => {
    const feed = new ViewFeed();
    const v0 = view();
    const v1 = later(v0);
    feed.take(welcome(v0, 1));
    expect(feed.take(patchOf(v0, v1, 7))).toEqual({ msg: null, resync: true });
    expect(feed.take(patchOf(v0, v1, 1))).toEqual({ msg: null, resync: false });
    feed.take(welcome(v1, 9));
    const v2 = later(v1);
    expect((feed.take(patchOf(v1, v2, 9)).msg as { view: GameView }).view).toEqual(v2);
  });

  it('asks a resync when a patch does not fit the view, and takes a whole-view update as the new base', () => {
    const feed = new ViewFeed();
    const v0 = view();
    feed.take(welcome(v0, 1));
    const bad = { t: 'update', n: 1, now: 5, events: [], base: 1, ver: 2, patch: { p: { zones: { x: [[99, 1]] } } } } as WireMessage;
    expect(feed.take(bad)).toEqual({ msg: null, resync: true });
    const v1 = later(v0);
    expect(feed.take({ t: 'update', n: 2, now: 6, events: [], ver: 3, view: v1 } as WireMessage).msg).toMatchObject({ view: v1 });
    const v2 = later(v1);
    expect((feed.take(patchOf(v1, v2, 3)).msg as { view: GameView }).view).toEqual(v2);
  });
});
