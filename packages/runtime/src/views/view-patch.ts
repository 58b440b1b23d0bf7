// View patches: a compact JSON diff between two views (any JSON values) and its pure application, so a seat can be sent what changed instead of its whole view.
//
// The format (docs/protocol.md, "View patches"), applied to the value it was computed against:
//   { r: value }                         replace the value
//   { s?: {k: v}, p?: {k: patch}, d?: [k] }   an object: set keys, patch nested values, delete keys
//   { x?: [[at, del, ...items]], p?: {i: patch} }  an array: splices in order, then nested
//                                        patches by index in the spliced array
//   {}                                   no change
// Whether `s`/`p`/`d` or `x`/`p` applies is decided by the target (object or array).

/** Replaces the value. */
export interface ReplacePatch {
  r: unknown;
}
/** Edits an object: `s` sets keys to values, `p` patches nested values, `d` deletes keys. */
export interface ObjectPatch {
  s?: Record<string, unknown>;
  p?: Record<string, ViewPatch>;
  d?: string[];
}
/** One array splice, as `Array.prototype.splice(at, del, ...items)`. */
export type Splice = [at: number, del: number, ...items: unknown[]];
/** Edits an array: splices `x` in order, then `p` patches elements by their index after the splices. */
export interface ArrayPatch {
  x?: Splice[];
  p?: Record<string, ViewPatch>;
}
/** A patch of a JSON value (see the file header for the format). `{}` changes nothing. */
export type ViewPatch = ReplacePatch | ObjectPatch | ArrayPatch;

/** Edit distance beyond which an array's changed middle is sent as one region (bounds the diff's work). */
const MAX_EDITS = 16;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The patch that turns `from` into `to`, both JSON values (views as `view()` returns them; a key
 * whose value is `undefined` counts as absent, as in JSON). Pure; the patch may share subtrees of
 * `to`, so encode it (or treat both as frozen) before either changes.
 *
 * @example
 * diffView({ now: 1, hand: [1, 2, 3] }, { now: 2, hand: [1, 3] }) // { s: { now: 2 }, p: { hand: { x: [[1, 1]] } } }
 */
export function diffView(from: unknown, to: unknown): ViewPatch {
  return diff(from, to) ?? {};
}

/** Whether two JSON values are equal (objects by their defined keys, in any order). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) {
      const x = a[i];
      const y = b[i];
      // Primitives inline: most of a view's values are, and a call per value costs more than the test.
      if (x !== y && (typeof x !== 'object' || x === null || !jsonEqual(x, y))) return false;
    }
    return true;
  }
  if (Array.isArray(b)) return false;
  const ao = a as Obj;
  const bo = b as Obj;
  let count = 0;
  for (const k in ao) {
    const v = ao[k];
    if (v === undefined) continue;
    count++;
    const w = bo[k];
    if (v !== w && (typeof v !== 'object' || v === null || !jsonEqual(v, w))) return false;
  }
  for (const k in bo) if (bo[k] !== undefined) count--;
  return count === 0;
}

/**
 * Approximate JSON length of the patch the last diff/diffObject/diffArray call returned: each
 * level adds its own to its children's, so no patch is walked again to weigh it.
 */
let patchSize = 0;

/** The patch that turns `a` into `b`, or undefined when they are equal (diffView's, for the runtime's own callers). */
export function diff(a: unknown, b: unknown): ViewPatch | undefined {
  if (a === b) return undefined;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) {
    patchSize = 6 + jsonSize(b);
    return { r: b };
  }
  const p = Array.isArray(a) ? diffArray(a, b as unknown[]) : diffObject(a as Obj, b as Obj);
  return p === undefined ? undefined : shorter(p, b);
}

/** diff of two arrays whose elements compare by `eq` (as diffArrayBy). */
export function diffListBy<T>(a: T[], b: T[], eq: (x: T, y: T) => boolean): ViewPatch | undefined {
  const p = diffArrayBy(a, b, eq);
  return p === undefined ? undefined : shorter(p, b);
}

/** The edit `p` of a value into `b`, or a whole-value replace when that is no longer (`{"r":…}` costs 6 characters). */
function shorter(p: ViewPatch, b: unknown): ViewPatch {
  if (!sizeAtMost(b, patchSize - 6)) return p;
  patchSize = 6 + jsonSize(b);
  return { r: b };
}

