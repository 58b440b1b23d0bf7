// Test helper: a legal-action entry as a client sends it. A counted choice (`choose`: Cribbage's
// two cards to the crib) is listed once with its candidates; the client sends the chosen ids in
// `args[param]`, never the entry itself (the server refuses that as input/invalid).
interface Choose { param: string; from: number[]; min: number; max: number }

/** `entry` with a counted choice filled by `min` distinct candidates picked with `random(n)` (0 ≤ r < n); other entries unchanged. */
export function asSent<T>(entry: T, random: (n: number) => number): T {
  const { choose, ...action } = entry as T & { choose?: Choose; args?: Record<string, unknown> };
  if (!choose) return entry;
  const pool = [...choose.from];
  const picked = Array.from({ length: choose.min }, () => pool.splice(random(pool.length), 1)[0]!);
  return { ...action, args: { ...action.args, [choose.param]: picked } } as T;
}
