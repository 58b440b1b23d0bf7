// View patches: diff/apply edge cases, the compact shapes they must take for card lists, mismatches as values, and a fast-check round trip over random JSON.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROPERTY_TIMEOUT_MS } from './property-timeout.ts';
import { applyViewPatch, diffView, jsonEqual, type ViewPatch } from '../src/index.ts';

/** Diffs, sends through JSON as the wire does, applies; returns the patch and the result. */
function roundTrip(from: unknown, to: unknown): { patch: ViewPatch; value: unknown } {
  const patch = JSON.parse(JSON.stringify(diffView(from, to))) as ViewPatch;
  const r = applyViewPatch(JSON.parse(JSON.stringify(from)), patch);
  if ('error' in r) throw new Error(r.error);
  return { patch, value: r.value };
}

const card = (id: number) => ({ id, face: id % 52, shown: `C${id}`, owner: -1 });

describe('diffView / applyViewPatch', () => {
  it('equal values give the empty patch, which changes nothing', () => {
    const v = { a: 1, b: [1, 2, { c: null }] };
    expect(diffView(v, structuredClone(v))).toEqual({});
    expect(applyViewPatch(v, {})).toEqual({ value: v });
    expect(applyViewPatch(7, {})).toEqual({ value: 7 });
  });

  it('scalars, type changes and keys set, changed and deleted', () => {
    const cases: [unknown, unknown][] = [
      [1, 2], ['a', null], [null, { a: 1 }], [{ a: 1 }, [1]], [[1], { 0: 1 }], [true, false],
      [{ a: 1, b: 2 }, { a: 1, c: 3 }], [{ a: { b: { c: 1, d: 2 } } }, { a: { b: { c: 1 } } }],
      [{ a: 1, u: undefined }, { a: 1 }], [{ a: 1 }, { a: 1, u: undefined }],
    ];
    for (const [from, to] of cases) expect(roundTrip(from, to).value, JSON.stringify([from, to])).toEqual(JSON.parse(JSON.stringify(to)));
    expect(diffView({ a: 1, u: undefined }, { a: 1 })).toEqual({});
    const long = { name: 'a name long enough', list: [1, 2, 3, 4, 5, 6, 7, 8] };
    expect(diffView({ now: 5, gone: 2, ...long }, { now: 6, ...long })).toEqual({ s: { now: 6 }, d: ['gone'] });
  });

  it('a card gained or lost in the middle of a hand is one splice, not an edit per card', () => {
    const hand = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(card);
    const drawn = [...hand.slice(0, 4), card(99), ...hand.slice(4)];
    expect(diffView({ hand }, { hand: drawn })).toEqual({ p: { hand: { x: [[4, 0, card(99)]] } } });
    const played = [...hand.slice(0, 6), ...hand.slice(7)];
    expect(diffView({ hand }, { hand: played })).toEqual({ p: { hand: { x: [[6, 1]] } } });
    expect(roundTrip({ hand }, { hand: drawn }).value).toEqual({ hand: drawn });
  });

  it('scattered changes (a meld taken from a hand, a card drawn) are a few small splices', () => {
    const hand = Array.from({ length: 12 }, (_, i) => card(i + 1));
    const after = [...hand.filter((c) => c.id !== 2 && c.id !== 6 && c.id !== 11), card(50)];
    const { patch, value } = roundTrip({ hand }, { hand: after });
    expect(value).toEqual({ hand: after });
    const x = (patch as { p: { hand: { x: unknown[][] } } }).p.hand.x;
    expect(x).toEqual([[1, 1], [4, 1], [8, 1], [9, 0, card(50)]]);
  });

  it('an array of objects that each changed a little is patched element by element', () => {
    const zones = [0, 1, 2].map((id) => ({ id, name: `z${id}`, count: 3, cards: [card(id * 10), card(id * 10 + 1), card(id * 10 + 2)] }));
    const next = structuredClone(zones);
    next[0]!.count = 2;
    next[0]!.cards.pop();
    next[2]!.count = 4;
    next[2]!.cards.push(card(77));
    next.push({ id: 3, name: 'z3', count: 0, cards: [] });
    const { patch, value } = roundTrip({ zones }, { zones: next });
    expect(value).toEqual({ zones: next });
    expect(patch).toEqual({
      p: { zones: { x: [[3, 0, { id: 3, name: 'z3', count: 0, cards: [] }]], p: { 0: { s: { count: 2 }, p: { cards: { x: [[2, 1]] } } }, 2: { s: { count: 4 }, p: { cards: { x: [[3, 0, card(77)]] } } } } } },
    });
  });

  it('replaces the whole value when that is shorter than the edit', () => {
    expect(diffView({ scores: [0, 0, 0, 0], name: 'table one' }, { scores: [5, 3, 8, 1], name: 'table one' })).toEqual({ s: { scores: [5, 3, 8, 1] } });
    expect(diffView([1, 2], [3, 4])).toEqual({ r: [3, 4] });
    expect(diffView({ a: 1 }, { b: 2 })).toEqual({ r: { b: 2 } });
  });

  it('more edits than the aligner follows still give the exact value', () => {
    const a = Array.from({ length: 60 }, (_, i) => i);
    const b = a.filter((i) => i % 3 !== 0).concat([100, 101]);
    expect(roundTrip(a, b).value).toEqual(b);
  });

  it('never changes its inputs, and shares what did not change', () => {
    const from = { a: { big: [1, 2, 3] }, b: [card(1), card(2)], n: 1 };
    const to = { a: { big: [1, 2, 3] }, b: [card(1)], n: 2 };
    const before = JSON.stringify(from);
    const patch = diffView(from, to);
    const r = applyViewPatch(from, patch) as { value: typeof from };
    expect(JSON.stringify(from)).toBe(before);
    expect(r.value).toEqual(to);
    expect(r.value.a).toBe(from.a);
    expect(r.value.b[0]).toBe(from.b[0]);
  });

  it('a patch that does not fit its base is a mismatch, not an exception', () => {
    const bad: [unknown, unknown][] = [
      [[1, 2], { x: [[3, 0, 9]] }],
      [[1, 2], { x: [[1, 2]] }],
      [[1, 2], { x: [['a', 0]] }],
      [[1, 2], { p: { 5: { r: 1 } } }],
      [{ a: 1 }, { p: { b: { r: 1 } } }],
      [{ a: 1 }, { x: [[0, 0]] }],
      [[1], { s: { a: 1 } }],
      [3, { s: { a: 1 } }],
      [{ a: 1 }, 'junk'],
      [{ a: 1 }, { d: 'a' }],
    ];
    for (const [base, patch] of bad) {
      const r = applyViewPatch(base, patch as ViewPatch);
      expect('error' in r, JSON.stringify([base, patch])).toBe(true);
    }
  });

  it('a "__proto__" key is set as an own key, not as the prototype', () => {
    const to = JSON.parse('{"a":1,"__proto__":{"polluted":true}}') as Record<string, unknown>;
    const { value } = roundTrip({ a: 1 }, to);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.hasOwn(value as object, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('jsonEqual ignores key order and undefined keys, not values', () => {
    expect(jsonEqual({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(jsonEqual({ a: 1, u: undefined }, { a: 1 })).toBe(true);
    expect(jsonEqual({ a: 1 }, { a: 2 })).toBe(false);
    expect(jsonEqual([1], { 0: 1 })).toBe(false);
    expect(jsonEqual({ a: undefined }, { b: undefined, c: 1 })).toBe(false);
  });
});

// Values shaped like views: objects of numbers, strings, nulls and lists of small card objects.
const leaf = fc.oneof(fc.integer({ min: -3, max: 300 }), fc.constantFrom('a', 'b', 'R5'), fc.constant(null), fc.boolean());
const value = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('v'), { maxLength: 6 }),
    fc.dictionary(fc.constantFrom('id', 'count', 'cards', 'now', 'x', 'y'), tie('v'), { maxKeys: 4 }),
  ),
})).v;
/** A list and a copy of it with random splices: the shape of a hand or a pile between two views. */
const editedList = fc
  .tuple(fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 30 }), fc.array(fc.tuple(fc.nat(), fc.nat({ max: 3 }), fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 3 })), { maxLength: 6 }))
  .map(([list, edits]) => {
    const from = list.map(card);
    const to = from.slice();
    for (const [at, del, items] of edits) to.splice(at % (to.length + 1), del, ...items.map(card));
    return [from, to] as const;
  });

describe('diffView / applyViewPatch properties', () => {
  it('applying the diff of any two JSON values to the first gives the second', () => {
    fc.assert(
      fc.property(value, value, (a, b) => {
        expect(roundTrip(a, b).value).toEqual(JSON.parse(JSON.stringify(b) ?? 'null'));
      }),
      { numRuns: 2000 },
    );
  }, PROPERTY_TIMEOUT_MS);

  it('lists edited by splices round-trip, with a patch no longer than the whole list', () => {
    fc.assert(
      fc.property(editedList, ([from, to]) => {
        const { patch, value: got } = roundTrip({ cards: from }, { cards: to });
        expect(got).toEqual({ cards: to });
        expect(JSON.stringify(patch).length).toBeLessThanOrEqual(JSON.stringify({ r: { cards: to } }).length + 8);
      }),
      { numRuns: 2000 },
    );
  }, PROPERTY_TIMEOUT_MS);
});