/** The object patch that turns object `a` into object `b` (never a whole replacement at this level), or undefined when they are equal. */
export function diffObject(a: Obj, b: Obj): ObjectPatch | undefined {
  let s: Obj | undefined;
  let p: Record<string, ViewPatch> | undefined;
  let d: string[] | undefined;
  let size = 2;
  for (const k in b) {
    const bv = b[k];
    if (bv === undefined) continue;
    const av = a[k];
    if (av === undefined || !Object.hasOwn(a, k)) {
      setKey((s ??= {}), k, bv);
      size += k.length + 4 + jsonSize(bv);
      continue;
    }
    const sub = diff(av, bv);
    if (sub === undefined) continue;
    if ('r' in sub) {
      setKey((s ??= {}), k, sub.r);
      size += k.length + patchSize - 2;
    } else {
      setKey((p ??= {}) as Obj, k, sub);
      size += k.length + 4 + patchSize;
    }
  }
  for (const k in a) {
    if (a[k] !== undefined && (b[k] === undefined || !Object.hasOwn(b, k))) {
      (d ??= []).push(k);
      size += k.length + 3;
    }
  }
  if (!s && !p && !d) return undefined;
  patchSize = size + (s ? 6 : 0) + (p ? 6 : 0) + (d ? 6 : 0);
  const out: ObjectPatch = {};
  if (s) out.s = s;
  if (p) out.p = p;
  if (d) out.d = d;
  return out;
}

/**
 * Common prefix and suffix are kept; the changed middle is aligned by a bounded Myers diff, so a
 * card gained or lost anywhere is one splice. Each unaligned region pairs its old and new elements
 * (nested patches: a zone whose cards changed) and splices the excess, or is one splice, whichever
 * is shorter.
 */
function diffArray(a: unknown[], b: unknown[]): ArrayPatch | undefined {
  return diffArrayBy(a, b, jsonEqual);
}

/**
 * diffArray with the caller's equality of elements (`eq` must agree with jsonEqual: a view's
 * cards compare by their few fields instead of a walk of their keys). The patch returned is
 * weighed as diffArray's are.
 */
export function diffArrayBy<T>(a: T[], b: T[], eq: (x: T, y: T) => boolean): ArrayPatch | undefined {
  const n = a.length;
  const m = b.length;
  let pre = 0;
  // Identity first: most elements of a view's arrays are shared between views or interned (backs).
  while (pre < n && pre < m && (a[pre] === b[pre] || eq(a[pre]!, b[pre]!))) pre++;
  let suf = 0;
  while (suf < n - pre && suf < m - pre && (a[n - 1 - suf] === b[m - 1 - suf] || eq(a[n - 1 - suf]!, b[m - 1 - suf]!))) suf++;
  if (pre === n && pre === m) return undefined;
  // A middle of the same length on both sides (zones, scores: elements changed in place) is paired
  // element by element; aligning it would compare big elements over and over.
  const regions = (n === m ? null : align(a, pre, n - suf, b, pre, m - suf, eq)) ?? [[pre, n - suf, pre, m - suf]];
  const x: Splice[] = [];
  const p: Record<string, ViewPatch> = {};
  let hasP = false;
  let size = 2;
  // Regions run left to right, so a region's position in the array being spliced is its new index.
  for (const [i0, i1, j0, j1] of regions) {
    const del = i1 - i0;
    const ins = j1 - j0;
    const pairs = Math.min(del, ins);
    if (pairs === 0) {
      x.push(splice(j0, del, b, j0, j1));
      size += spliceSize(j0, del, b, j0, j1, Number.MAX_SAFE_INTEGER) + 1;
      continue;
    }
    const nested: Record<string, ViewPatch> = {};
    let nestedSize = 0;
    let nestedAny = false;
    for (let k = 0; k < pairs; k++) {
      const sub = diff(a[i0 + k], b[j0 + k]);
      if (sub === undefined) continue;
      nested[j0 + k] = sub;
      nestedAny = true;
      nestedSize += patchSize + numberSize(j0 + k) + 4;
    }
    const rest = del === ins ? -1 : spliceSize(j0 + pairs, del - pairs, b, j0 + pairs, j1, Number.MAX_SAFE_INTEGER);
    const editSize = nestedSize + (rest >= 0 ? rest + 1 : 0);
    if (spliceSize(j0, del, b, j0, j1, editSize) < 0) {
      Object.assign(p, nested);
      hasP ||= nestedAny;
      if (rest >= 0) x.push(splice(j0 + pairs, del - pairs, b, j0 + pairs, j1));
      size += editSize;
    } else {
      x.push(splice(j0, del, b, j0, j1));
      size += spliceSize(j0, del, b, j0, j1, Number.MAX_SAFE_INTEGER) + 1;
    }
  }
  patchSize = size + (x.length > 0 ? 6 : 0) + (hasP ? 6 : 0);
  const out: ArrayPatch = {};
  if (x.length > 0) out.x = x;
  if (hasP) out.p = p;
  return out;
}

/** The splice [at, del, ...b[from..to)]. */
function splice(at: number, del: number, b: readonly unknown[], from: number, to: number): Splice {
  const out: Splice = [at, del];
  for (let i = from; i < to; i++) out.push(b[i]);
  return out;
}

/** The JSON length of splice(at, del, b, from, to) when it is at most `limit`, else a negative number (the splice is not built). */
function spliceSize(at: number, del: number, b: readonly unknown[], from: number, to: number, limit: number): number {
  let left = limit - 2 - numberSize(at) - 1 - numberSize(del);
  for (let i = from; i < to && left >= 0; i++) left = sizeLeft(b[i], left - 1);
  return left < 0 ? -1 : limit - left;
}

/**
 * Aligns a[i0..i1) with b[j0..j1) by Myers' O(ND) diff: the unmatched regions, each
 * [oldStart, oldEnd, newStart, newEnd], left to right; null when more than MAX_EDITS edits are needed.
 */
function align<T>(a: T[], i0: number, i1: number, b: T[], j0: number, j1: number, eq: (x: T, y: T) => boolean): [number, number, number, number][] | null {
  const n = i1 - i0;
  const m = j1 - j0;
  if (n === 0 || m === 0) return [[i0, i1, j0, j1]];
  const max = Math.min(n + m, MAX_EDITS);
  const off = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let found = -1;
  for (let d = 0; d <= max && found < 0; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[off + k - 1]! < v[off + k + 1]!) ? v[off + k + 1]! : v[off + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && eq(a[i0 + x]!, b[j0 + y]!)) {
        x++;
        y++;
      }
      v[off + k] = x;
      if (x >= n && y >= m) {
        found = d;
        break;
      }
    }
  }
  if (found < 0) return null;
  // Walk back through the trace collecting the diagonal runs (matches), then the gaps between them.
  const matches: [number, number, number][] = [];
  let x = n;
  let y = m;
  for (let d = found; d > 0; d--) {
    const vd = trace[d]!;
    const k = x - y;
    const prevK = k === -d || (k !== d && vd[off + k - 1]! < vd[off + k + 1]!) ? k + 1 : k - 1;
    const px = vd[off + prevK]!;
    const py = px - prevK;
    const sx = prevK === k + 1 ? px : px + 1;
    const sy = sx - k;
    if (x > sx) matches.push([sx, sy, x - sx]);
    x = px;
    y = py;
  }
  if (x > 0) matches.push([0, 0, x]);
  matches.reverse();
  const regions: [number, number, number, number][] = [];
  let ci = 0;
  let cj = 0;
  for (const [mx, my, len] of matches) {
    if (mx > ci || my > cj) regions.push([i0 + ci, i0 + mx, j0 + cj, j0 + my]);
    ci = mx + len;
    cj = my + len;
  }
  if (ci < n || cj < m) regions.push([i0 + ci, i1, j0 + cj, j1]);
  return regions;
}

/** Approximate length of a value's JSON text (for choosing between encodings; escapes ignored). */
function jsonSize(v: unknown): number {
  return Number.MAX_SAFE_INTEGER - sizeLeft(v, Number.MAX_SAFE_INTEGER);
}

/** Whether `v`'s JSON is at most `limit` characters long; stops walking as soon as it is not. */
function sizeAtMost(v: unknown, limit: number): boolean {
  return limit >= 0 && sizeLeft(v, limit) >= 0;
}

/** `budget` minus the JSON size of `v`, or a negative number once the budget is spent. */
function sizeLeft(v: unknown, budget: number): number {
  switch (typeof v) {
    case 'number':
      return budget - numberSize(v);
    case 'string':
      return budget - v.length - 2;
    case 'boolean':
      return budget - (v ? 4 : 5);
    case 'object':
      break;
    default:
      return budget;
  }
  if (v === null) return budget - 4;
  budget -= 2;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length && budget >= 0; i++) budget = sizeLeft(v[i], budget - (i > 0 ? 1 : 0));
    return budget;
  }
  let first = true;
  for (const k in v as Obj) {
    const x = (v as Obj)[k];
    if (x === undefined) continue;
    budget = sizeLeft(x, budget - k.length - 3 - (first ? 0 : 1));
    first = false;
    if (budget < 0) return budget;
  }
  return budget;
}

function numberSize(n: number): number {
  if (Number.isInteger(n) && n >= 0 && n < 1e9) return n < 10 ? 1 : n < 100 ? 2 : n < 1000 ? 3 : n < 1e4 ? 4 : n < 1e5 ? 5 : n < 1e6 ? 6 : n < 1e7 ? 7 : n < 1e8 ? 8 : 9;
  return String(n).length;
}

/** Why a patch could not be applied: it was computed against another value. */
export interface PatchMismatch {
  error: string;
}

class Mismatch extends Error {}

/**
 * Applies a patch to the value it was computed against, without changing either: the result
 * shares every untouched subtree with `base`. A patch that does not fit `base` (wrong shape,
 * index out of range, a key to patch missing) comes back as `{ error }`, and the caller
 * asks for the whole value again.
 *
 * @example
 * applyViewPatch({ now: 1, hand: [1, 2, 3] }, { s: { now: 2 }, p: { hand: { x: [[1, 1]] } } }) // { value: { now: 2, hand: [1, 3] } }
 */
export function applyViewPatch(base: unknown, patch: ViewPatch): { value: unknown } | PatchMismatch {
  try {
    return { value: applyTo(base, patch, '') };
  } catch (e) {
    if (e instanceof Mismatch) return { error: e.message };
    throw e;
  }
}

function applyTo(v: unknown, patch: ViewPatch, at: string): unknown {
  if (!isObj(patch)) throw new Mismatch(`${at || '/'}: a patch must be an object`);
  if ('r' in patch) return patch.r;
  if (Array.isArray(v)) return applyArray(v, patch as ArrayPatch, at);
  if (isObj(v)) return applyObject(v, patch as ObjectPatch, at);
  for (const _ in patch) throw new Mismatch(`${at || '/'}: an edit of a value that is neither an object nor an array`);
  return v;
}

function applyArray(v: unknown[], patch: ArrayPatch, at: string): unknown[] {
  const out = v.slice();
  for (const k in patch) if (k !== 'x' && k !== 'p') throw new Mismatch(`${at || '/'}: "${k}" is not an array edit`);
  if (patch.x !== undefined) {
    if (!Array.isArray(patch.x)) throw new Mismatch(`${at}/: splices must be a list`);
    for (const s of patch.x) {
      const [start, del] = Array.isArray(s) ? s : [];
      if (!Number.isInteger(start) || !Number.isInteger(del) || start! < 0 || del! < 0 || start! + del! > out.length) {
        throw new Mismatch(`${at || '/'}: splice ${JSON.stringify(s)?.slice(0, 40)} outside an array of ${out.length}`);
      }
      out.splice(start!, del!, ...s.slice(2));
    }
  }
  if (patch.p !== undefined) {
    for (const k in patch.p) {
      const i = Number(k);
      if (!Number.isInteger(i) || i < 0 || i >= out.length) throw new Mismatch(`${at}/${k}: no such element`);
      out[i] = applyTo(out[i], patch.p[k]!, `${at}/${k}`);
    }
  }
  return out;
}

function applyObject(v: Obj, patch: ObjectPatch, at: string): Obj {
  const out: Obj = { ...v };
  for (const k in patch) if (k !== 's' && k !== 'p' && k !== 'd') throw new Mismatch(`${at || '/'}: "${k}" is not an object edit`);
  if (patch.d !== undefined) {
    if (!Array.isArray(patch.d)) throw new Mismatch(`${at}/: deletions must be a list`);
    for (const k of patch.d) delete out[k];
  }
  if (patch.s !== undefined) for (const k in patch.s) setKey(out, k, patch.s[k]);
  if (patch.p !== undefined) {
    for (const k in patch.p) {
      if (!Object.hasOwn(out, k)) throw new Mismatch(`${at}/${k}: no such key`);
      setKey(out, k, applyTo(out[k], patch.p[k]!, `${at}/${k}`));
    }
  }
  return out;
}

/** Sets an own key, `__proto__` included (a plain assignment would change the prototype). */
function setKey(o: Obj, k: string, value: unknown): void {
  if (k === '__proto__') Object.defineProperty(o, k, { value, enumerable: true, writable: true, configurable: true });
  else o[k] = value;
}
